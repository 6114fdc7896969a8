// What the invoice editor chooses from, read from the open company's cache: customers (searched by name or
// organisation number), products, the company's sales VAT codes, currencies, distribution plans, the active
// KID type, the factoring setups and the company's own settings. Every query names the company, so nothing
// of another company is offered.
import { computed, type Ref } from 'vue'
import type { Customer, CurrencyCode, DistributionPlan, PaymentInfoType, Product, VatType } from '@common/entities/rows'
import { kidTypeFor } from '@common/sales/kid'
import type { Cached, WorkspaceDb } from '@renderer/data/schema'
import { useLiveQuery } from '@renderer/data/use-live-query'
import { salesVatTypes } from './editor-model.ts'

type Db = Readonly<Ref<WorkspaceDb | null>>
type Key = Readonly<Ref<string>>

/** Every row of one cached table of the company. */
function useCompanyRows<E extends 'Product' | 'VatType' | 'CurrencyCode' | 'DistributionPlan' | 'PaymentInfoType' | 'FactoringSettings'>(
  db: Db,
  companyKey: Key,
  entity: E,
) {
  return useLiveQuery(
    async () =>
      db.value
        ? ((await db.value.table(entity).where('companyKey').equals(companyKey.value).toArray()) as Cached<E>[])
        : [],
    [db, companyKey],
    [] as Cached<E>[],
  )
}

const byName = <R extends { Name?: string | null }>(a: R, b: R) =>
  (a.Name ?? '').localeCompare(b.Name ?? '', 'nb')

export function useSalesLookups(db: Db, companyKey: Key) {
  const products = useCompanyRows(db, companyKey, 'Product')
  const vatRows = useCompanyRows(db, companyKey, 'VatType')
  const currencies = useCompanyRows(db, companyKey, 'CurrencyCode')
  const plans = useCompanyRows(db, companyKey, 'DistributionPlan')
  const kidTypes = useCompanyRows(db, companyKey, 'PaymentInfoType')
  const factoring = useCompanyRows(db, companyKey, 'FactoringSettings')
  const settings = useLiveQuery(
    async () => (db.value ? ((await db.value.CompanySettings.where('companyKey').equals(companyKey.value).first()) ?? null) : null),
    [db, companyKey],
    null as Cached<'CompanySettings'> | null,
  )

  const allVatTypes = computed(() => vatRows.value as VatType[])
  const vatTypes = computed(() =>
    salesVatTypes(vatRows.value).sort((a, b) =>
      (a.VatCode ?? '').localeCompare(b.VatCode ?? '', 'nb', { numeric: true }),
    ),
  )
  const activeProducts = computed(() => [...products.value].sort(byName) as Product[])
  const sortedCurrencies = computed(() =>
    [...currencies.value].sort((a, b) => (a.Code ?? '').localeCompare(b.Code ?? '')) as CurrencyCode[],
  )
  const sortedPlans = computed(() => [...plans.value].sort(byName) as DistributionPlan[])
  /** The KID type an invoice gets (common/sales/kid.ts: the one it names, else the company's active one). */
  const kidTypeOf = (invoice: { PaymentInfoTypeID?: number | null }) =>
    kidTypeFor({ PaymentInfoTypeID: invoice.PaymentInfoTypeID ?? null }, kidTypes.value as PaymentInfoType[], factoring.value)
  const hasFactoring = computed(() => factoring.value.length > 0)
  const baseCurrencyId = computed(() => settings.value?.BaseCurrencyCodeID ?? null)

  /** Customers whose name contains the text, or whose organisation number starts with its digits. */
  async function searchCustomers(text: string, limit = 12): Promise<Customer[]> {
    const workspace = db.value
    if (!workspace) return []
    const query = text.trim().toLowerCase()
    const digits = query.replace(/\s/g, '')
    const table = workspace.Customer
    if (/^\d{3,9}$/.test(digits)) {
      const byOrg = await table
        .where('[companyKey+_orgNumber]')
        .between([companyKey.value, digits], [companyKey.value, `${digits}\uffff`])
        .limit(limit)
        .toArray()
      if (byOrg.length) return byOrg
    }
    return table
      .where('companyKey')
      .equals(companyKey.value)
      .filter((c) => (c.Info?.Name ?? '').toLowerCase().includes(query))
      .limit(limit)
      .toArray()
  }

  return {
    products: activeProducts,
    vatTypes,
    allVatTypes,
    currencies: sortedCurrencies,
    plans: sortedPlans,
    kidTypeOf,
    hasFactoring,
    settings,
    baseCurrencyId,
    searchCustomers,
  }
}
