// Attachments on the documented platform: it does not offer the statistics model FileEntityLink (it answers
// `Success: false`), so main's pull builds the FileAttachment rows from each supplier invoice's documented
// attachment list (`GET files/SupplierInvoice/{id}`, spec 4.5), for the invoices of the cache's scope. The
// pull takes them all in one page and again only when they changed; a deleted attachment leaves the cache by
// reconciliation; statistics is asked again after an hour, not every round. The customer's document of an
// invoice (`attach-document`) looks for an earlier one in the invoice's attachment list the same way.
import 'fake-indexeddb/auto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { OutboxCommandOf } from '../../../common/bridge/outbox.ts'
import type { PlatformRow } from '../../../common/bridge/sync.ts'
import { SupplierInvoiceStatus } from '../../../common/status.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import type { ApiClient } from '../../../electron/main/services/api/client.ts'
import { filesUrlOf, uploadFile } from '../../../electron/main/services/api/files.ts'
import { STATISTICS_RETRY_MS } from '../../../electron/main/services/sync/attachments.ts'
import { attachDocument } from '../../../electron/main/services/sync/sales-document-action.ts'
import { createSyncService, type SyncService } from '../../../electron/main/services/sync/sync-service.ts'
import { pullEntity, reconcileEntity } from '../../../renderer/src/data/pull.ts'
import { openWorkspace, type WorkspaceDb } from '../../../renderer/src/data/schema.ts'
import { pngBytes } from '../platform/files-helpers.ts'
import { platformGet, startTestPlatform, type TestPlatform } from '../../support/platform.ts'
import { directTransport, syncServiceFor, type Link } from '../../support/sync.ts'
import { salesLines, salesSetup, type SalesSetup } from '../../support/sales.ts'

const nordlys = DEMO_COMPANIES.nordlys.key
const anne = DEMO_USERS.anne.email
const options = { top: 1000, userId: null, journaledDays: 90 }

let platform: TestPlatform
let api: ApiClient
let link: Link
let db: WorkspaceDb
/** The test's clock: main's pull reads the time from it (the hour before statistics is asked again). */
let clock = new Date()
let service: SyncService
/** Requests by kind since the last reset. */
let asked: { statistics: number; lists: number; listed: number[] }

beforeAll(async () => {
  platform = await startTestPlatform({ platformOptions: { surface: 'documented' } })
  ;({ api, link } = await syncServiceFor(platform, anne))
})
afterAll(async () => platform?.close())
beforeEach(async () => {
  await db?.delete()
  db = openWorkspace('test', crypto.randomUUID())
  clock = new Date()
  // A new service on a new session's client each time: what one remembers does not carry to the next test.
  ;({ api, link } = await syncServiceFor(platform, anne))
  service = createSyncService({ api: async () => api, fetch, now: () => clock })
  asked = { statistics: 0, lists: 0, listed: [] }
  link.fault = (phase, url) => {
    if (phase !== 'before') return false
    const path = new URL(url).pathname
    if (path.endsWith('/api/statistics')) asked.statistics++
    const list = /\/api\/biz\/files\/SupplierInvoice\/(\d+)$/.exec(path)
    if (list) {
      asked.lists++
      asked.listed.push(Number(list[1]))
    }
    return false
  }
})

const get = <T = PlatformRow[]>(path: string, query: Record<string, string | number> = {}) =>
  api.get<T>(path, { companyKey: nordlys, query })

/** The invoices of the cache's scope (not journaled, or journaled within the days) as the platform lists them. */
async function invoicesInScope(journaledDays = 90): Promise<PlatformRow[]> {
  const cutoff = new Date(clock.getTime() - journaledDays * 86_400_000).toISOString()
  return get('api/biz/supplierinvoices', {
    select: 'ID,StatusCode,UpdatedAt',
    filter: `StatusCode ne ${SupplierInvoiceStatus.Journaled} or UpdatedAt ge '${cutoff}'`,
    top: 1000,
  })
}

/** What the documented lists say: [invoice, file] for every attachment of the scope's invoices. */
async function listedPairs(journaledDays = 90): Promise<[number, number][]> {
  const pairs: [number, number][] = []
  for (const invoice of await invoicesInScope(journaledDays)) {
    const files = await get(`api/biz/files/SupplierInvoice/${invoice.ID}`)
    for (const file of files) pairs.push([Number(invoice.ID), Number(file.ID ?? file.Id)])
  }
  return pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1])
}

async function cached() {
  return (await db.FileAttachment.where('companyKey').equals(nordlys).toArray()).sort(
    (a, b) => a.EntityID - b.EntityID || a.FileID - b.FileID,
  )
}

const pull = (o = options) => pullEntity(db, directTransport(service), nordlys, 'FileAttachment', o)

async function draftInvoice(): Promise<number> {
  const [supplier] = await get('api/biz/suppliers', { top: 1 })
  const created = await api.post<PlatformRow>(
    'api/biz/supplierinvoices',
    { SupplierID: supplier!.ID, InvoiceNumber: `DOC-${crypto.randomUUID().slice(0, 8)}` },
    { companyKey: nordlys },
  )
  return Number(created.ID)
}

const attach = async (invoiceId: number, name: string) =>
  uploadFile(api, await filesUrlOf(api), nordlys, {
    bytes: pngBytes(),
    name,
    link: { entityType: 'SupplierInvoice', entityId: invoiceId },
  })

describe('attachments from the documented lists', () => {
  it('caches every attachment of the invoices in scope, shaped as the statistics rows, without failing', async () => {
    const pairs = await listedPairs()
    expect(pairs.length).toBeGreaterThan(0)
    const taken = await pull()
    expect(taken).toBe(pairs.length)
    const rows = await cached()
    expect(rows.map((r) => [r.EntityID, r.FileID])).toEqual(pairs)
    for (const row of rows) {
      expect(row).toMatchObject({
        EntityType: 'SupplierInvoice',
        Name: expect.any(String),
        ContentType: expect.any(String),
        ContentLength: expect.any(Number),
      })
      expect(row.ID).toBeGreaterThan(0)
    }
    expect(new Set(rows.map((r) => r.ID)).size).toBe(rows.length)
    expect((await db.checkpoints.get([nordlys, 'FileAttachment']))?.unavailable ?? null).toBeNull()
    // The platform recorded the refused model, and the fallback used nothing undocumented.
    const uses = platform.platform.undocumented!.uses.filter(
      (u) => u.route.includes('files') || u.route.includes('supplierinvoices'),
    )
    expect(uses).toEqual([])
  })

  it('leaves out the journaled invoices older than the setting', async () => {
    const [approved] = await get('api/biz/supplierinvoices', {
      filter: `StatusCode eq ${SupplierInvoiceStatus.Approved}`,
      top: 1,
    })
    expect(await get(`api/biz/files/SupplierInvoice/${approved!.ID}`)).not.toHaveLength(0)
    await api.post(`api/biz/supplierinvoices/${approved!.ID}`, null, {
      companyKey: nordlys,
      query: { action: 'journal' },
    })
    // Two days on, with a setting of one day: the invoice journaled today is out of the cache's scope.
    clock = new Date(Date.now() + 2 * 86_400_000)
    const pairs = await listedPairs(1)
    asked = { statistics: 0, lists: 0, listed: [] }
    await pull({ ...options, journaledDays: 1 })
    expect((await cached()).map((r) => [r.EntityID, r.FileID])).toEqual(pairs)
    expect(pairs.length).toBeGreaterThan(0)
    expect(pairs.some(([invoice]) => invoice === approved!.ID)).toBe(false)
    expect(asked.listed).not.toContain(approved!.ID)
  })

  it('asks statistics once an hour, not every round, and lists again only invoices whose files may change', async () => {
    await pull()
    expect(asked.statistics).toBe(1)
    const invoices = await invoicesInScope()
    expect(asked.lists).toBe(invoices.length)
    const attachable = invoices.filter((i) =>
      [
        SupplierInvoiceStatus.Draft,
        SupplierInvoiceStatus.ForApproval,
        SupplierInvoiceStatus.Assigned,
      ].includes(Number(i.StatusCode) as 30101),
    )
    expect(attachable.length).toBeLessThan(invoices.length)

    asked = { statistics: 0, lists: 0, listed: [] }
    // Nothing changed: nothing taken, statistics not asked, only the attachable invoices' lists read.
    expect(await pull()).toBe(0)
    expect(asked.statistics).toBe(0)
    expect(asked.listed.sort((a, b) => a - b)).toEqual(
      attachable.map((i) => Number(i.ID)).sort((a, b) => a - b),
    )

    clock = new Date(clock.getTime() + STATISTICS_RETRY_MS)
    asked = { statistics: 0, lists: 0, listed: [] }
    expect(await pull()).toBe(0)
    expect(asked.statistics).toBe(1)
  })

  it('takes a new attachment at the next round; a deleted one leaves the cache by reconciliation', async () => {
    await pull()
    const invoiceId = await draftInvoice()
    const fileId = await attach(invoiceId, 'kvittering.png')
    const before = (await cached()).length
    expect(await pull()).toBe(before + 1)
    const added = (await cached()).find((r) => r.FileID === fileId)
    expect(added).toMatchObject({
      EntityType: 'SupplierInvoice',
      EntityID: invoiceId,
      Name: 'kvittering.png',
    })

    await api.delete(`api/biz/files/SupplierInvoice/${invoiceId}/${fileId}`, { companyKey: nordlys })
    const removed = await reconcileEntity(db, directTransport(service), nordlys, 'FileAttachment', options)
    expect(removed).toEqual([added!.ID])
    expect((await cached()).some((r) => r.FileID === fileId)).toBe(false)
  })

  it('keeps a file attached to two invoices as two rows with IDs of their own', async () => {
    const first = await draftInvoice()
    const second = await draftInvoice()
    const fileId = await attach(first, 'felles.png')
    await api.post(`api/biz/files/${fileId}`, null, {
      companyKey: nordlys,
      query: { action: 'link', entitytype: 'SupplierInvoice', entityid: second },
    })
    await pull()
    const rows = (await cached()).filter((r) => r.FileID === fileId)
    expect(rows.map((r) => r.EntityID)).toEqual([first, second])
    expect(rows[0]!.ID).not.toBe(rows[1]!.ID)
    // One row by its ID, as the renderer asks for one.
    expect(await service.row(nordlys, 'FileAttachment', rows[1]!.ID)).toMatchObject({
      FileID: fileId,
      EntityID: second,
    })
    // The next pull has the same IDs.
    await db.FileAttachment.clear()
    await db.checkpoints.clear()
    await pull()
    expect((await cached()).filter((r) => r.FileID === fileId).map((r) => r.ID)).toEqual(
      rows.map((r) => r.ID),
    )
  })
})

describe("the customer's document on the documented platform", () => {
  let setup: SalesSetup
  beforeAll(async () => {
    setup = await salesSetup(platformGet(platform.urls.base, await platform.token(anne), nordlys))
  })

  /** The invoice as the documented list answers it (the platform documents no `GET invoices/{id}`). */
  const invoiceRow = async (id: number) =>
    (await get('api/biz/invoices', { filter: `ID eq ${id}`, expand: 'Items', top: 1 }))[0] ?? null

  it('finds the document already attached in the invoice’s attachment list and attaches no second one', async () => {
    const draft = await api.post<PlatformRow>(
      'api/biz/invoices',
      {
        CustomerID: setup.customerId,
        CustomerName: setup.customerName,
        InvoiceDate: '2026-11-02',
        Items: salesLines(setup).map((line, k) => ({ ...line, _createguid: `line-${k}` })),
      },
      { companyKey: nordlys },
    )
    await api.post(`api/biz/invoices/${draft.ID}`, null, {
      companyKey: nordlys,
      query: { action: 'invoice' },
    })
    const command = (attempts: number): OutboxCommandOf<'CustomerInvoice', 'attach-document'> => ({
      entity: 'CustomerInvoice',
      action: 'attach-document',
      body: { Language: 'nb' },
      entityId: Number(draft.ID),
      base: {},
      baseUpdatedAt: null,
      operationKey: `attach-${draft.ID}`,
      attempts,
    })
    const context = { api, companyKey: nordlys, readRow: () => invoiceRow(Number(draft.ID)) }
    expect((await attachDocument(command(0), context)).status).toBe('done')
    expect((await attachDocument(command(1), context)).status).toBe('done')
    const documents = await get(`api/biz/files/CustomerInvoice/${draft.ID}`)
    expect(documents).toHaveLength(1)
  })
})
