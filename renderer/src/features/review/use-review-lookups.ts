// What the review chooses from, read from the open company's cache: suppliers, currencies, departments,
// projects, accounts and VAT codes, and the users and teams an invoice can be sent to for approval. Sorted
// as the user looks for them (names in Norwegian order, accounts by number); deleted users and teams left out.
import { computed, type Ref } from 'vue'
import type { CachedRow, WorkspaceDb } from '@renderer/data/schema'
import { useLiveQuery } from '@renderer/data/use-live-query'
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
}

const none = (): ReviewLookups => ({
  suppliers: [],
  currencies: [],
  departments: [],
  projects: [],
  users: [],
  teams: [],
  accounts: [],
  vatTypes: [],
})

const byName = (a: CachedRow, b: CachedRow) => String(a.Name ?? '').localeCompare(String(b.Name ?? ''), 'nb')

async function loadLookups(db: WorkspaceDb, companyKey: string): Promise<ReviewLookups> {
  const [suppliers, currencies, departments, projects, accounts, vatTypes, users, teams] = await Promise.all([
    db.Supplier.where('companyKey').equals(companyKey).toArray(),
    db.CurrencyCode.where('companyKey').equals(companyKey).toArray(),
    db.Department.where('companyKey').equals(companyKey).toArray(),
    db.Project.where('companyKey').equals(companyKey).toArray(),
    db.Account.where('companyKey').equals(companyKey).toArray(),
    db.VatType.where('companyKey').equals(companyKey).toArray(),
    db.User.where('companyKey').equals(companyKey).toArray(),
    db.Team.where('companyKey').equals(companyKey).toArray(),
  ])
  return {
    suppliers: suppliers.sort((a, b) => supplierName(a).localeCompare(supplierName(b), 'nb')),
    currencies: currencies.sort((a, b) => String(a.Code).localeCompare(String(b.Code))),
    departments: departments.sort(byName),
    projects: projects.sort(byName),
    users: users
      .filter((u) => u.Deleted !== true)
      .sort((a, b) => String(a.DisplayName ?? '').localeCompare(String(b.DisplayName ?? ''), 'nb')),
    teams: teams.filter((team) => team.Deleted !== true).sort(byName),
    accounts: (accounts as unknown as AccountRef[])
      .filter((a) => a.AccountNumber !== undefined)
      .sort((a, b) => a.AccountNumber - b.AccountNumber),
    vatTypes: vatTypes as unknown as CostVatType[],
  }
}

const optionLabel = (r: CachedRow) => String(r.Name ?? r.Code ?? r.ID)

export function useReviewLookups(workspace: Readonly<Ref<WorkspaceDb | null>>, companyKey: string | null) {
  const lookups = useLiveQuery<ReviewLookups>(
    async () => (workspace.value && companyKey ? loadLookups(workspace.value, companyKey) : none()),
    [workspace],
    none(),
  )
  /** Currency, department and project: chosen from the company's cached rows. */
  const pickers = computed(() => [
    {
      field: 'CurrencyCodeID' as const,
      id: 'review-currency',
      options: lookups.value.currencies,
      label: (r: CachedRow) => String(r.Code ?? r.ID),
    },
    {
      field: 'DepartmentID' as const,
      id: 'review-department',
      options: lookups.value.departments,
      label: optionLabel,
    },
    {
      field: 'ProjectID' as const,
      id: 'review-project',
      options: lookups.value.projects,
      label: optionLabel,
    },
  ])
  return { lookups, pickers }
}
