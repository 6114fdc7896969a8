// Journaling supplier invoices over HTTP (spec 3.1 `journal`, 4.5): cost lines saved through the
// invoice graph as JournalEntry.DraftLines, booked with a generated payables line on 2400 so the entry
// balances; the invoice moves to 30104 with its JournalEntryID. Refusals name the problem.
import { describe, expect, it } from 'vitest'
import { SupplierInvoiceStatus } from '../../../common/status.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { usePlatformAs } from '../../support/platform.ts'

const nordlys: string = DEMO_COMPANIES.nordlys.key

const anne = usePlatformAs(DEMO_USERS.anne.email, nordlys)
const call = anne.call

const accounts = new Map<number, number>()
async function account(n: number): Promise<number> {
  if (!accounts.has(n)) {
    const r = await call('GET', `api/biz/accounts?filter=accountnumber eq ${n}&select=ID`)
    accounts.set(n, r.body[0].ID)
  }
  return accounts.get(n)!
}
async function vatTypeId(code: string): Promise<number> {
  return (await call('GET', `api/biz/vattypes?filter=VatCode eq '${code}'&select=ID`)).body[0].ID
}
async function supplier(): Promise<{ ID: number; Info: { Name: string } }> {
  return (await call('GET', 'api/biz/suppliers?expand=Info&filter=StatusCode eq 20001&top=1')).body[0]
}

/** A draft invoice with cost lines written through the invoice graph. */
async function invoiceWithLines(total: number, lines: { account: number; amount: number; vat?: string }[]) {
  const sup = await supplier()
  const DraftLines = []
  for (const l of lines) {
    DraftLines.push({
      _createguid: `line-${Math.random()}`,
      AccountID: await account(l.account),
      Amount: l.amount,
      VatTypeID: l.vat ? await vatTypeId(l.vat) : null,
      Description: `Kostnad ${l.account}`,
    })
  }
  const r = await call('POST', 'api/biz/supplierinvoices?expand=JournalEntry.DraftLines', {
    SupplierID: sup.ID,
    InvoiceNumber: `F-${Math.floor(Math.random() * 1e9)}`,
    InvoiceDate: '2026-06-15',
    TaxInclusiveAmount: total,
    PaymentID: '1234567890128',
    JournalEntry: { _createguid: 'je', DraftLines },
  })
  expect(r.status).toBe(201)
  return { invoice: r.body, supplier: sup }
}

describe('supplier invoice cost lines', () => {
  it('are saved through the invoice graph and read back with expand=JournalEntry.DraftLines', async () => {
    const { invoice } = await invoiceWithLines(1875, [
      { account: 6800, amount: 1250, vat: '1' },
      { account: 6300, amount: 625 },
    ])
    expect(invoice.JournalEntryID).toEqual(expect.any(Number))
    const read = await call('GET', `api/biz/supplierinvoices/${invoice.ID}?expand=JournalEntry.DraftLines`)
    const drafts = read.body.JournalEntry.DraftLines
    expect(drafts.map((d: { Amount: number }) => d.Amount).sort()).toEqual([1250, 625])
    expect(read.body.JournalEntry.JournalEntryNumber).toBeNull()

    // A PUT of the graph changes a line while the invoice is a draft.
    const line = drafts.find((d: { Amount: number }) => d.Amount === 625)
    const put = await call('PUT', `api/biz/supplierinvoices/${invoice.ID}?expand=JournalEntry.DraftLines`, {
      JournalEntry: { ID: invoice.JournalEntryID, DraftLines: [{ ID: line.ID, Amount: 600 }] },
      TaxInclusiveAmount: 1850,
    })
    expect(put.status).toBe(200)
    expect(put.body.JournalEntry.DraftLines.map((d: { Amount: number }) => d.Amount).sort()).toEqual([
      1250, 600,
    ])
  })
})

describe('journal', () => {
  it('books the cost lines with VAT and a payables line on 2400; the invoice is 30104 with its entry', async () => {
    const { invoice, supplier: sup } = await invoiceWithLines(1875, [
      { account: 6800, amount: 1250, vat: '1' },
      { account: 6300, amount: 625, vat: '0' },
    ])
    const r = await call('POST', `api/biz/supplierinvoices/${invoice.ID}?action=journal`)
    expect(r.status).toBe(204)
    const read = await call('GET', `api/biz/supplierinvoices/${invoice.ID}?expand=JournalEntry.Lines`)
    expect(read.body.StatusCode).toBe(SupplierInvoiceStatus.Journaled)
    expect(read.body.JournalEntryID).toBe(invoice.JournalEntryID)
    const entry = read.body.JournalEntry
    expect(entry.JournalEntryNumber).toMatch(/^\d+-2026$/)
    const lines = entry.Lines as {
      AccountID: number
      Amount: number
      SupplierInvoiceID: number
      Description: string
      PaymentID: string
      FinancialDate: string
    }[]
    const sum = lines.reduce((s, l) => s + Math.round(l.Amount * 100), 0)
    expect(sum).toBe(0)
    const ids = new Map<number, number>()
    for (const n of [6800, 2710, 6300, 2400]) ids.set(n, await account(n))
    const on = async (n: number) => lines.filter((l) => l.AccountID === ids.get(n))
    expect((await on(6800)).map((l) => l.Amount)).toEqual([1000])
    expect((await on(2710)).map((l) => l.Amount)).toEqual([250])
    expect((await on(6300)).map((l) => l.Amount)).toEqual([625])
    const payables = await on(2400)
    expect(payables).toHaveLength(1)
    expect(payables[0]).toMatchObject({
      Amount: -1875,
      PaymentID: '1234567890128',
      FinancialDate: '2026-06-15',
    })
    expect(payables[0]!.Description).toContain(invoice.InvoiceNumber)
    expect(payables[0]!.Description).toContain(sup.Info.Name)
    expect(lines.every((l) => l.SupplierInvoiceID === invoice.ID)).toBe(true)
  })

  it('cannot be changed after journaling: the booked entry keeps its draft lines', async () => {
    const { invoice } = await invoiceWithLines(100, [{ account: 6800, amount: 100 }])
    expect((await call('POST', `api/biz/supplierinvoices/${invoice.ID}?action=journal`)).status).toBe(204)
    const je = (await call('GET', `api/biz/journalentries/${invoice.JournalEntryID}?expand=DraftLines`)).body
    const r = await call('PUT', `api/biz/journalentries/${invoice.JournalEntryID}`, {
      DraftLines: [{ ID: je.DraftLines[0].ID, Amount: 1 }],
    })
    expect(r.status).toBe(400)
  })

  it('refuses an invoice without cost lines, naming it, and leaves the status', async () => {
    const sup = await supplier()
    const inv = (
      await call('POST', 'api/biz/supplierinvoices', { SupplierID: sup.ID, TaxInclusiveAmount: 500 })
    ).body
    const r = await call('POST', `api/biz/supplierinvoices/${inv.ID}?action=journal`)
    expect(r.status).toBe(400)
    expect(r.body.Message).toBe(
      `Supplier invoice ${inv.ID} cannot be journaled: it has no cost lines (JournalEntry.DraftLines)`,
    )
    expect((await call('GET', `api/biz/supplierinvoices/${inv.ID}`)).body.StatusCode).toBe(
      SupplierInvoiceStatus.Draft,
    )
  })

  it('refuses cost lines that do not add up to TaxInclusiveAmount, with both sums', async () => {
    const { invoice } = await invoiceWithLines(1000, [{ account: 6800, amount: 1250, vat: '1' }])
    const r = await call('POST', `api/biz/supplierinvoices/${invoice.ID}?action=journal`)
    expect(r.status).toBe(400)
    expect(r.body.Message).toBe(
      `Supplier invoice ${invoice.ID} cannot be journaled: the cost lines add up to 1\u00a0250,00, TaxInclusiveAmount is 1\u00a0000,00 (difference 250,00)`,
    )
    const read = await call('GET', `api/biz/supplierinvoices/${invoice.ID}?expand=JournalEntry`)
    expect(read.body.StatusCode).toBe(SupplierInvoiceStatus.Draft)
    expect(read.body.JournalEntry.JournalEntryNumber).toBeNull()
  })

  it('refuses an invoice without TaxInclusiveAmount', async () => {
    const sup = await supplier()
    const r0 = await call('POST', 'api/biz/supplierinvoices', {
      SupplierID: sup.ID,
      JournalEntry: {
        _createguid: 'x',
        DraftLines: [{ _createguid: 'y', AccountID: await account(6800), Amount: 10 }],
      },
    })
    const r = await call('POST', `api/biz/supplierinvoices/${r0.body.ID}?action=journal`)
    expect(r.status).toBe(400)
    expect(r.body.Message).toMatch(/TaxInclusiveAmount is missing/)
  })

  it('refuses an invoice whose supplier is gone', async () => {
    const sup = await supplier()
    const created = await call('POST', 'api/biz/suppliers', {
      Info: { _createguid: 'i', Name: 'Kortvarig AS' },
    })
    expect(created.status).toBe(201)
    const { invoice } = await invoiceWithLines(100, [{ account: 6800, amount: 100 }])
    void sup
    await call('PUT', `api/biz/supplierinvoices/${invoice.ID}`, { SupplierID: created.body.ID })
    expect((await call('DELETE', `api/biz/suppliers/${created.body.ID}`)).status).toBe(204)
    const r = await call('POST', `api/biz/supplierinvoices/${invoice.ID}?action=journal`)
    expect(r.status).toBe(400)
    expect(r.body.Message).toBe(
      `Supplier invoice ${invoice.ID} cannot be journaled: supplier ${created.body.ID} does not exist`,
    )
  })
})
