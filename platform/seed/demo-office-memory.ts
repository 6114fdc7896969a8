// The office's memory of a supplier, as the demo shows it: Hamar Kontormøbler AS delivers office furniture to
// three clients. In Nordlys Bakeri AS (two invoices) and Fjordbygg Rørlegger AS (one) the office has coded
// and booked its invoices to 6540 Inventar with VAT code 1; Aurora Arkitekter AS has just registered it (no
// default account) and has its first invoice from it waiting in review, with its PDF: the review proposes
// 6540 Inventar and VAT code 1 from the two other clients. Written through the platform's own write path,
// as demo-review.ts does.
import { generateBankAccount, generateKid, generateOrgNumber } from '../../common/norwegian.ts'
import type { Sql } from '../db/store.ts'
import type { FileStorage } from '../files/storage.ts'
import type { HookSet } from '../model/hooks.ts'
import type { Registry } from '../registry/registry.ts'
import { DEMO_COMPANIES } from './demo-constants.ts'
import { scopeOf } from './demo-contacts.ts'
import { attachInvoiceDocuments } from './demo-documents.ts'
import {
  action,
  attachDemoPdf,
  create,
  demoInvoicePdf,
  isoDay,
  one,
  type Actor,
  type CompanyScope,
} from './demo-approvals.ts'

/** The supplier the office knows from two clients, new to a third. */
export const DEMO_OFFICE_SUPPLIER = {
  name: 'Hamar Kontormøbler AS',
  orgNumber: generateOrgNumber(5910),
  account: generateBankAccount(5911),
  /** The account and VAT code the office books its invoices to. */
  accountNumber: 6540,
  accountName: 'Inventar',
  vatCode: '1',
  /** How many invoices each client has booked from it; Aurora's first one waits in review. */
  booked: { nordlys: 2, fjordbygg: 1 },
  firstInvoice: {
    company: 'aurora',
    invoiceNumber: '30517',
    net: 18_640,
    description: 'Skrivebord og kontorstoler',
  },
} as const

const round2 = (n: number) => Math.round(n * 100) / 100

async function createSupplier(c: CompanyScope, anne: Actor): Promise<{ id: number; bankAccountId: number }> {
  const s = DEMO_OFFICE_SUPPLIER
  const id = await create(c, anne, 'Supplier', {
    OrgNumber: s.orgNumber,
    CostAccountID: null,
    StatusCode: 30001,
    Info: {
      _createguid: 'info',
      Name: s.name,
      InvoiceAddress: {
        _createguid: 'addr',
        AddressLine1: 'Vangsvegen 73',
        PostalCode: '2317',
        City: 'Hamar',
      },
      BankAccounts: [{ _createguid: 'bank', AccountNumber: s.account }],
    },
  })
  const bank = await one<{ ID: number }>(
    c.sql,
    `select b."ID" from "BankAccount" b join "BusinessRelation" br on br."CompanyID" = b."CompanyID"
       and br."ID" = b."BusinessRelationID"
       join "Supplier" s on s."CompanyID" = br."CompanyID" and s."BusinessRelationID" = br."ID"
      where s."CompanyID" = $1 and s."ID" = $2`,
    [c.companyId, id],
  )
  return { id, bankAccountId: bank.ID }
}

function invoiceFields(
  n: number,
  net: number,
  daysAgo: number,
  supplier: { id: number; bankAccountId: number },
) {
  const vat = round2(net * 0.25)
  const gross = round2(net + vat)
  return {
    gross,
    vat,
    invoiceDate: isoDay(-daysAgo),
    dueDate: isoDay(14 - daysAgo),
    kid: generateKid(5910 + n, 10, 'mod10'),
    fields: {
      SupplierID: supplier.id,
      SupplierOrgNumber: DEMO_OFFICE_SUPPLIER.orgNumber,
      InvoiceDate: isoDay(-daysAgo),
      PaymentDueDate: isoDay(14 - daysAgo),
      TaxExclusiveAmount: net,
      TaxExclusiveAmountCurrency: net,
      VatTotalsAmount: vat,
      VatTotalsAmountCurrency: vat,
      TaxInclusiveAmount: gross,
      TaxInclusiveAmountCurrency: gross,
      CurrencyExchangeRate: 1,
      BankAccountID: supplier.bankAccountId,
    },
  }
}

/** Seeds the supplier the office knows into a demo office just seeded (same transaction). */
export async function seedDemoOfficeMemory(
  sql: Sql,
  registry: Registry,
  opts: { hooks: HookSet; files?: FileStorage },
): Promise<void> {
  const s = DEMO_OFFICE_SUPPLIER
  const nok = await one<{ ID: number }>(sql, `select "ID" from "CurrencyCode" where "Code" = 'NOK'`, [])
  let n = 0
  for (const [slug, count] of Object.entries(s.booked) as [keyof typeof s.booked, number][]) {
    const { scope, anne } = await scopeOf(sql, registry, opts.hooks, DEMO_COMPANIES[slug])
    const supplier = await createSupplier(scope, anne)
    const account = await one<{ ID: number }>(
      sql,
      `select "ID" from "Account" where "CompanyID" = $1 and "AccountNumber" = $2 and "Deleted" = false`,
      [scope.companyId, s.accountNumber],
    )
    const vatType = await one<{ ID: number }>(
      sql,
      `select "ID" from "VatType" where "CompanyID" = $1 and "VatCode" = $2 and "Deleted" = false`,
      [scope.companyId, s.vatCode],
    )
    for (let i = 0; i < count; i++) {
      n++
      const inv = invoiceFields(n, 9_800 + 2_150 * n, 40 - 9 * n, supplier)
      const id = await create(scope, anne, 'SupplierInvoice', {
        ...inv.fields,
        InvoiceNumber: String(30_100 + n * 37),
        CurrencyCodeID: nok.ID,
        PaymentID: inv.kid,
        JournalEntry: {
          _createguid: 'je',
          DraftLines: [
            {
              _createguid: 'l1',
              AccountID: account.ID,
              VatTypeID: vatType.ID,
              Amount: inv.gross,
              AmountCurrency: inv.gross,
              Description: i === 0 ? 'Kontorstoler' : 'Hyllesystem til lager',
              FinancialDate: inv.invoiceDate,
            },
          ],
        },
      })
      // Its document is attached while it is a draft: a booked invoice takes no new files (spec 4.5).
      if (opts.files) await attachInvoiceDocuments(scope, anne, opts.files, [id])
      await action(scope, anne, 'SupplierInvoice', 'journal', id, undefined)
    }
  }
  // Aurora's first invoice from the supplier, as the scan station leaves it: header and PDF, no lines.
  const company = DEMO_COMPANIES[s.firstInvoice.company]
  const { scope, anne } = await scopeOf(sql, registry, opts.hooks, company)
  const supplier = await createSupplier(scope, anne)
  const first = s.firstInvoice
  const inv = invoiceFields(++n, first.net, 1, supplier)
  const invoiceId = await create(scope, anne, 'SupplierInvoice', {
    ...inv.fields,
    InvoiceNumber: first.invoiceNumber,
    CurrencyCodeID: nok.ID,
    PaymentID: inv.kid,
    Comment: `Faktura ${first.invoiceNumber}.pdf`,
  })
  if (!opts.files) return
  const bytes = await demoInvoicePdf({
    supplier: s.name,
    buyer: company.name,
    invoiceNumber: first.invoiceNumber,
    invoiceDate: inv.invoiceDate,
    dueDate: inv.dueDate,
    description: first.description,
    net: first.net,
    vat: inv.vat,
    kid: inv.kid,
    account: s.account,
  })
  await attachDemoPdf(scope, anne, opts.files, bytes, {
    name: `Faktura ${first.invoiceNumber}.pdf`,
    description: first.description,
    invoiceId,
  })
}
