// The documented surface (platform/surface): `--surface documented` answers as the real cloud is read from
// the spec and the field notes, and records every request that touches something they do not document.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCliArgs } from '../../../platform/cli.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { entities, routes } from '../../../platform/surface/documented.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'
import { newDraftInvoice, pngBytes, upload } from './files-helpers.ts'

const nordlys: string = DEMO_COMPANIES.nordlys.key
const recordFile = join(mkdtempSync(join(tmpdir(), 'ledgerdesk-surface-')), 'undocumented.jsonl')

let p: TestPlatform
let anne: string
const call = (method: string, path: string, body?: unknown) =>
  api(p.urls.base, method, path, { token: anne, companyKey: nordlys, body })
const recorded = () => p.platform.undocumented!.uses

beforeAll(async () => {
  p = await startTestPlatform({ platformOptions: { surface: 'documented', recordUndocumented: recordFile } })
  anne = await p.token(DEMO_USERS.anne.email)
})
afterAll(() => p?.close())

describe('the declaration', () => {
  it('names a source for every route and model, and only models it declares', () => {
    for (const r of routes)
      expect(r.source, `${r.method} ${r.path}`).toMatch(/platform-api\.md|field-notes\.md/)
    for (const [name, e] of Object.entries(entities)) {
      expect(e.source, name).toMatch(/platform-api\.md|field-notes\.md/)
      for (const target of Object.values(e.relations ?? {}))
        expect(entities[target], `${name} -> ${target}`).toBeDefined()
    }
  })

  it('is chosen on the command line, and a record file needs the documented surface', () => {
    expect(parseCliArgs(['--surface', 'documented', '--record-undocumented', 'x.jsonl'])).toMatchObject({
      surface: 'documented',
      recordUndocumented: 'x.jsonl',
    })
    expect(() => parseCliArgs(['--surface', 'cloud'])).toThrow(/full or documented/)
    expect(() => parseCliArgs(['--record-undocumented', 'x.jsonl'])).toThrow(/needs --surface documented/)
  })
})

describe('answers as documented', () => {
  it('the file server answers the new file as Id, not ID', async () => {
    const inv = await newDraftInvoice(p, anne, nordlys)
    const r = await upload(
      p,
      { key: nordlys, entityType: 'SupplierInvoice', entityId: inv.ID, fileName: 'a.png', bytes: pngBytes() },
      { token: anne },
    )
    expect(r.status).toBeLessThan(300)
    expect(typeof r.body.Id).toBe('number')
    expect(r.body).not.toHaveProperty('ID')
  })

  it('the session carries only documented permission strings and License parts', async () => {
    const r = await call('GET', 'api/biz/users?action=current-session')
    expect(r.status).toBe(200)
    expect(r.body.Permissions.every((s: string) => s === 'ui_accounting_bills')).toBe(true)
    expect(Object.keys(r.body.License).sort()).toEqual(['Company', 'ContractType', 'UserType'])
  })

  it('an undocumented route answers 404 and is recorded with the request', async () => {
    const r = await call('GET', 'api/biz/comments/SupplierInvoice/1')
    expect(r.status).toBe(404)
    expect(recorded()).toContainEqual(
      expect.objectContaining({
        kind: 'route',
        method: 'GET',
        route: 'api/biz/comments/supplierinvoice/{id}',
        effect: 'refused',
      }),
    )
    expect(readFileSync(recordFile, 'utf8')).toContain('api/biz/comments/SupplierInvoice/1')
  })

  it('an undocumented action answers 404; a documented one and a listed transition answer', async () => {
    expect((await call('GET', 'api/biz/files/1?action=thumbnail')).status).toBe(404)
    expect(recorded()).toContainEqual(expect.objectContaining({ kind: 'action', name: 'thumbnail' }))
    const inv = await newDraftInvoice(p, anne, nordlys)
    expect((await call('GET', `api/biz/supplierinvoices/${inv.ID}`)).status).toBe(200)
  })

  it('a filter on an undocumented field is ignored: the rows come back unfiltered', async () => {
    const all = await call('GET', 'api/biz/contacts?select=ID&top=50')
    const filtered = await call(
      'GET',
      'api/biz/contacts?select=ID&top=50&filter=ParentBusinessRelationID eq 999999',
    )
    expect(filtered.status).toBe(200)
    expect(all.body.length).toBeGreaterThan(0)
    expect(filtered.body.map((c: { ID: number }) => c.ID)).toEqual(all.body.map((c: { ID: number }) => c.ID))
    expect(recorded()).toContainEqual(
      expect.objectContaining({
        kind: 'filter',
        entity: 'Contact',
        name: 'ParentBusinessRelationID',
        effect: 'ignored',
      }),
    )
  })

  it('a filter on documented fields filters', async () => {
    const one = (await call('GET', 'api/biz/contacts?select=ID&top=1')).body[0]
    const r = await call('GET', `api/biz/contacts?select=ID&filter=ID eq ${one.ID}`)
    expect(r.body).toEqual([expect.objectContaining({ ID: one.ID })])
  })

  it('an `in (...)` filter is not documented and is ignored', async () => {
    const all = await call('GET', 'api/biz/accounts?select=ID&top=1000')
    const r = await call('GET', 'api/biz/accounts?select=ID&top=1000&filter=AccountNumber in (1920)')
    expect(r.body.length).toBe(all.body.length)
    expect(recorded()).toContainEqual(expect.objectContaining({ kind: 'filter', name: 'in (...)' }))
  })

  it('an undocumented body field on a fully documented model is recorded, not refused', async () => {
    const r = await call('POST', 'api/biz/contacts', {
      Info: { Name: 'Surface AS', Nickname: 'x' },
      Comment: 'c',
    })
    expect(r.status).toBeLessThan(300)
    expect(recorded()).toContainEqual(
      expect.objectContaining({ kind: 'body', entity: 'BusinessRelation', name: 'Info.Nickname' }),
    )
  })
})

describe('the statistics route', () => {
  it('answers a documented model and refuses one the documents do not name, as a query error with Success false', async () => {
    const ok = await call('GET', 'api/statistics?model=Account&select=ID as ID&top=1')
    expect(ok.body).toMatchObject({ Success: true })
    const refused = await call('GET', 'api/statistics?model=FileEntityLink&select=ID as ID&top=1')
    expect(refused.status).toBe(200)
    expect(refused.body).toMatchObject({ Success: false, Data: [] })
    expect(recorded()).toContainEqual(
      expect.objectContaining({ kind: 'statistics-model', name: 'FileEntityLink' }),
    )
  })
})

describe('the front-end header', () => {
  it('is never sent by the app: no source of main, the renderer or common names it', async () => {
    const { readdirSync, readFileSync: read, statSync } = await import('node:fs')
    const { FRONT_END_HEADER } = await import('../../../platform/surface/enforce.ts')
    const root = join(import.meta.dirname, '../../..')
    const offenders: string[] = []
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name)
        if (statSync(path).isDirectory()) walk(path)
        else if (
          /\.(ts|vue|mjs)$/.test(name) &&
          !/\.test\.ts$/.test(name) &&
          read(path, 'utf8').includes(FRONT_END_HEADER)
        )
          offenders.push(path)
      }
    }
    for (const dir of ['electron', 'renderer/src', 'common']) walk(join(root, dir))
    expect(offenders).toEqual([])
  })
})
