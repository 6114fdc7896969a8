// The read side of the access declarations on the fixture's AuditNote (read by auditors only, Token
// write-only): every list path into it answers the same 403 for a reader without the role, and no path
// returns the write-only field to anyone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PlatformError } from '../errors.ts'
import { getEntityById, listEntities, runStatistics } from './index.ts'
import { createFixture, SECRET_MARK, type Fixture } from './testing/fixture.ts'
import type { ListOptions, ReadContext } from './types.ts'

let fx: Fixture
const viewer = { globalIdentity: '00000000-0000-4000-8000-0000000000aa', userId: 1 }
const member = (): ReadContext => ({ ...fx.ctx, viewer: { ...viewer, roles: new Set<string>() } })
const auditor = (): ReadContext => ({ ...fx.ctx, viewer: { ...viewer, roles: new Set(['auditor']) } })

beforeAll(async () => {
  fx = await createFixture()
})
afterAll(async () => {
  await fx?.store.close()
})

async function outcome(run: () => Promise<unknown>): Promise<{ code: string; text: string }> {
  try {
    return { code: 'rows', text: JSON.stringify(await run()) }
  } catch (err) {
    if (!(err instanceof PlatformError)) throw err
    return { code: err.code, text: err.message }
  }
}

const invoicePaths: [string, ListOptions][] = [
  ['expand', { expand: 'AuditNotes' }],
  ['expand at depth 2', { expand: 'Lines,AuditNotes.Invoice' }],
  ['select through the relation', { select: 'ID,AuditNotes.Note' }],
  ['filter through the relation', { filter: "AuditNotes.Note eq 'Checked'" }],
  ['orderby through the relation', { orderby: 'AuditNotes.Note' }],
]

describe('a model the reader may not read', () => {
  it('answers 403 naming the model on every list path, and serves an auditor', async () => {
    const invoice = fx.registry.require('Invoice')
    const note = fx.registry.require('AuditNote')
    const paths: [string, (ctx: ReadContext) => Promise<unknown>][] = [
      ['list', (ctx) => listEntities(ctx, note, {})],
      ['get', (ctx) => getEntityById(ctx, note, 1)],
      ...invoicePaths.map(([name, opts]): [string, (ctx: ReadContext) => Promise<unknown>] => [
        name,
        (ctx) => listEntities(ctx, invoice, opts),
      ]),
      ['statistics model', (ctx) => runStatistics(ctx, { model: 'AuditNote', select: 'ID' })],
      [
        'statistics expand',
        (ctx) => runStatistics(ctx, { model: 'Invoice', expand: 'AuditNotes', select: 'ID,AuditNotes.ID' }),
      ],
    ]
    for (const [name, run] of paths) {
      const refused = await outcome(() => run(member()))
      expect(refused.code, name).toBe('FORBIDDEN')
      expect(refused.text, name).toMatch(/^Reading AuditNote\b.*needs the Auditor role/)
      const served = await outcome(() => run(auditor()))
      expect(served.code, `${name}: ${served.text}`).toBe('rows')
      expect(served.text, name).not.toContain(SECRET_MARK)
    }
  })

  it('never returns the write-only field, and refuses naming it', async () => {
    const note = fx.registry.require('AuditNote')
    const all = await listEntities(auditor(), note, {})
    expect(all.rows).toHaveLength(1)
    expect(all.rows[0]).not.toHaveProperty('Token')
    expect(JSON.stringify(await runStatistics(auditor(), { model: 'AuditNote' }))).not.toContain(SECRET_MARK)
    // The platform's own reads (no viewer) leave it out too: change events and webhooks carry this shape.
    expect(JSON.stringify(await getEntityById(fx.ctx, note, 1))).not.toContain(SECRET_MARK)
    for (const opts of [{ select: 'Token' }, { filter: "Token eq 'x'" }, { orderby: 'Token' }]) {
      const r = await outcome(() => listEntities(auditor(), note, opts))
      expect(r.code, JSON.stringify(opts)).toBe('FORBIDDEN')
      expect(r.text).toContain('AuditNote.Token is write-only')
    }
  })
})
