// What the office's memory of a supplier reads from this computer's cache (logic/office-memory.ts): for an
// organisation number, each OTHER kept company's suppliers with it (index [companyKey+_orgNumber]), their
// invoices (index [companyKey+SupplierID]) and the accounts and VAT types those invoices use (by key). No
// table is scanned, so one invoice's lookup stays a handful of index reads however many companies and
// invoices are cached. It only reads: nothing is written to any company's rows.
import { normaliseOrgNumber } from '@common/parties/normalise'
import type { CachedRow, WorkspaceDb } from '@renderer/data/schema'
import { draftLines, num } from './logic/invoice-rows.ts'
import type { OfficeEvidence } from './logic/office-memory.ts'

/** The other companies' evidence for `orgNumber` (the company `companyKey` itself left out). */
export async function loadOfficeEvidence(
  db: WorkspaceDb,
  companyKey: string,
  orgNumber: string | null | undefined,
): Promise<OfficeEvidence[]> {
  const digits = normaliseOrgNumber(orgNumber)
  if (!digits) return []
  const others = (await db.companies.toCollection().primaryKeys()).filter((key) => key !== companyKey)
  if (others.length === 0) return []
  // One key range per company (not one anyOf walk): each read is a seek in the index.
  const suppliers = (
    await Promise.all(
      others.map((key) => db.Supplier.where('[companyKey+_orgNumber]').equals([key, digits]).toArray()),
    )
  ).flat()
  const pairs = suppliers
    .filter((s) => s.companyKey !== companyKey && s.Deleted !== true)
    .map((s): [string, number] => [s.companyKey, Number(s.ID)])
  if (pairs.length === 0) return []
  const invoices = (
    await Promise.all(
      pairs.map((pair) => db.SupplierInvoice.where('[companyKey+SupplierID]').equals(pair).toArray()),
    )
  ).flat() as CachedRow[]
  const byCompany = new Map<string, CachedRow[]>()
  for (const row of invoices) {
    if (row.companyKey === companyKey) continue
    byCompany.set(row.companyKey, [...(byCompany.get(row.companyKey) ?? []), row])
  }
  const accountKeys: [string, number][] = []
  const vatKeys: [string, number][] = []
  for (const [key, rows] of byCompany)
    for (const row of rows)
      for (const line of draftLines(row)) {
        const account = num(line.AccountID)
        const vat = num(line.VatTypeID)
        if (account !== null) accountKeys.push([key, account])
        if (vat !== null) vatKeys.push([key, vat])
      }
  const [accounts, vatTypes] = await Promise.all([
    db.Account.bulkGet(accountKeys),
    db.VatType.bulkGet(vatKeys),
  ])
  const index = (rows: (CachedRow | undefined)[]) => {
    const out = new Map<string, Map<number, CachedRow>>()
    for (const row of rows) {
      if (!row) continue
      const forCompany = out.get(row.companyKey) ?? new Map<number, CachedRow>()
      forCompany.set(Number(row.ID), row)
      out.set(row.companyKey, forCompany)
    }
    return out
  }
  const accountsOf = index(accounts as (CachedRow | undefined)[])
  const vatTypesOf = index(vatTypes as (CachedRow | undefined)[])
  return [...byCompany].map(([key, rows]) => ({
    companyKey: key,
    invoices: rows,
    accounts: accountsOf.get(key) ?? new Map(),
    vatTypes: vatTypesOf.get(key) ?? new Map(),
  }))
}
