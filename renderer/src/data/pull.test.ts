// The pull's own rules beyond paging: an entity the platform does not offer is marked so and does not fail
// the others, a changed declaration pulls its entity again from the start, comments written offline give
// way to the platform's, and a version 9 database opens with its data and its suppliers pulled again.
import { afterEach, describe, expect, it } from 'vitest'
import Dexie from 'dexie'
import { BridgeError } from '@common/bridge/contract'
import type { PlatformRow, PullCheckpoint } from '@common/bridge/sync'
import { declarationFingerprint } from '@common/entities/declarations'
import { markChecked } from './parties.ts'
import { pullEntity, reconcileEntity, unavailableEntity } from './pull.ts'
import {
  defineVersions,
  openWorkspace,
  workspaceName,
  workspaceVersion,
  type CachedEntity,
  type WorkspaceDb,
} from './schema.ts'
import type { SyncTransport } from './sync-transport.ts'

let db: WorkspaceDb
afterEach(async () => {
  await db?.delete()
})

const options = { top: 100, userId: 7, journaledDays: 90 }

/** A platform whose lists answer `rows` per entity, or refuse an entity with `refuse`. */
function platform(
  rows: Partial<Record<CachedEntity, PlatformRow[]>>,
  refuse: Partial<Record<CachedEntity, Error>> = {},
) {
  const asked: { entity: CachedEntity; from: PullCheckpoint }[] = []
  const transport: SyncTransport = {
    probe: async () => ({ state: 'online', checkedAt: '', message: null }),
    async pull(_companyKey, entity, from) {
      asked.push({ entity, from })
      if (refuse[entity]) throw refuse[entity]
      const page = (rows[entity] ?? []).filter(
        (r) => from.updatedAt === null || String(r.UpdatedAt) > from.updatedAt,
      )
      const last = page.at(-1)
      return {
        rows: page,
        checkpoint: last ? { updatedAt: String(last.UpdatedAt), id: Number(last.ID) } : from,
        more: false,
      }
    },
    async ids(_companyKey, entity) {
      if (refuse[entity]) throw refuse[entity]
      return (rows[entity] ?? []).map((r) => Number(r.ID))
    },
    row: async () => null,
    execute: async () => ({ status: 'done', row: null, merged: [] }),
    download: async () => {
      throw new Error('no files')
    },
    ocr: async () => null,
  }
  return { transport, asked }
}

const notFound = () =>
  new BridgeError('API_NOT_FOUND', 'No route comments with a filter', {
    status: 404,
    fields: [],
    reference: null,
  })

describe('an entity the platform does not offer', () => {
  it('is marked unavailable with the reason, and the pull of the others goes on', async () => {
    db = openWorkspace('pull', crypto.randomUUID())
    const { transport } = platform(
      { Supplier: [{ ID: 1, UpdatedAt: '2026-11-01T10:00:00Z', Info: { Name: 'Fjord AS' } }] },
      { Comment: notFound() },
    )
    expect(await pullEntity(db, transport, 'nordlys', 'Comment', options)).toBe(0)
    expect(await reconcileEntity(db, transport, 'nordlys', 'Comment', options)).toEqual([])
    expect(await pullEntity(db, transport, 'nordlys', 'Supplier', options)).toBe(1)
    expect(await unavailableEntity(db, 'nordlys', 'Comment')).toMatchObject({
      code: 'API_NOT_FOUND',
      message: 'No route comments with a filter',
      route: 'api/biz/comments',
    })
    expect(await unavailableEntity(db, 'nordlys', 'Supplier')).toBeNull()
    expect(await unavailableEntity(db, 'aurora', 'Comment')).toBeNull()
  })

  it('is available again once the platform answers', async () => {
    db = openWorkspace('pull', crypto.randomUUID())
    const refusing = platform({}, { Comment: notFound() })
    await pullEntity(db, refusing.transport, 'nordlys', 'Comment', options)
    const answering = platform({
      Comment: [{ ID: 4, UpdatedAt: '2026-11-01T10:00:00Z', Text: 'Ring først' }],
    })
    expect(await pullEntity(db, answering.transport, 'nordlys', 'Comment', options)).toBe(1)
    expect(await unavailableEntity(db, 'nordlys', 'Comment')).toBeNull()
  })

  it('still fails the pull when the platform cannot be reached or fails on its side', async () => {
    db = openWorkspace('pull', crypto.randomUUID())
    for (const error of [
      new BridgeError('API_NETWORK', 'fetch failed'),
      new BridgeError('API_SERVER_ERROR', 'boom', { status: 500, fields: [], reference: null }),
    ]) {
      const { transport } = platform({}, { Comment: error })
      await expect(pullEntity(db, transport, 'nordlys', 'Comment', options)).rejects.toBe(error)
    }
    expect(await unavailableEntity(db, 'nordlys', 'Comment')).toBeNull()
  })
})

describe('a changed declaration', () => {
  it('pulls its entity again from the start; an unchanged one goes on from its checkpoint', async () => {
    db = openWorkspace('pull', crypto.randomUUID())
    const at = '2026-11-01T10:00:00Z'
    await db.checkpoints.bulkPut([
      {
        companyKey: 'nordlys',
        entity: 'Supplier',
        updatedAt: at,
        id: 5,
        lastPulledAt: at,
        lastReconciledAt: null,
        fingerprint: '["suppliers","Info",null,null]',
      },
      {
        companyKey: 'nordlys',
        entity: 'Customer',
        updatedAt: at,
        id: 9,
        lastPulledAt: at,
        lastReconciledAt: null,
        fingerprint: declarationFingerprint('Customer'),
      },
    ])
    const { transport, asked } = platform({})
    await pullEntity(db, transport, 'nordlys', 'Supplier', options)
    await pullEntity(db, transport, 'nordlys', 'Customer', options)
    expect(asked).toEqual([
      { entity: 'Supplier', from: { updatedAt: null, id: 0 } },
      { entity: 'Customer', from: { updatedAt: at, id: 9 } },
    ])
    expect((await db.checkpoints.get(['nordlys', 'Supplier']))?.fingerprint).toBe(
      declarationFingerprint('Supplier'),
    )
  })

  it('fingerprints what is asked: route, expansions and the form of the scope', () => {
    expect(declarationFingerprint('Supplier')).toContain('Info.DefaultEmail')
    expect(declarationFingerprint('Comment')).toContain("EntityType eq 'Supplier'")
    expect(declarationFingerprint('Supplier')).not.toBe(declarationFingerprint('Customer'))
  })
})

describe('a check written offline', () => {
  it('gives way to the platform’s comment once its action has been sent, not before', async () => {
    db = openWorkspace('pull', crypto.randomUUID())
    await db.Supplier.put({ companyKey: 'nordlys', ID: 2, StatusCode: 30001, UpdatedAt: null })
    await markChecked(db, 'nordlys', 2, 'Kontrollert etter skanning')
    const comment = (ID: number, UpdatedAt: string) => ({
      ID,
      UpdatedAt,
      Text: 'Kontrollert etter skanning',
      EntityType: 'Supplier',
      EntityID: 2,
    })
    const first = platform({ Comment: [comment(30, '2026-11-01T10:00:00Z')] })
    await pullEntity(db, first.transport, 'nordlys', 'Comment', options)
    expect((await db.Comment.toArray()).map((c) => c.ID).sort((a, b) => a - b)).toEqual([-1, 30])
    await db.outbox.clear()
    const second = platform({ Comment: [comment(31, '2026-11-01T11:00:00Z')] })
    await pullEntity(db, second.transport, 'nordlys', 'Comment', options)
    expect((await db.Comment.toArray()).map((c) => c.ID)).toEqual([30, 31])
  })
})

describe('the upgrade to version 10', () => {
  it('keeps the data of a version 9 database, adds the register’s tables and pulls suppliers again', async () => {
    const user = crypto.randomUUID()
    const old = new Dexie(workspaceName('upgrade', user))
    defineVersions(old, 9)
    const at = '2026-11-01T10:00:00Z'
    await old.table('Supplier').bulkPut([
      { companyKey: 'a', ID: 1, UpdatedAt: at, OrgNumber: 'NO 995 525 828 MVA', Info: { Name: 'Fjord AS' } },
      { companyKey: 'a', ID: 2, UpdatedAt: at, OrgNumber: '995525828', Info: { Name: 'Fjord AS avd. Nord' } },
    ])
    await old.table('checkpoints').bulkPut([
      { companyKey: 'a', entity: 'Supplier', updatedAt: at, id: 1, lastPulledAt: at, lastReconciledAt: null },
      {
        companyKey: 'a',
        entity: 'SupplierInvoice',
        updatedAt: at,
        id: 8,
        lastPulledAt: at,
        lastReconciledAt: null,
      },
    ])
    expect(old.tables.map((t) => t.name)).not.toContain('Customer')
    old.close()

    db = openWorkspace('upgrade', user)
    await db.open()
    expect(db.verno).toBe(workspaceVersion)
    expect(workspaceVersion).toBeGreaterThanOrEqual(10)
    expect((await db.Supplier.get(['a', 1]))?.Info?.Name).toBe('Fjord AS')
    // The suppliers already cached are found by their organisation number's nine digits, however written.
    expect(
      (await db.Supplier.where('[companyKey+_orgNumber]').equals(['a', '995525828']).primaryKeys()).length,
    ).toBe(2)
    expect(await db.checkpoints.get(['a', 'Supplier'])).toMatchObject({ updatedAt: null, id: 0 })
    expect(await db.checkpoints.get(['a', 'SupplierInvoice'])).toMatchObject({ updatedAt: at, id: 8 })
    for (const table of ['Customer', 'Contact', 'Comment', 'CustomerInvoice'])
      expect(db.tables.map((t) => t.name)).toContain(table)
    await db.Comment.put({ companyKey: 'a', ID: 1, Text: 'x', EntityType: 'Supplier', EntityID: 1 })
    expect(
      await db.Comment.where('[companyKey+EntityType+EntityID]').equals(['a', 'Supplier', 1]).count(),
    ).toBe(1)
  })
})
