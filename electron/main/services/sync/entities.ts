// What the workspace caches of each entity and how it is asked for: the route (spec 4.x), the expansions,
// and which rows belong to the cache (journaled invoices only from the last N days, approvals of the user).
// Every query uses only the spec's query options: filter, select, expand, orderby, top, skip.
import { SupplierInvoiceStatus } from '../../../../common/status.ts'
import type { PullOptions, SyncEntity } from '../../../../common/bridge/sync.ts'

export interface EntitySource {
  /** The list route under api/biz, or the statistics model (attachments). */
  route: string
  expand?: string
  /** Attachment lists come from the statistics route (spec 4.2), all invoices' links in one query. */
  statistics?: { model: string; select: string; expand: string; filter: string }
  /** Which rows the cache holds; null: all of them. */
  scope?: (options: Required<PullOptions>, now: Date) => string | null
}

/** A date-time literal in a filter (field notes: dates are quoted). */
export const quote = (value: string) => `'${value.replaceAll("'", "''")}'`

export const sources: Record<SyncEntity, EntitySource> = {
  SupplierInvoice: {
    route: 'supplierinvoices',
    // Cost lines, dimensions and the bank account feed the review's supplier memory and its
    // bank-account check from the cache.
    expand: 'Supplier,Supplier.Info,JournalEntry,JournalEntry.DraftLines,DefaultDimensions,BankAccount',
    scope: (options, now) => {
      const cutoff = new Date(now.getTime() - options.journaledDays * 86_400_000).toISOString()
      return `(StatusCode ne ${SupplierInvoiceStatus.Journaled} or UpdatedAt ge ${quote(cutoff)})`
    },
  },
  Supplier: {
    route: 'suppliers',
    expand: 'Info,Info.Addresses,Info.BankAccounts,Info.InvoiceAddress,Info.DefaultBankAccount',
  },
  Account: { route: 'accounts' },
  VatType: { route: 'vattypes' },
  Department: { route: 'departments' },
  Project: { route: 'projects' },
  CurrencyCode: { route: 'currencycodes' },
  User: { route: 'users' },
  Team: { route: 'teams', expand: 'Positions' },
  CompanySettings: { route: 'companysettings' },
  Approval: {
    route: 'approvals',
    scope: (options) => (options.userId === null ? 'ID lt 0' : `UserID eq ${options.userId}`),
  },
  // The plan names every step and its approvers: "step 2 of 3" and who else is in the step.
  Task: { route: 'tasks', expand: 'ApprovalPlan' },
  // Booked entries are read by the journal view's search (journal.search); the workspace keeps what it found.
  JournalEntry: { route: 'journalentries' },
  FileAttachment: {
    route: 'api/statistics',
    statistics: {
      model: 'FileEntityLink',
      select:
        'ID as ID,FileID as FileID,EntityType as EntityType,EntityID as EntityID,UpdatedAt as UpdatedAt,' +
        'File.Name as Name,File.ContentType as ContentType,File.ContentLength as ContentLength',
      expand: 'File',
      // Statistics lists soft-deleted rows unless told not to (field notes).
      filter: "EntityType eq 'SupplierInvoice' and Deleted eq 0",
    },
  },
}

/** The page after the checkpoint (UpdatedAt, ID): the tie-break takes the rest of a shared UpdatedAt. */
export function afterCheckpoint(updatedAt: string | null, id: number): string | null {
  if (updatedAt === null) return id > 0 ? `ID gt ${id}` : null
  const t = quote(updatedAt)
  return `(UpdatedAt gt ${t} or (UpdatedAt eq ${t} and ID gt ${id}))`
}

export function and(...parts: (string | null | undefined)[]): string | undefined {
  const present = parts.filter((p): p is string => !!p)
  return present.length > 0 ? present.join(' and ') : undefined
}
