// What the review chooses from, read from one company's cache: suppliers, currencies, departments,
// projects, accounts and VAT codes, and the users and teams an invoice can be sent to for approval. Sorted
// as the user looks for them (names in Norwegian order, accounts by number); deleted users and teams left out.
// The review's live lookups (use-review-lookups.ts) and its read-ahead (review-read-ahead.ts) both read them so.
import type { CachedRow, WorkspaceDb } from '@renderer/data/schema'
import type { AccountRef } from '@common/parse'
import type { CostVatType } from './cost-lines.ts'
import { supplierName } from './review-queue.ts'

export interface ReviewLookups {
  suppliers: CachedRow[]
  currencies: CachedRow[]
  departments: CachedRow[]
  projects: CachedRow[]
  users: CachedRow[]
  teams: CachedRow[]
  accounts: AccountRef[]
  vatTypes: CostVatType[]
  /** The pickers' lists the platform does not give in this company. */
  unlisted: ReadonlySet<PickerEntity>
}

export type PickerEntity = 'CurrencyCode' | 'Department' | 'Project'
const pickerEntities: readonly PickerEntity[] = ['CurrencyCode', 'Department', 'Project']

export const none = (): ReviewLookups => ({
  suppliers: [],
  currencies: [],
  departments: [],
  projects: [],
  users: [],
  teams: [],
  accounts: [],
  vatTypes: [],
  unlisted: new Set(),
})

/** One collator for every comparison: `localeCompare(…, 'nb')` builds one per call. */
const nb = new Intl.Collator('nb')
const byName = (a: CachedRow, b: CachedRow) => nb.compare(String(a.Name ?? ''), String(b.Name ?? ''))

export async function loadLookups(db: WorkspaceDb, companyKey: string): Promise<ReviewLookups> {
  const tables = [
    db.checkpoints,
    db.Supplier,
    db.CurrencyCode,
    db.Department,
    db.Project,
    db.Account,
    db.VatType,
    db.User,
    db.Team,
  ]
  // One read transaction for all of them: a transaction per table costs more than the reads themselves.
  const [checkpoints, suppliers, currencies, departments, projects, accounts, vatTypes, users, teams] =
    await db.transaction('r', tables, () =>
      Promise.all([
        db.checkpoints.bulkGet(pickerEntities.map((entity): [string, PickerEntity] => [companyKey, entity])),
        db.Supplier.where('companyKey').equals(companyKey).toArray(),
        db.CurrencyCode.where('companyKey').equals(companyKey).toArray(),
        db.Department.where('companyKey').equals(companyKey).toArray(),
        db.Project.where('companyKey').equals(companyKey).toArray(),
        db.Account.where('companyKey').equals(companyKey).toArray(),
        db.VatType.where('companyKey').equals(companyKey).toArray(),
        db.User.where('companyKey').equals(companyKey).toArray(),
        db.Team.where('companyKey').equals(companyKey).toArray(),
      ]),
    )
  const unlisted = new Set(pickerEntities.filter((_, i) => Boolean(checkpoints[i]?.unavailable)))
  return {
    suppliers: suppliers.sort((a, b) => nb.compare(supplierName(a), supplierName(b))),
    currencies: currencies.sort((a, b) => String(a.Code).localeCompare(String(b.Code))),
    departments: departments.sort(byName),
    projects: projects.sort(byName),
    users: users
      .filter((u) => u.Deleted !== true)
      .sort((a, b) => nb.compare(String(a.DisplayName ?? ''), String(b.DisplayName ?? ''))),
    teams: teams.filter((team) => team.Deleted !== true).sort(byName),
    accounts: (accounts as unknown as AccountRef[])
      .filter((a) => a.AccountNumber !== undefined)
      .sort((a, b) => a.AccountNumber - b.AccountNumber),
    vatTypes: vatTypes as unknown as CostVatType[],
    unlisted,
  }
}
