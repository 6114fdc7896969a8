// Fault injection: 1,000 queued changes (creates, and updates of the rows they create) replayed while the
// connection is cut at 100 random points, sometimes before a request reaches the platform and sometimes
// after the platform did the work but before its answer arrived. Checked on the platform, not in the cache:
// every created invoice exists exactly once and carries every update.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import 'fake-indexeddb/auto'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { drainCompany } from '../../../renderer/src/data/drain.ts'
import { createRow, updateRow } from '../../../renderer/src/data/outbox.ts'
import { openWorkspace, type WorkspaceDb } from '../../../renderer/src/data/schema.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'
import { directTransport, syncServiceFor } from '../../support/sync.ts'
import { rng } from '../../../document-reader/corpus/rng.ts'

const nordlys = DEMO_COMPANIES.nordlys.key
const creates = 700
const updates = 300
const cuts = 100
/** Entries per call to main: small, so the replay makes enough requests to cut at 100 points. */
const batch = 10

let platform: TestPlatform
let db: WorkspaceDb
beforeAll(async () => {
  platform = await startTestPlatform()
  db = openWorkspace('fault', crypto.randomUUID())
})
afterAll(async () => {
  await db?.delete()
  await platform?.close()
})

describe('replaying the outbox over a connection that keeps failing', () => {
  it('puts every one of 1,000 changes on the platform exactly once', { timeout: 170_000 }, async () => {
    const seed = Number(process.env.FAULT_SEED ?? Date.now() % 1_000_000)
    // Seeded (mulberry32), so a failing run can be replayed from its seed.
    const random = rng(seed)
    const { service, link } = await syncServiceFor(platform, DEMO_USERS.anne.email)
    const transport = directTransport(service)
    const token = await platform.token(DEMO_USERS.anne.email)
    const suppliers = await api<{ ID: number }[]>(
      platform.urls.base,
      'GET',
      'api/biz/suppliers?hateoas=false',
      {
        token,
        companyKey: nordlys,
      },
    )
    const supplierId = suppliers.body[0]!.ID
    const run = `FI${seed}-`
    const localIds: number[] = []
    for (let n = 0; n < creates; n++)
      localIds.push(
        await createRow(db, nordlys, 'SupplierInvoice', {
          SupplierID: supplierId,
          InvoiceNumber: `${run}${n}`,
        }),
      )
    for (let n = 0; n < updates; n++)
      await updateRow(db, nordlys, 'SupplierInvoice', localIds[n * 2]!, {
        PaymentDueDate: `2027-0${1 + (n % 9)}-1${n % 10}`,
        Comment: `update ${n}`,
      })
    expect(await db.outbox.count()).toBe(creates + updates)

    // 100 distinct request numbers, spread over the requests the replay makes; each cut fails one request.
    // Each call carries `batch` entries: its creates are one bulk POST; its updates one read of their rows,
    // then one bulk PUT (the answers are the rows). A retry only adds requests, so every point is reached.
    const expected = Math.ceil(creates / batch) + Math.ceil(updates / batch) * 2
    const points = new Set<number>()
    while (points.size < cuts) points.add(1 + Math.floor(random() * expected))
    const after = new Set([...points].filter(() => random() < 0.5))
    let request = 0
    let cut = 0
    link.fault = (phase) => {
      if (phase === 'before') request++
      const hit = points.has(request) && (phase === 'after') === after.has(request)
      if (hit) {
        points.delete(request)
        cut++
      }
      return hit
    }
    let passes = 0
    while ((await db.outbox.count()) > 0 && passes < 500) {
      passes++
      const result = await drainCompany(db, transport, nordlys, () => false, batch)
      expect(result.failed + result.conflicts, `seed ${seed}`).toBe(0)
    }
    link.fault = undefined
    expect(cut, `seed ${seed}`).toBe(cuts)
    expect(await db.outbox.count()).toBe(0)

    const onPlatform = await api<
      { ID: number; InvoiceNumber: string; PaymentDueDate: string; Comment: string }[]
    >(
      platform.urls.base,
      'GET',
      `api/biz/supplierinvoices?hateoas=false&top=5000&filter=startswith(InvoiceNumber,'${run}')`,
      { token, companyKey: nordlys },
    )
    const byNumber = new Map<string, number>()
    for (const row of onPlatform.body)
      byNumber.set(row.InvoiceNumber, (byNumber.get(row.InvoiceNumber) ?? 0) + 1)
    const twice = [...byNumber].filter(([, count]) => count > 1)
    expect(twice, `seed ${seed}`).toEqual([])
    expect(byNumber.size, `seed ${seed}`).toBe(creates)
    const rows = new Map(onPlatform.body.map((r) => [r.InvoiceNumber, r]))
    for (let n = 0; n < updates; n++) {
      const row = rows.get(`${run}${n * 2}`)!
      expect(row.Comment, `seed ${seed}`).toBe(`update ${n}`)
      expect(String(row.PaymentDueDate)).toMatch(new RegExp(`^2027-0${1 + (n % 9)}-1${n % 10}`))
    }
    console.log(`fault injection (seed ${seed}): ${cuts} cuts, ${passes} passes, ${request} requests`)
  })
})
