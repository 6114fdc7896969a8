// The sync engine's scheduling and upkeep against an in-memory platform of several companies: documents
// above the cache's cap leave least recently used first, rows deleted on the platform leave the cache after
// a reconnect, the connection is probed with exponential backoff and jitter while it is down, and the
// background rounds take every company in turn, however large one of them is.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PlatformRow, PullCheckpoint, SyncEntity } from '@common/bridge/sync'
import { cacheFile, evict, prefetchFiles } from './files.ts'
import { updateRow } from './outbox.ts'
import { openWorkspace, type CompanyRecord, type WorkspaceDb } from './schema.ts'
import { createSyncEngine, type SyncEngine } from './sync-engine.ts'
import type { SyncTransport } from './sync-transport.ts'
import { companyRecord } from './testing.ts'

let db: WorkspaceDb
let engine: SyncEngine | undefined
afterEach(async () => {
  vi.restoreAllMocks()
  await engine?.stop()
  engine = undefined
  await db?.delete()
})

const when = '2026-11-01T10:00:00.000Z'

/** A platform of several companies: rows per company and entity, pages after the (UpdatedAt, ID) checkpoint. */
function platform(rows: Record<string, Partial<Record<SyncEntity, PlatformRow[]>>>) {
  const pulls: { companyKey: string; entity: SyncEntity }[] = []
  const downloads: number[] = []
  let reachable = true
  const fileSizes = new Map<number, number>()
  const after = (row: PlatformRow, from: PullCheckpoint) => {
    const t = String(row.UpdatedAt)
    if (from.updatedAt === null) return Number(row.ID) > from.id
    return t > from.updatedAt || (t === from.updatedAt && Number(row.ID) > from.id)
  }
  const offline = () => Object.assign(new Error('The platform cannot be reached'), { code: 'API_NETWORK' })
  const transport: SyncTransport = {
    async probe() {
      if (!reachable) throw offline()
      return { state: 'online', checkedAt: new Date().toISOString(), message: null }
    },
    async pull(companyKey, entity, from, options) {
      if (!reachable) throw offline()
      pulls.push({ companyKey, entity })
      const page = (rows[companyKey]?.[entity] ?? [])
        .filter((r) => after(r, from))
        .sort((a, b) => String(a.UpdatedAt).localeCompare(String(b.UpdatedAt)) || Number(a.ID) - Number(b.ID))
        .slice(0, options.top)
      const last = page.at(-1)
      return {
        rows: page,
        checkpoint: last ? { updatedAt: String(last.UpdatedAt), id: Number(last.ID) } : from,
        more: page.length === options.top,
      }
    },
    async ids(companyKey, entity) {
      if (!reachable) throw offline()
      return (rows[companyKey]?.[entity] ?? []).map((r) => Number(r.ID))
    },
    row: async () => null,
    execute: async () => ({ status: 'done', row: null, merged: [] }),
    async download(_companyKey, fileId) {
      downloads.push(fileId)
      const size = fileSizes.get(fileId) ?? 10
      return {
        fileId,
        name: `file-${fileId}.pdf`,
        contentType: 'application/pdf',
        base64: btoa('x'.repeat(size)),
      }
    },
    ocr: async (_companyKey, fileId) => ({ fileId }),
  }
  return {
    rows,
    pulls,
    downloads,
    fileSizes,
    transport,
    setReachable: (value: boolean) => (reachable = value),
  }
}

const company = (Key: string, offline = true) => companyRecord(Key, Key, null, offline)

const invoice = (ID: number, StatusCode = 30101) => ({ ID, UpdatedAt: when, StatusCode })
const link = (ID: number, invoiceId: number, fileId: number) => ({
  ID,
  UpdatedAt: when,
  EntityType: 'SupplierInvoice',
  EntityID: invoiceId,
  FileID: fileId,
  ContentLength: 100,
})

describe('the file cache above its cap', () => {
  it('evicts the least recently used documents of any company first, with their OCR results', async () => {
    db = openWorkspace('unit', crypto.randomUUID())
    const p = platform({})
    for (const id of [1, 2, 3, 4]) p.fileSizes.set(id, 100)
    // Used in the order 1, 2, 3 (a: 1 and 2; b: 3); then 1 is opened again.
    const clock = vi.spyOn(Date.prototype, 'toISOString')
    clock.mockReturnValueOnce('2026-11-01T10:00:01.000Z')
    await cacheFile(db, p.transport, 'a', 1)
    clock.mockReturnValueOnce('2026-11-01T10:00:02.000Z')
    await cacheFile(db, p.transport, 'a', 2)
    clock.mockReturnValueOnce('2026-11-01T10:00:03.000Z')
    await cacheFile(db, p.transport, 'b', 3)
    clock.mockReturnValueOnce('2026-11-01T10:00:04.000Z')
    await cacheFile(db, p.transport, 'a', 1)
    clock.mockRestore()
    expect(p.downloads).toEqual([1, 2, 3]) // the second open of 1 came from the cache

    expect(await evict(db, 300)).toBe(0)
    expect(await evict(db, 150)).toBe(2)
    expect(await db.files.toCollection().primaryKeys()).toEqual([['a', 1]])
    expect(await db.ocr.toCollection().primaryKeys()).toEqual([['a', 1]])
  })

  it('prefetches the queues newest invoice first and stops before a document that would not fit', async () => {
    db = openWorkspace('unit', crypto.randomUUID())
    const p = platform({})
    for (const id of [11, 12, 13]) p.fileSizes.set(id, 100)
    await db.SupplierInvoice.bulkPut([
      { companyKey: 'a', ...invoice(1) },
      { companyKey: 'a', ...invoice(2, 30102) },
      { companyKey: 'a', ...invoice(3) },
      { companyKey: 'a', ...invoice(4, 30104) }, // journaled: not prefetched
    ])
    await db.FileAttachment.bulkPut([
      { companyKey: 'a', ...link(1, 1, 11) },
      { companyKey: 'a', ...link(2, 2, 12) },
      { companyKey: 'a', ...link(3, 3, 13) },
      { companyKey: 'a', ...link(4, 4, 14) },
    ])
    await prefetchFiles(db, p.transport, 'a', 250)
    // Invoice 3 first, then 2; the document of 1 would go over the cap and is left for when it is opened.
    expect(p.downloads).toEqual([13, 12])
    expect((await db.files.toArray()).map((f) => f.fileId).sort()).toEqual([12, 13])
    expect((await db.ocr.toArray()).map((o) => o.fileId).sort()).toEqual([12, 13])
  })
})

describe('documents fetched ahead', () => {
  it('travel a few at a time, newest invoice first, each with its OCR answer', async () => {
    db = openWorkspace('unit', crypto.randomUUID())
    const p = platform({})
    const ids = [1, 2, 3, 4, 5, 6, 7]
    await db.SupplierInvoice.bulkPut(ids.map((id) => ({ companyKey: 'a', ...invoice(id) })))
    await db.FileAttachment.bulkPut(ids.map((id) => ({ companyKey: 'a', ...link(id, id, 10 + id) })))
    // Each download waits until the test lets it go: how many travel at once shows.
    let travelling = 0
    let most = 0
    const waiting: (() => void)[] = []
    const download = p.transport.download.bind(p.transport)
    p.transport.download = async (companyKey, fileId) => {
      travelling++
      most = Math.max(most, travelling)
      await new Promise<void>((resolve) => waiting.push(resolve))
      travelling--
      return download(companyKey, fileId)
    }
    const done = prefetchFiles(db, p.transport, 'a', 10_000)
    for (let released = 0; released < ids.length; released++) {
      await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(0))
      waiting.shift()!()
    }
    await done
    expect(most).toBe(3)
    expect(p.downloads).toEqual([17, 16, 15, 14, 13, 12, 11])
    expect((await db.ocr.toArray()).map((o) => o.fileId).sort()).toEqual([11, 12, 13, 14, 15, 16, 17])
  })
})

describe('a document two queued invoices link', () => {
  it('is fetched ahead once', async () => {
    db = openWorkspace('unit', crypto.randomUUID())
    const p = platform({})
    await db.SupplierInvoice.bulkPut([5, 6, 7].map((id) => ({ companyKey: 'a', ...invoice(id) })))
    // Invoices 7 and 6 share file 17 (two invoices split from one scan); invoice 5 has its own.
    await db.FileAttachment.bulkPut(
      [link(1, 7, 17), link(2, 6, 17), link(3, 5, 15)].map((row) => ({ companyKey: 'a', ...row })),
    )
    await prefetchFiles(db, p.transport, 'a', 10_000)
    expect(p.downloads).toEqual([17, 15])
    expect((await db.files.toArray()).map((f) => f.fileId).sort()).toEqual([15, 17])
  })
})

describe('deletions learned by the engine', () => {
  it('drops rows deleted on the platform after a reconnect, and keeps every other company’s', async () => {
    db = openWorkspace('unit', crypto.randomUUID())
    await db.companies.bulkPut([company('a'), company('b')])
    const p = platform({
      a: { SupplierInvoice: [invoice(1), invoice(2), invoice(3)] },
      b: { SupplierInvoice: [invoice(1), invoice(2)] },
    })
    engine = createSyncEngine({
      db,
      transport: p.transport,
      settings: { intervalMs: 60_000, probeMinMs: 5, probeMaxMs: 20, reconcileEveryMs: 3_600_000 },
    })
    await engine.syncNow()
    expect(await db.SupplierInvoice.count()).toBe(5)

    // Deleted on the platform while the app could not reach it.
    p.setReachable(false)
    p.rows.a!.SupplierInvoice = [invoice(1), invoice(3)]
    engine.start()
    await vi.waitFor(() => expect(engine!.status().connection).toBe('offline'))
    p.setReachable(true)
    await vi.waitFor(
      async () => expect(await db.SupplierInvoice.where('companyKey').equals('a').count()).toBe(2),
      { timeout: 5_000 },
    )
    expect(await db.SupplierInvoice.get(['a', 2])).toBeUndefined()
    expect(await db.SupplierInvoice.where('companyKey').equals('b').count()).toBe(2)
  })
})

describe('probing the connection while it is down', () => {
  it('waits twice as long each time up to the cap, spread by jitter, and starts over once online', async () => {
    db = openWorkspace('unit', crypto.randomUUID())
    const p = platform({})
    p.setReachable(false)
    const jitter = [0, 1, 0.5, 0.25, 0.75, 0, 1, 0.5]
    let draws = 0
    const waits: number[] = []
    const realSetTimeout = globalThis.setTimeout
    // The engine's own timers are the only ones of a second or more: record them and run them at once.
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      if ((ms ?? 0) < 1_000) return realSetTimeout(fn, ms)
      waits.push(ms!)
      if (waits.length === 6) p.setReachable(true)
      if (waits.length === 8) p.setReachable(false)
      return waits.length < 9 ? realSetTimeout(fn, 0) : realSetTimeout(() => undefined, 0)
    }) as typeof setTimeout)
    engine = createSyncEngine({
      db,
      transport: p.transport,
      random: () => jitter[draws++ % jitter.length]!,
      settings: { probeMinMs: 2_000, probeMaxMs: 16_000, intervalMs: 60_000 },
    })
    engine.start()
    await vi.waitFor(() => expect(waits.length).toBeGreaterThanOrEqual(9))
    // Down six times: 2 s, 4 s, 8 s, 16 s, then the cap, each times (0.5 + jitter); then online, each next
    // round after the interval; down again, the backoff starts over from the first wait.
    expect(waits.slice(0, 6)).toEqual([1_000, 6_000, 8_000, 12_000, 20_000, 8_000])
    expect(waits.slice(6, 8)).toEqual([60_000, 60_000])
    expect(waits[8]).toBe(3_000)
    expect(engine.status().connection).toBe('offline')
  })
})

/**
 * An engine whose probes are counted, with a backoff of a minute and rounds an hour apart: without the
 * browser's news of the network, nothing probes a second time within a test.
 */
function countingProbes(p: ReturnType<typeof platform>): { engine: SyncEngine; probes: () => number } {
  let probes = 0
  const probe = p.transport.probe.bind(p.transport)
  p.transport.probe = () => {
    probes++
    return probe()
  }
  const started = createSyncEngine({
    db,
    transport: p.transport,
    settings: { probeMinMs: 60_000, probeMaxMs: 60_000, intervalMs: 3_600_000 },
  })
  return { engine: started, probes: () => probes }
}

describe('the browser’s news of the network', () => {
  it('coming back is probed at once, not after the backoff’s wait', async () => {
    db = openWorkspace('unit', crypto.randomUUID())
    const p = platform({})
    p.setReachable(false)
    const counted = countingProbes(p)
    engine = counted.engine
    engine.start()
    await vi.waitFor(() => expect(counted.probes()).toBe(1))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(engine.status().connection).toBe('offline')
    expect(counted.probes()).toBe(1)
    p.setReachable(true)
    engine.networkBack()
    await vi.waitFor(() => expect(engine!.status().connection).toBe('online'), { timeout: 2_000 })
    expect(counted.probes()).toBe(2)
    // Online already: the news changes nothing.
    engine.networkBack()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(counted.probes()).toBe(2)
  })

  it('going away is probed at once, not at the next round', async () => {
    db = openWorkspace('unit', crypto.randomUUID())
    const p = platform({})
    const counted = countingProbes(p)
    engine = counted.engine
    engine.start()
    await vi.waitFor(() => expect(engine!.status().connection).toBe('online'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(counted.probes()).toBe(1)
    p.setReachable(false)
    engine.networkLost()
    await vi.waitFor(() => expect(engine!.status().connection).toBe('offline'), { timeout: 2_000 })
    expect(counted.probes()).toBe(2)
    // Offline already: the news changes nothing (the backoff goes on probing).
    engine.networkLost()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(counted.probes()).toBe(2)
  })
})

describe('taking turns in the background', () => {
  it('syncs every company while one of them still has many pages of invoices to pull', async () => {
    db = openWorkspace('unit', crypto.randomUUID())
    const keys = ['big', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6']
    await db.companies.bulkPut(keys.map((k) => company(k)))
    const many = Array.from({ length: 300 }, (_, i) => invoice(i + 1))
    const p = platform(
      Object.fromEntries(keys.map((k) => [k, { SupplierInvoice: k === 'big' ? many : [invoice(1)] }])),
    )
    engine = createSyncEngine({
      db,
      transport: p.transport,
      settings: { concurrency: 3, pageSize: 10, intervalMs: 1, probeMinMs: 1, reconcileEveryMs: 3_600_000 },
    })
    engine.start()
    await vi.waitFor(
      async () => {
        const synced = await db.companies.filter((c) => c.lastSyncAt !== null).count()
        expect(synced).toBe(keys.length)
      },
      { timeout: 10_000 },
    )
    await engine.stop()
    // Every small company had its turn while the big one was far from done: a round takes at most five
    // pages of an entity from a company that is not open, and the companies take turns three at a time.
    const lastSmall = Math.max(...keys.slice(1).map((k) => p.pulls.findIndex((x) => x.companyKey === k)))
    const bigPagesBefore = p.pulls
      .slice(0, lastSmall)
      .filter((x) => x.companyKey === 'big' && x.entity === 'SupplierInvoice').length
    expect(bigPagesBefore).toBeGreaterThan(0)
    expect(bigPagesBefore).toBeLessThanOrEqual(10)
    for (const k of keys.slice(1))
      expect(await db.SupplierInvoice.where('companyKey').equals(k).count()).toBe(1)
  })

  it('refreshes the approvals of every kept company each round, not only the three it takes in full', async () => {
    const oneRound = async (approvalsConcurrency: number) => {
      db = openWorkspace('unit', crypto.randomUUID())
      const keys = Array.from({ length: 30 }, (_, i) => `c${i}`)
      await db.companies.bulkPut(keys.map((k) => company(k)))
      const p = platform(Object.fromEntries(keys.map((k) => [k, { Task: [{ ID: 1, UpdatedAt: when }] }])))
      const statuses: boolean[] = []
      engine = createSyncEngine({
        db,
        transport: p.transport,
        // One round in the test's time: the next would come in an hour.
        settings: { concurrency: 3, approvalsConcurrency, intervalMs: 3_600_000, probeMinMs: 1 },
        onStatus: (s) => statuses.push(s.syncing),
      })
      engine.start()
      await vi.waitFor(() => expect(statuses.at(-1) === false && statuses.includes(true)).toBe(true), {
        timeout: 10_000,
      })
      await engine.stop()
      const refreshed = new Set(p.pulls.filter((x) => x.entity === 'Task').map((x) => x.companyKey))
      await db.delete()
      return refreshed.size
    }
    expect(await oneRound(0)).toBe(3)
    expect(await oneRound(5)).toBe(30)
  })

  it('gives the open company all its pages first', async () => {
    db = openWorkspace('unit', crypto.randomUUID())
    await db.companies.bulkPut([company('big', false), company('small')])
    const many = Array.from({ length: 120 }, (_, i) => invoice(i + 1))
    const p = platform({ big: { SupplierInvoice: many }, small: { SupplierInvoice: [invoice(1)] } })
    engine = createSyncEngine({
      db,
      transport: p.transport,
      settings: { pageSize: 10, intervalMs: 60_000, probeMinMs: 1, reconcileEveryMs: 3_600_000 },
    })
    engine.setOpenCompany('big')
    engine.start()
    await vi.waitFor(async () => expect((await db.companies.get('small'))?.lastSyncAt).not.toBeNull(), {
      timeout: 10_000,
    })
    expect(await db.SupplierInvoice.where('companyKey').equals('big').count()).toBe(many.length)
    const firstSmall = p.pulls.findIndex((x) => x.companyKey === 'small')
    const lastBig = p.pulls.findLastIndex((x) => x.companyKey === 'big' && x.entity === 'SupplierInvoice')
    expect(lastBig).toBeLessThan(firstSmall)
  })
})

/** The next background round an hour away: only a push sends a change made after the first round. */
const pushOnly = { intervalMs: 3_600_000, probeMinMs: 1, reconcileEveryMs: 3_600_000, pushDelayMs: 10 }

/** A fresh workspace keeping `companies`, and the engine over `p` started with Nordlys open. */
async function startOnNordlys(
  p: ReturnType<typeof platform>,
  companies: CompanyRecord[],
  settings: Parameters<typeof createSyncEngine>[0]['settings'] = pushOnly,
): Promise<SyncEngine> {
  db = openWorkspace('unit', crypto.randomUUID())
  await db.companies.bulkPut(companies)
  const started = createSyncEngine({ db, transport: p.transport, settings })
  engine = started
  started.setOpenCompany('nordlys')
  started.start()
  return started
}

/** Records the invoices the platform is asked to change, answering each as done once `before` has ended. */
function executed(p: ReturnType<typeof platform>, before?: () => Promise<void>): number[] {
  const ids: number[] = []
  p.transport.execute = async (_companyKey, command) => {
    ids.push(command.entityId)
    await before?.()
    return { status: 'done', row: invoice(command.entityId), merged: [] }
  }
  return ids
}

/** A promise held until `release` is called. */
function holdBack(): { held: Promise<void>; release: () => void } {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  return { held, release }
}

const firstRoundOfNordlys = () =>
  vi.waitFor(async () => expect((await db.companies.get('nordlys'))?.lastSyncAt).not.toBeNull())
const changeInvoice7 = () => updateRow(db, 'nordlys', 'SupplierInvoice', 7, { InvoiceNumber: 'A-7' })

describe('a change queued while online', () => {
  it('goes out at once, not with the next background round', async () => {
    const p = platform({ nordlys: { SupplierInvoice: [invoice(7)] } })
    const sent = executed(p)
    await startOnNordlys(p, [company('nordlys', false)])
    await firstRoundOfNordlys()
    await changeInvoice7()
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0), { timeout: 5_000 })
    expect(sent).toEqual([7])
  })

  it('waits while the platform cannot be reached, and the background round sends it later', async () => {
    const p = platform({ nordlys: { SupplierInvoice: [invoice(7)] } })
    const sent = executed(p)
    const running = await startOnNordlys(p, [company('nordlys', false)], {
      intervalMs: 3_600_000,
      probeMinMs: 20,
      probeMaxMs: 20,
      pushDelayMs: 10,
    })
    await firstRoundOfNordlys()
    p.setReachable(false)
    await running.syncNow()
    await changeInvoice7()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(sent).toEqual([])
    expect(await db.outbox.count()).toBe(1)
    p.setReachable(true)
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0), { timeout: 5_000 })
    expect(sent).toEqual([7])
  })

  it('is sent once when a push (a resolved conflict, a retry) comes while a round is sending it', async () => {
    const p = platform({ nordlys: { SupplierInvoice: [invoice(7)] } })
    const { held, release } = holdBack()
    const sent = executed(p, () => held)
    const running = await startOnNordlys(p, [company('nordlys', false)])
    await firstRoundOfNordlys()
    await changeInvoice7()
    await vi.waitFor(async () => expect((await db.outbox.toArray())[0]?.state).toBe('sending'))
    // The sync panel's retry or a resolved conflict asks for a push while the entry is on its way.
    const pushed = running.push('nordlys')
    await new Promise((resolve) => setTimeout(resolve, 50))
    release()
    await pushed
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0))
    expect(sent).toEqual([7])
  })

  it('goes out while the company’s round is still fetching files, not after it', async () => {
    const p = platform({
      nordlys: { SupplierInvoice: [invoice(7)], FileAttachment: [link(1, 7, 70)] },
    })
    const { held, release } = holdBack()
    const download = p.transport.download
    let downloading = false
    p.transport.download = async (companyKey, fileId) => {
      downloading = true
      await held
      return download(companyKey, fileId)
    }
    const sent = executed(p)
    const running = await startOnNordlys(p, [company('nordlys', false)])
    // The first round has pulled the invoice and is fetching its document (held back).
    await vi.waitFor(async () => expect(await db.SupplierInvoice.count()).toBe(1))
    await vi.waitFor(() => expect(downloading).toBe(true))
    await changeInvoice7()
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0), { timeout: 5_000 })
    expect(sent).toEqual([7])
    expect(running.status().syncing).toBe(true)
    release()
    await vi.waitFor(() => expect(running.status().syncing).toBe(false))
  })

  it('says syncing is over when a push outlasts the round that was running beside it', async () => {
    const p = platform({ nordlys: { SupplierInvoice: [invoice(7)] }, fjordbygg: {} })
    const { held, release } = holdBack()
    executed(p, () => held)
    const running = await startOnNordlys(p, [company('nordlys', false), company('fjordbygg')])
    await firstRoundOfNordlys()
    await changeInvoice7()
    // The push is under way (its answer held back) while a round of another company starts and ends.
    await vi.waitFor(async () => expect((await db.outbox.toArray())[0]?.state).toBe('sending'))
    await running.syncNow('fjordbygg')
    expect(running.status().syncing).toBe(true)
    release()
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0))
    await vi.waitFor(() => expect(running.status().syncing).toBe(false))
  })
})
