// Sales setup of a demo company: products, KID payment info types and distribution plans.
import { GenericStatus, PaymentInfoTypeStatus } from '../../common/status.ts'
import { DEMO_VAT_TYPES } from './demo-ledger.ts'
import { DEMO_PRODUCTS } from './demo-parties.ts'
import type { Row } from './insert.ts'

export type Insert = (entity: string, rows: Row[]) => Promise<Row[]>

/** KID types (spec 2.9, 2.11; field notes): parts are macros or literal digits adding up to Length. */
export async function seedKidTypes(insert: Insert): Promise<void> {
  const types = [
    {
      Name: 'KID: kundenummer og fakturanummer',
      parts: [
        ['<customer_number>', 5],
        ['<invoice_number>', 9],
        ['<modulus10>', 1],
      ] as const,
    },
    {
      Name: 'KID: fakturanummer',
      parts: [
        ['<invoice_number>', 9],
        ['<modulus10>', 1],
      ] as const,
    },
    {
      Name: 'KID: prefiks 70 og fakturanummer',
      Type: 4,
      parts: [
        ['70', 2],
        ['<invoice_number>', 9],
        ['<modulus10>', 1],
      ] as const,
    },
    {
      Name: 'KID: gammelt oppsett (7 siffer)',
      StatusCode: PaymentInfoTypeStatus.Disabled,
      parts: [
        ['<invoice_number>', 6],
        ['<modulus10>', 1],
      ] as const,
    },
  ]
  const rows = await insert(
    'PaymentInfoType',
    types.map((t) => ({
      Name: t.Name,
      Type: t.Type ?? 1,
      Length: t.parts.reduce((sum, [, length]) => sum + length, 0),
      Modulus: 10,
      Control: 10,
      HasKid: true,
      StatusCode: t.StatusCode ?? PaymentInfoTypeStatus.Active,
    })),
  )
  await insert(
    'PaymentInfoTypePart',
    types.flatMap((t, i) =>
      t.parts.map(([part, length], sortIndex) => ({
        PaymentInfoTypeID: rows[i]!.ID,
        Part: part,
        Length: length,
        SortIndex: sortIndex,
      })),
    ),
  )
}

export async function seedDistributionPlans(insert: Insert): Promise<void> {
  const plans = [
    { Name: 'E-post med PDF, deretter papir', EntityType: 'CustomerInvoice', elements: ['Email', 'Print'] },
    { Name: 'EHF, deretter e-post', EntityType: 'CustomerInvoice', elements: ['EHF', 'Email'] },
    { Name: 'Ordrebekreftelse på e-post', EntityType: 'CustomerOrder', elements: ['Email'] },
  ]
  const rows = await insert(
    'DistributionPlan',
    plans.map((p) => ({ Name: p.Name, EntityType: p.EntityType, StatusCode: GenericStatus.Active })),
  )
  await insert(
    'DistributionPlanElement',
    plans.flatMap((p, i) =>
      p.elements.map((type, priority) => ({
        DistributionPlanID: rows[i]!.ID,
        DistributionType: type,
        Priority: priority + 1,
      })),
    ),
  )
}

const round2 = (n: number) => Math.round(n * 100) / 100

export async function seedProducts(
  insert: Insert,
  vatId: Map<string, number>,
  accountId: Map<number, number>,
): Promise<Row[]> {
  return insert(
    'Product',
    DEMO_PRODUCTS.map((p) => {
      const percent = DEMO_VAT_TYPES.find((v) => v.vatCode === p.vatCode)!.percent
      return {
        PartName: p.partName,
        Name: p.name,
        Unit: p.unit,
        PriceExVat: p.priceExVat,
        PriceIncVat: round2(p.priceExVat * (1 + percent / 100)),
        ListPrice: p.priceExVat,
        VatTypeID: vatId.get(p.vatCode),
        AccountID: accountId.get(p.account),
        StatusCode: GenericStatus.Active,
      }
    }),
  )
}
