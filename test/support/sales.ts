// What the sales tests and the invoicing benchmark need of a demo company: its VAT types (as the cache holds
// them, so drafts are previewed with the rates the platform books) and a customer to invoice.
import type { SalesLine } from '../../common/bridge/sales.ts'
import type { VatType } from '../../common/entities/rows.ts'

export interface SalesSetup {
  vatTypes: VatType[]
  /** Output VAT, high (25 %) and medium (15 %) rate (SAF-T codes 3 and 31). */
  vatHigh: number
  vatMedium: number
  customerId: number
  customerName: string
}

/** Reads a platform route of the company (`api/biz/...` with its query) and answers the body. */
export type PlatformGet = <T>(path: string) => Promise<T>

export async function salesSetup(get: PlatformGet): Promise<SalesSetup> {
  const vatTypes = await get<VatType[]>('api/biz/vattypes?expand=VatPercentages&hateoas=false&top=1000')
  const code = (c: string) => {
    const found = vatTypes.find((v) => v.VatCode === c)
    if (!found) throw new Error(`The demo company has no VAT code ${c}`)
    return found.ID
  }
  const [customer] = await get<{ ID: number; Info: { Name: string } }[]>(
    'api/biz/customers?expand=Info&hateoas=false&top=1&orderby=ID',
  )
  if (!customer) throw new Error('The demo company has no customer')
  return {
    vatTypes,
    vatHigh: code('3'),
    vatMedium: code('31'),
    customerId: customer.ID,
    customerName: customer.Info.Name,
  }
}

/** Two lines, one at each rate, with a discount and a price that needs rounding. */
export function salesLines(setup: SalesSetup): SalesLine[] {
  return [
    {
      ItemText: 'Konsulenttime',
      NumberOfItems: 3,
      PriceExVatCurrency: 1250.33,
      VatTypeID: setup.vatHigh,
      SortIndex: 0,
    },
    {
      ItemText: 'Catering',
      NumberOfItems: 2.5,
      PriceExVatCurrency: 399.9,
      DiscountPercent: 7.5,
      VatTypeID: setup.vatMedium,
      SortIndex: 1,
    },
  ]
}
