// The sales lookups exactly as spec 4.3, 4.7 and 4.1 write them: customers by Info name, products by
// name, active KID types with their parts in order, distribution plans by entity type, orders with
// their expansions, contacts with the Info graph, company settings.
import { describe, expect, it } from 'vitest'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { usePlatformAs } from '../../support/platform.ts'

const nordlys: string = DEMO_COMPANIES.nordlys.key

const anne = usePlatformAs(DEMO_USERS.anne.email, nordlys)
const call = anne.call

describe('sales lookups', () => {
  it('finds customers by info.name with eq and contains', async () => {
    const all = await call('GET', 'api/biz/customers?expand=Info')
    expect(all.status).toBe(200)
    const name: string = all.body[0].Info.Name
    const eq = await call(
      'GET',
      `api/biz/customers?expand=Info&filter=info.name eq '${name.replace(/'/g, "''")}'`,
    )
    expect(eq.status).toBe(200)
    expect(eq.body.map((c: { ID: number }) => c.ID)).toEqual([all.body[0].ID])
    const word = name.split(' ')[0]!.toLowerCase()
    const contains = await call('GET', `api/biz/customers?expand=Info&filter=contains(info.name,'${word}')`)
    expect(contains.body.length).toBeGreaterThan(0)
    expect(
      contains.body.every((c: { Info: { Name: string } }) => c.Info.Name.toLowerCase().includes(word)),
    ).toBe(true)
  })

  it('finds products by name', async () => {
    const r = await call('GET', `api/biz/products?filter=name eq 'Konsulenttime'`)
    expect(r.status).toBe(200)
    expect(r.body).toHaveLength(1)
    expect(r.body[0]).toMatchObject({ Name: 'Konsulenttime', PriceExVat: 1250, Unit: 'timer' })
  })

  it('lists active KID types with their parts ordered by SortIndex', async () => {
    // Parts written out of order: the listing orders them.
    const created = await call('POST', 'api/biz/paymentinfotype', {
      Name: 'KID: omvendt',
      Type: 2,
      Length: 8,
      Modulus: 10,
      PaymentInfoTypeParts: [
        { _createguid: 'x3', Part: '<modulus10>', Length: 1, SortIndex: 3 },
        { _createguid: 'x1', Part: '<customer_number>', Length: 5, SortIndex: 1 },
        { _createguid: 'x2', Part: '<invoice_number>', Length: 2, SortIndex: 2 },
      ],
    })
    expect(created.status).toBe(201)
    const r = await call(
      'GET',
      'api/biz/paymentinfotype?filter=statuscode eq 42400&expand=PaymentInfoTypeParts&orderby=Type,PaymentInfoTypeParts.SortIndex asc',
    )
    expect(r.status).toBe(200)
    expect(r.body.length).toBe(4)
    const reversed = r.body.find((t: { ID: number }) => t.ID === created.body.ID)
    expect(reversed.PaymentInfoTypeParts.map((x: { Part: string }) => x.Part)).toEqual([
      '<customer_number>',
      '<invoice_number>',
      '<modulus10>',
    ])
    expect(r.body.every((t: { StatusCode: number }) => t.StatusCode === 42400)).toBe(true)
    const types = r.body.map((t: { Type: number }) => t.Type)
    expect(types).toEqual([...types].sort((a, b) => a - b))
    for (const t of r.body) {
      const idx = t.PaymentInfoTypeParts.map((x: { SortIndex: number }) => x.SortIndex)
      expect(idx).toEqual([...idx].sort((a, b) => a - b))
      expect(t.PaymentInfoTypeParts.reduce((s: number, x: { Length: number }) => s + x.Length, 0)).toBe(
        t.Length,
      )
      expect(t.PaymentInfoTypeParts.at(-1).Part).toBe('<modulus10>')
    }
  })

  it('lists distribution plans of an entity type', async () => {
    const r = await call('GET', `api/biz/distributions?filter=EntityType eq 'CustomerInvoice'`)
    expect(r.status).toBe(200)
    expect(r.body.length).toBe(2)
    expect(
      r.body.every(
        (d: { EntityType: string; StatusCode: number }) =>
          d.EntityType === 'CustomerInvoice' && d.StatusCode === 30001,
      ),
    ).toBe(true)
  })

  it('creates an order and reads it, in the list and alone, with Items, Customer and Items.Product', async () => {
    const customer = (await call('GET', 'api/biz/customers?top=1')).body[0]
    const product = (await call('GET', `api/biz/products?filter=name eq 'Regnskapsbistand'`)).body[0]
    const created = await call('POST', 'api/biz/orders', {
      CustomerID: customer.ID,
      CustomerName: 'Ordrekunde',
      OrderDate: '2026-05-01',
      Items: [
        {
          _createguid: 'o1',
          ProductID: product.ID,
          ItemText: 'Regnskapsbistand',
          NumberOfItems: 3,
          PriceExVat: 950,
        },
      ],
    })
    expect(created.status).toBe(201)
    const expand = 'expand=Items,Customer,Items.Product'
    const list = await call('GET', `api/biz/orders?${expand}`)
    expect(list.status).toBe(200)
    const mine = list.body.find((o: { ID: number }) => o.ID === created.body.ID)
    expect(mine.Customer.ID).toBe(customer.ID)
    expect(mine.Items[0].Product.Name).toBe('Regnskapsbistand')
    const one = await call('GET', `api/biz/orders/${created.body.ID}?${expand}`)
    expect(one.status).toBe(200)
    expect(one.body).toMatchObject({
      Customer: { ID: customer.ID },
      Items: [{ NumberOfItems: 3, Product: { ID: product.ID } }],
    })
  })

  it('creates a contact with its Info graph and reads it with the suggested expand', async () => {
    const created = await call('POST', 'api/biz/contacts', {
      Comment: 'Daglig leder',
      Info: {
        _createguid: 'b1',
        Name: 'Kari Kontakt',
        InvoiceAddress: {
          _createguid: 'a1',
          AddressLine1: 'Fjordveien 2',
          PostalCode: '5003',
          City: 'Bergen',
        },
        DefaultPhone: { _createguid: 'p1', Number: '+4791234567' },
        DefaultEmail: { _createguid: 'e1', EmailAddress: 'kari@kontakt.example' },
      },
    })
    expect(created.status).toBe(201)
    const expand =
      'expand=Info,Info.InvoiceAddress,Info.DefaultPhone,Info.DefaultEmail,Info.DefaultAddress&hateoas=false'
    const one = await call('GET', `api/biz/contacts/${created.body.ID}?${expand}`)
    expect(one.status).toBe(200)
    expect(one.body).toMatchObject({
      Comment: 'Daglig leder',
      Info: {
        Name: 'Kari Kontakt',
        InvoiceAddress: { City: 'Bergen' },
        DefaultPhone: { Number: '+4791234567' },
        DefaultEmail: { EmailAddress: 'kari@kontakt.example' },
        DefaultAddress: null,
      },
    })
    expect(one.body.InfoID).toBe(one.body.Info.ID)
    const list = await call('GET', `api/biz/contacts?${expand}&top=10`)
    expect(list.status).toBe(200)
    expect(list.body.some((c: { ID: number }) => c.ID === created.body.ID)).toBe(true)
    expect(list.body.length).toBeLessThanOrEqual(10)
  })

  it('answers the company settings', async () => {
    const r = await call('GET', 'api/biz/companysettings')
    expect(r.status).toBe(200)
    expect(r.body).toHaveLength(1)
    expect(r.body[0]).toMatchObject({ CompanyName: DEMO_COMPANIES.nordlys.name, UseFactoring: false })
  })
})
