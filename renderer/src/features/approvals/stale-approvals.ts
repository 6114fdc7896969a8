// "Waiting too long": the active approvals of every company kept on this computer that have waited longer
// than the user's number of days (main reads them from the platform: approvals.waiting), named from the
// offline cache: the invoice through the approval's task, its supplier and amount, and who holds it.
// A row whose task or invoice the cache does not have yet is still listed, with what the approval says.
import type { WaitingApproval } from '@common/bridge/approvals'
import type { WorkspaceDb } from '@renderer/data/schema'

export interface StaleRow {
  key: string
  companyKey: string
  companyName: string
  approvalId: number
  invoiceId: number | null
  supplierName: string | null
  InvoiceNumber: string | null
  amount: number | null
  currency: string | null
  holder: string
  since: string
  /** Whole days waited. */
  days: number
}

export const DEFAULT_STALE_DAYS = 3
const DAYS_KEY = 'ledgerdesk.staleApprovalDays'

/** The user's number of days, kept on this computer (1..365, default 3). */
export function savedDays(): number {
  const n = Number(localStorage.getItem(DAYS_KEY))
  return Number.isInteger(n) && n >= 1 && n <= 365 ? n : DEFAULT_STALE_DAYS
}
export function saveDays(days: number): void {
  localStorage.setItem(DAYS_KEY, String(days))
}

/** The moment before which an approval has waited longer than `days`. */
export const cutoff = (days: number, now = Date.now()) => new Date(now - days * 86_400_000).toISOString()

/** The companies kept offline (the user's choice in Settings → Offline data, or the open one). */
export async function keptCompanies(db: WorkspaceDb, openKey: string | null): Promise<string[]> {
  return (await db.companies.toArray()).filter((c) => c.offline || c.Key === openKey).map((c) => c.Key)
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)

export async function staleRows(
  db: WorkspaceDb,
  approvals: readonly WaitingApproval[],
  now = Date.now(),
): Promise<StaleRow[]> {
  const out: StaleRow[] = []
  const byCompany = new Map<string, WaitingApproval[]>()
  for (const a of approvals) byCompany.set(a.companyKey, [...(byCompany.get(a.companyKey) ?? []), a])
  for (const [key, list] of byCompany) {
    const company = await db.companies.get(key)
    const tasks = await db.Task.bulkGet(list.map((a) => [key, a.TaskID ?? -1] as [string, number]))
    const invoices = await db.SupplierInvoice.bulkGet(
      tasks.map((t) => [key, num(t?.EntityID) ?? -1] as [string, number]),
    )
    const users = new Map((await db.User.where('companyKey').equals(key).toArray()).map((u) => [u.ID, u]))
    const suppliers = new Map(
      (await db.Supplier.where('companyKey').equals(key).toArray()).map((s) => [s.ID, s]),
    )
    list.forEach((a, i) => {
      const invoice = invoices[i]
      const user = a.UserID === null ? undefined : users.get(a.UserID)
      const supplier = suppliers.get(num(invoice?.SupplierID) ?? -1)
      out.push({
        key: `${key}:${a.ID}`,
        companyKey: key,
        companyName: company?.Name ?? key,
        approvalId: a.ID,
        invoiceId: invoice?.ID ?? num(tasks[i]?.EntityID),
        supplierName: text(supplier?.Info?.Name) ?? text(invoice?.Supplier?.Info?.Name),
        InvoiceNumber: text(invoice?.InvoiceNumber),
        amount: num(invoice?.TaxInclusiveAmount) ?? a.Amount,
        currency: a.CurrencyCode,
        holder: text(user?.DisplayName) ?? text(user?.Email) ?? (a.UserID === null ? '' : `#${a.UserID}`),
        since: a.CreatedAt,
        days: Math.floor((now - Date.parse(a.CreatedAt)) / 86_400_000),
      })
    })
  }
  return out.sort((x, y) => x.since.localeCompare(y.since))
}
