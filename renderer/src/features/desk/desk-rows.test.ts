// The desk's rows: the review queue of every company it spans, keyed by company and ID (the same invoice
// ID in two companies is two rows), never a company it does not span, in the desk's order and filters.
import { afterEach, describe, expect, it } from 'vitest'
import type { PlatformRow } from '@common/bridge/sync'
import Dexie from 'dexie'
import { defineVersions, openWorkspace, workspaceName, type WorkspaceDb } from '@renderer/data/schema'
import { storeRow } from '@renderer/data/pull'
import { companyWritesSettled } from '@renderer/data/company-writes'
import {
  companyHue,
  countDeskTabs,
  deskCompanies,
  filterDeskRows,
  loadDeskRows,
  orderDeskRows,
  type DeskRow,
} from './desk-rows.ts'

let db: WorkspaceDb | undefined
afterEach(async () => {
  await db?.delete()
  db = undefined
})

const record = (Key: string, Name: string, offline: boolean) => ({
  Key,
  Name,
  OrganizationNumber: `9${Key.length}0000000`.slice(0, 9),
  offline,
  lastOpenedAt: null,
  syncState: 'idle' as const,
  lastSyncAt: null,
  lastError: null,
  userId: null,
})

const invoice = (ID: number, fields: Partial<PlatformRow>): PlatformRow => ({
  ID,
  UpdatedAt: '2026-11-01T10:00:00.000Z',
  StatusCode: 30101,
  ...fields,
})

async function office(): Promise<WorkspaceDb> {
  db = openWorkspace('sandbox', `user-${crypto.randomUUID()}`)
  await db.companies.bulkPut([
    record('nordlys', 'Nordlys Bakeri AS', true),
    record('aurora', 'Aurora Regnskap AS', true),
    record('fjord', 'Fjordbygg AS', false),
    record('vest', 'Vestkyst Fisk AS', true),
  ])
  // Vestkyst's session offers this user no review: its invoices are not the desk's.
  await db.companySessions.put({
    companyKey: 'vest',
    savedAt: '2026-11-01T10:00:00.000Z',
    session: {
      companyKey: 'vest',
      companyName: 'Vestkyst Fisk AS',
      user: { ID: 1, GlobalIdentity: 'g', DisplayName: 'Anne', Email: 'anne@demo.test' },
      permissions: [],
      views: ['approvals'],
    } as never,
  })
  await storeRow(db, 'nordlys', 'Supplier', { ID: 5, UpdatedAt: 'x', Info: { Name: 'Havbris AS' } })
  await storeRow(db, 'aurora', 'Supplier', { ID: 5, UpdatedAt: 'x', Info: { Name: 'Kontorrekvisita AS' } })
  // Invoice 1 in both companies: two invoices.
  await storeRow(
    db,
    'nordlys',
    'SupplierInvoice',
    invoice(1, { SupplierID: 5, PaymentDueDate: '2026-11-20', CreatedAt: '2026-11-02T08:00:00Z' }),
  )
  await storeRow(
    db,
    'aurora',
    'SupplierInvoice',
    invoice(1, { SupplierID: 5, PaymentDueDate: '2026-11-10', CreatedAt: '2026-11-03T08:00:00Z' }),
  )
  await storeRow(
    db,
    'aurora',
    'SupplierInvoice',
    invoice(2, { StatusCode: 30105, PaymentDueDate: '2026-12-10', CreatedAt: '2026-11-01T08:00:00Z' }),
  )
  // Not in a queue: for approval.
  await storeRow(db, 'aurora', 'SupplierInvoice', invoice(3, { StatusCode: 30102 }))
  await storeRow(db, 'fjord', 'SupplierInvoice', invoice(1, { PaymentDueDate: '2026-11-01' }))
  await storeRow(db, 'vest', 'SupplierInvoice', invoice(1, { PaymentDueDate: '2026-11-01' }))
  await db.FileAttachment.put({
    companyKey: 'aurora',
    ID: 9,
    EntityType: 'SupplierInvoice',
    EntityID: 1,
    FileID: 40,
  } as never)
  return db
}

const keys = (rows: readonly DeskRow[]) => rows.map((row) => row.key)

describe('the review desk’s rows', () => {
  it('spans the companies kept on this computer and the open one, never one that offers no review', async () => {
    const db = await office()
    const all = await deskCompanies(db, { chosen: null, openKey: null })
    expect(all.map((c) => c.key)).toEqual(['aurora', 'nordlys'])
    const withOpen = await deskCompanies(db, { chosen: null, openKey: 'fjord' })
    expect(withOpen.map((c) => c.key)).toEqual(['aurora', 'fjord', 'nordlys'])
    // "My clients" narrows it; a chosen company that offers no review stays out.
    const mine = await deskCompanies(db, { chosen: ['nordlys', 'vest'], openKey: null })
    expect(mine.map((c) => c.key)).toEqual(['nordlys'])
  })

  it('keys the same invoice ID in two companies as two rows, each with its own supplier and problems', async () => {
    const db = await office()
    const rows = await loadDeskRows(
      db,
      await deskCompanies(db, { chosen: null, openKey: null }),
      '2026-11-15',
    )
    const byKey = new Map(rows.map((row) => [row.key, row]))
    expect([...byKey.keys()].sort()).toEqual(['aurora:1', 'aurora:2', 'nordlys:1'])
    expect(byKey.get('nordlys:1')).toMatchObject({
      companyName: 'Nordlys Bakeri AS',
      supplierName: 'Havbris AS',
      problems: ['noDocument'],
    })
    expect(byKey.get('aurora:1')).toMatchObject({
      companyName: 'Aurora Regnskap AS',
      supplierName: 'Kontorrekvisita AS',
      problems: ['overdue'],
    })
    expect(byKey.get('aurora:2')!.problems).toEqual(['rejected', 'noSupplier', 'noDocument'])
  })

  it('orders by due date or by arrival, and filters by company, problem and supplier', async () => {
    const db = await office()
    const rows = await loadDeskRows(
      db,
      await deskCompanies(db, { chosen: null, openKey: null }),
      '2026-11-15',
    )
    expect(keys(orderDeskRows(rows, 'due'))).toEqual(['aurora:1', 'nordlys:1', 'aurora:2'])
    expect(keys(orderDeskRows(rows, 'arrival'))).toEqual(['aurora:2', 'nordlys:1', 'aurora:1'])
    const filter = { company: null, tab: 'all' as const, search: '' }
    expect(keys(filterDeskRows(rows, { ...filter, company: 'nordlys' }))).toEqual(['nordlys:1'])
    expect(keys(filterDeskRows(rows, { ...filter, tab: 'rejected' }))).toEqual(['aurora:2'])
    expect(keys(filterDeskRows(rows, { ...filter, search: 'havbris' }))).toEqual(['nordlys:1'])
    expect(keys(filterDeskRows(rows, { ...filter, search: 'aurora kontor' }))).toEqual(['aurora:1'])
    expect(countDeskTabs(rows, { company: 'aurora', search: '' })).toEqual({
      all: 2,
      rejected: 1,
      overdue: 1,
      noSupplier: 1,
      noDocument: 1,
    })
  })

  it('lists from the kept briefs the same rows as from the cache’s rows, each company its own', async () => {
    const db = await office()
    await companyWritesSettled(db)
    const companies = await deskCompanies(db, { chosen: null, openKey: 'fjord' })
    expect((await db.deskBriefs.toArray()).map((b) => b.companyKey).sort()).toEqual([
      'aurora',
      'fjord',
      'nordlys',
      'vest',
    ])
    const fromBriefs = orderDeskRows(await loadDeskRows(db, companies, '2026-11-15'), 'due')
    // Without briefs (not written yet) the desk briefs the companies from their rows as it reads.
    await db.deskBriefs.clear()
    const fromRows = orderDeskRows(await loadDeskRows(db, companies, '2026-11-15'), 'due')
    expect(fromBriefs).toEqual(fromRows)
    expect(keys(fromBriefs)).toEqual(['fjord:1', 'aurora:1', 'nordlys:1', 'aurora:2'])
    // A brief never lends a row to another company: each row is its company's, under its company's name.
    for (const row of fromBriefs)
      expect(row.companyName).toBe(companies.find((c) => c.key === row.companyKey)!.name)
    // A queued change of one company marks only its own row.
    await db.outbox.add({
      companyKey: 'aurora',
      entity: 'SupplierInvoice',
      entityId: 1,
      action: 'update',
      body: {},
      state: 'pending',
      attempts: 0,
      createdAt: '2026-11-15T10:00:00Z',
    } as never)
    const marked = await loadDeskRows(db, companies, '2026-11-15')
    expect(marked.filter((row) => row.unsynced).map((row) => row.key)).toEqual(['aurora:1'])
  })

  it('lists the same rows after a database from before briefs is upgraded', async () => {
    const user = `user-${crypto.randomUUID()}`
    const old = new Dexie(workspaceName('sandbox', user))
    defineVersions(old, 13)
    await old.table('companies').bulkPut([record('nordlys', 'Nordlys Bakeri AS', true)])
    await old
      .table('Supplier')
      .put({ companyKey: 'nordlys', ID: 5, UpdatedAt: 'x', Info: { Name: 'Havbris AS' } })
    await old.table('SupplierInvoice').bulkPut([
      { companyKey: 'nordlys', ...invoice(1, { SupplierID: 5, PaymentDueDate: '2026-11-20' }) },
      { companyKey: 'nordlys', ...invoice(2, { StatusCode: 30105, PaymentDueDate: '2026-11-01' }) },
      { companyKey: 'nordlys', ...invoice(3, { StatusCode: 30102 }) },
    ])
    old.close()
    db = openWorkspace('sandbox', user)
    const companies = await deskCompanies(db, { chosen: null, openKey: null })
    expect(await db.deskBriefs.get('nordlys')).toBeDefined()
    const upgraded = orderDeskRows(await loadDeskRows(db, companies, '2026-11-15'), 'due')
    expect(upgraded.map((row) => [row.key, row.supplierName, row.problems])).toEqual([
      ['nordlys:2', null, ['rejected', 'overdue', 'noSupplier', 'noDocument']],
      ['nordlys:1', 'Havbris AS', ['noDocument']],
    ])
    await db.deskBriefs.clear()
    expect(orderDeskRows(await loadDeskRows(db, companies, '2026-11-15'), 'due')).toEqual(upgraded)
  })
})

describe('a company’s colour', () => {
  const angle = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b))
  const minimumApart = (hues: number[]) =>
    Math.min(...hues.flatMap((a, i) => hues.slice(i + 1).map((b) => angle(a, b))))
  // The demo office's companies (platform/seed/demo-constants.ts): three clients and the test company.
  const demo = ['1', '2', '3', 'f0'].map((tail) => `7b1c0a4e-2d3f-4e5a-9b6c-${tail.padStart(12, '0')}`)

  it('tells the demo office’s clients apart by at least 60°, the same company always the same hue', () => {
    const hues = demo.map((key) => companyHue(key, demo))
    expect(minimumApart(hues.slice(0, 3))).toBeGreaterThanOrEqual(60)
    expect(minimumApart(hues)).toBeGreaterThanOrEqual(50)
    expect(demo.map((key) => companyHue(key, [...demo].reverse()))).toEqual(hues)
  })

  it('keeps any two of an office’s first five companies at least 45° apart, whatever their keys', () => {
    const office = ['f', 'a', 'c', 'e', 'b'].map((c) => `${c}0000000-0000-4000-8000-000000000000`)
    const hues = office.map((key) => companyHue(key, office))
    expect(new Set(hues).size).toBe(5)
    expect(minimumApart(hues)).toBeGreaterThanOrEqual(45)
  })

  it('gives a company the office list does not hold yet a hue of its own key', () => {
    const hue = companyHue('unknown-company', demo)
    expect(hue).toBe(companyHue('unknown-company'))
    expect(hue % 36).toBe(0)
    expect(hue).toBeLessThan(360)
  })
})
