// What the journal grid chooses from, read from the open company's cache: accounts (by number), VAT types
// (by code, with the rules the preview computes with), departments and projects (by number), and the
// company's base currency. The documents name no list of departments or projects: where the platform refuses
// one (the pull marks it unavailable, and the grid has no column for it), `unlistedDimensions` says which.
import { computed, type Ref } from 'vue'
import type { AccountRef } from '@common/parse'
import { vatTypeRule, type VatTypeRule } from '@common/vat'
import type { WorkspaceDb } from '@renderer/data/schema'
import { useLiveQuery } from '@renderer/data/use-live-query'
import type { VatTypeOption } from './JournalGrid.vue'
import type { DimensionRef } from './parse.ts'

/** A department or project as the grid's columns offer it: by number. */
const dimensionRef = (ID: number, number: string | null | undefined, name: string | null): DimensionRef => ({
  ID,
  Number: number ?? '',
  Name: name ?? '',
})
const byNumber = (a: DimensionRef, b: DimensionRef) =>
  a.Number.localeCompare(b.Number, 'nb', { numeric: true })

export function useJournalLookups(
  db: Readonly<Ref<WorkspaceDb | null>>,
  companyKey: Readonly<Ref<string | null>>,
) {
  /** The company's accounts from the cache, by number (an account without a number cannot be typed). */
  const accounts = useLiveQuery(
    async () =>
      db.value && companyKey.value
        ? (await db.value.Account.where('companyKey').equals(companyKey.value).toArray())
            .flatMap(({ ID, AccountNumber, AccountName, VatTypeID }): AccountRef[] =>
              AccountNumber === null || AccountNumber === undefined
                ? []
                : [{ ID, AccountNumber, AccountName: AccountName ?? '', VatTypeID }],
            )
            .sort((a, b) => a.AccountNumber - b.AccountNumber)
        : [],
    [db, companyKey],
    [] as AccountRef[],
  )
  const vatRows = useLiveQuery(
    async () =>
      db.value && companyKey.value
        ? (await db.value.VatType.where('companyKey').equals(companyKey.value).toArray()).map(
            (row): VatTypeRule & VatTypeOption => ({ ...vatTypeRule(row), VatCode: row.VatCode }),
          )
        : [],
    [db, companyKey],
    [] as (VatTypeRule & VatTypeOption)[],
  )
  const baseCurrency = useLiveQuery(
    async () => {
      if (!db.value || !companyKey.value) return null
      const settings = await db.value.CompanySettings.where('companyKey').equals(companyKey.value).first()
      return settings?.BaseCurrencyCodeID ?? null
    },
    [db, companyKey],
    null as number | null,
  )
  const departments = useLiveQuery(
    async () =>
      db.value && companyKey.value
        ? (await db.value.Department.where('companyKey').equals(companyKey.value).toArray())
            .map((d) => dimensionRef(d.ID, d.DepartmentNumber, d.Name))
            .sort(byNumber)
        : [],
    [db, companyKey],
    [] as DimensionRef[],
  )
  const projects = useLiveQuery(
    async () =>
      db.value && companyKey.value
        ? (await db.value.Project.where('companyKey').equals(companyKey.value).toArray())
            .map((p) => dimensionRef(p.ID, p.ProjectNumber, p.Name))
            .sort(byNumber)
        : [],
    [db, companyKey],
    [] as DimensionRef[],
  )
  /** The dimensions whose list the platform refused in this company and that have no cached rows. */
  const unlistedDimensions = useLiveQuery(
    async (): Promise<('department' | 'project')[]> => {
      if (!db.value || !companyKey.value) return []
      const key = companyKey.value
      const [department, project] = await db.value.checkpoints.bulkGet([
        [key, 'Department'],
        [key, 'Project'],
      ])
      const [departments, projects] = await Promise.all([
        db.value.Department.where('companyKey').equals(key).count(),
        db.value.Project.where('companyKey').equals(key).count(),
      ])
      return [
        ...(department?.unavailable && departments === 0 ? (['department'] as const) : []),
        ...(project?.unavailable && projects === 0 ? (['project'] as const) : []),
      ]
    },
    [db, companyKey],
    [] as ('department' | 'project')[],
  )
  const vatRules = computed(() => new Map<number, VatTypeRule>(vatRows.value.map((v) => [v.ID, v])))
  const vatOptions = computed(() =>
    [...vatRows.value].sort((a, b) => Number(a.VatCode ?? 999) - Number(b.VatCode ?? 999)),
  )

  return { accounts, vatRules, vatOptions, baseCurrency, departments, projects, unlistedDimensions }
}
