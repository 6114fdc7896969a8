import { describe, expect, it } from 'vitest'
import type { SalesDraft } from '../../../../common/bridge/sales.ts'
import { createInvoiceGraph, editInvoiceGraph } from './sales-actions.ts'

const draft = (over: Partial<SalesDraft> = {}): SalesDraft => ({
  CustomerID: 7,
  CustomerName: 'Fjellbrød AS',
  InvoiceDate: '2026-11-20',
  YourReference: null,
  Items: [
    { ID: 11, ItemText: 'Rugbrød', NumberOfItems: 3, PriceExVatCurrency: 33.33, VatTypeID: 3, SortIndex: 0 },
    { ItemText: 'Kake', NumberOfItems: 1, PriceExVatCurrency: 100, VatTypeID: 31, SortIndex: 1 },
  ],
  ...over,
})

describe("sales' graph writes", () => {
  it('creates every line and an inline customer with `_createguid`, leaving empty header fields to the platform', () => {
    const graph = createInvoiceGraph(
      draft({
        CustomerID: 0,
        CustomerName: 'Havbris AS',
        Customer: {
          Name: 'Havbris AS',
          OrgNumber: '995525828',
          EmailAddress: 'post@havbris.example',
          CreditDays: 20,
        },
      }),
    )
    expect(graph).not.toHaveProperty('YourReference')
    expect(graph.CustomerID).toBe(0)
    expect(graph.Customer).toMatchObject({
      _createguid: expect.any(String),
      OrgNumber: '995525828',
      CreditDays: 20,
      Info: { Name: 'Havbris AS', DefaultEmail: { EmailAddress: 'post@havbris.example' } },
    })
    const items = graph.Items as Record<string, unknown>[]
    expect(items.map((i) => [i.ID, typeof i._createguid, i.ItemText])).toEqual([
      [undefined, 'string', 'Rugbrød'],
      [undefined, 'string', 'Kake'],
    ])
  })

  it('updates the lines the server has, creates new ones and deletes the ones the draft dropped', () => {
    const server = {
      ID: 55,
      Items: [
        { ID: 11, ItemText: 'Rugbrød' },
        { ID: 12, ItemText: 'Kanelbolle' },
        { ID: 13, ItemText: 'Gammel', Deleted: true },
      ],
    }
    const graph = editInvoiceGraph(server, draft())
    // A cleared field is sent as null, so it is cleared on the platform too.
    expect(graph).toMatchObject({ ID: 55, YourReference: null })
    expect(
      (graph.Items as Record<string, unknown>[]).map((i) => [i.ID ?? 'new', i.Deleted ?? false]),
    ).toEqual([
      [11, false],
      ['new', false],
      [12, true],
    ])
  })

  it('writes only the custom values that hold something into a new draft', () => {
    const graph = createInvoiceGraph(draft({ CustomValues: { CustomProsjekt: 'P-17', CustomTimer: null } }))
    expect(graph.CustomValues).toEqual({ CustomProsjekt: 'P-17' })
    expect(createInvoiceGraph(draft({ CustomValues: { CustomTimer: null } }))).not.toHaveProperty(
      'CustomValues',
    )
  })
})
