// What the review chooses from, read from the open company's cache: suppliers, currencies, departments,
// projects, accounts and VAT codes, and the users and teams an invoice can be sent to for approval. Sorted
// as the user looks for them (names in Norwegian order, accounts by number); deleted users and teams left out.
// Currencies, departments and projects have no documented list: where the platform refuses one (the pull
// marks it unavailable) the picker says so instead of offering "None" for a value it cannot name.
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
  /** The pickers' lists the platform does not give in this company. */
  unlisted: ReadonlySet<PickerEntity>
}

type PickerEntity = 'CurrencyCode' | 'Department' | 'Project'
const pickerEntities: readonly PickerEntity[] = ['CurrencyCode', 'Department', 'Project']

const none = (): ReviewLookups => ({
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

const byName = (a: CachedRow, b: CachedRow) => String(a.Name ?? '').localeCompare(String(b.Name ?? ''), 'nb')

export async function loadLookups(db: WorkspaceDb, companyKey: string): Promise<ReviewLookups> {
  const checkpoints = await db.checkpoints.bulkGet(
    pickerEntities.map((entity): [string, PickerEntity] => [companyKey, entity]),
  )
  const unlisted = new Set(pickerEntities.filter((_, i) => Boolean(checkpoints[i]?.unavailable)))
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
    unlisted,
  }
}

const optionLabel = (r: CachedRow) => String(r.Name ?? r.Code ?? r.ID)

export function useReviewLookups(workspace: Readonly<Ref<WorkspaceDb | null>>, companyKey: string | null) {
  const lookups = useLiveQuery<ReviewLookups>(
    async () => (workspace.value && companyKey ? loadLookups(workspace.value, companyKey) : none()),
    [workspace],
    none(),
  )
  /**
   * Currency, department and project: chosen from the company's cached rows. `unlisted`: the platform gives
   * no list of them here, so there is nothing to choose and a value on the invoice has no name.
   */
  const pickers = computed(() => {
    const l = lookups.value
    const unlisted = (entity: PickerEntity, options: CachedRow[]) => l.unlisted.has(entity) && !options.length
    return [
      {
        field: 'CurrencyCodeID' as const,
        id: 'review-currency',
        options: l.currencies,
        label: (r: CachedRow) => String(r.Code ?? r.ID),
        unlisted: unlisted('CurrencyCode', l.currencies),
      },
      {
        field: 'DepartmentID' as const,
        id: 'review-department',
        options: l.departments,
        label: optionLabel,
        unlisted: unlisted('Department', l.departments),
      },
      {
        field: 'ProjectID' as const,
        id: 'review-project',
        options: l.projects,
        label: optionLabel,
        unlisted: unlisted('Project', l.projects),
      },
    ]
  })
  return { lookups, pickers }
}
