// Journaling a supplier invoice (spec 3.1 `journal`, 4.5; issue "Supplier invoices"): the invoice's
// cost lines (`JournalEntry.DraftLines`, gross amounts with their VAT types) are booked together with
// a generated payables line that credits the supplier's payables account with TaxInclusiveAmount, so
// the entry balances. The invoice keeps its JournalEntry, now numbered, with the booked lines.
import { formatOre, oreToDecimal, sumOre, toOre, type Ore } from '../../../common/money.ts'
import type { Sql } from '../../db/store.ts'
import { PlatformError } from '../../errors.ts'
import type { TransitionEvent, WriteScope } from '../../model/hooks.ts'
import { createEntity, setFields } from '../../model/write.ts'
import { bookExistingJournalEntry, writeContextOf, type DraftLine } from './book.ts'

type Row = Record<string, unknown>

/** The payables account of the chart (NS 4102: 2400 Leverandørgjeld). */
export const PAYABLES_ACCOUNT_NUMBER = 2400

async function first<T = Row>(sql: Sql, text: string, params: unknown[]): Promise<T | undefined> {
  return (await sql.query<T>(text, params)).rows[0]
}

function refuse(invoiceId: number, problem: string): PlatformError {
  return new PlatformError(
    'RULE_VIOLATION',
    `Supplier invoice ${invoiceId} cannot be journaled: ${problem}`,
    {
      messages: [
        {
          PropertyName: 'JournalEntry',
          EntityType: 'SupplierInvoice',
          Message: `Supplier invoice ${invoiceId} cannot be journaled: ${problem}`,
          Level: 30,
        },
      ],
    },
  )
}

/** The invoice's saved cost lines (not deleted), in their order. */
async function costLines(sql: Sql, companyId: number, journalEntryId: number): Promise<Row[]> {
  const { rows } = await sql.query<Row>(
    `select * from "JournalEntryDraftLine" where "CompanyID" = $1 and "JournalEntryID" = $2 and "Deleted" = false
      order by "SortIndex" nulls last, "ID"`,
    [companyId, journalEntryId],
  )
  return rows
}

/**
 * The amount of a supplier invoice in øre, as approvals and payments see it: TaxInclusiveAmount, or
 * the sum of its cost lines while the amount is not filled in. Undefined when neither is known.
 */
export async function supplierInvoiceAmount(
  scope: Pick<WriteScope, 'sql' | 'companyId'>,
  invoiceId: number,
): Promise<Ore | undefined> {
  const row = await first<{ TaxInclusiveAmount: string | null; JournalEntryID: number | null }>(
    scope.sql,
    'select "TaxInclusiveAmount", "JournalEntryID" from "SupplierInvoice" where "CompanyID" = $1 and "ID" = $2',
    [scope.companyId, invoiceId],
  )
  if (!row) return undefined
  const total = toOre(row.TaxInclusiveAmount)
  if (total !== undefined) return total
  if (!row.JournalEntryID) return undefined
  const lines = await costLines(scope.sql, scope.companyId, row.JournalEntryID)
  return lines.length ? sumOre(lines.map((l) => toOre(l.Amount) ?? 0)) : undefined
}

async function payablesAccount(sql: Sql, companyId: number, supplierId: number): Promise<number | undefined> {
  // A supplier with its own sub-ledger account uses it; otherwise the chart's payables account.
  const own = await first<{ ID: number }>(
    sql,
    `select "ID" from "Account" where "CompanyID" = $1 and "SupplierID" = $2 and "Deleted" = false
        and "Locked" = false order by "ID" limit 1`,
    [companyId, supplierId],
  )
  if (own) return own.ID
  const chart = await first<{ ID: number }>(
    sql,
    'select "ID" from "Account" where "CompanyID" = $1 and "AccountNumber" = $2 and "Deleted" = false',
    [companyId, PAYABLES_ACCOUNT_NUMBER],
  )
  return chart?.ID
}

/** afterTransition of SupplierInvoice `journal`: books the invoice or refuses the transition. */
export async function journalSupplierInvoice(event: TransitionEvent): Promise<void> {
  const { sql, companyId, id } = event
  const ctx = writeContextOf(event)
  const invoice = await first<Row>(
    sql,
    'select * from "SupplierInvoice" where "CompanyID" = $1 and "ID" = $2 and "Deleted" = false',
    [companyId, id],
  )
  if (!invoice) throw new PlatformError('NOT_FOUND', `SupplierInvoice ${id} was not found`)
  const supplierId = Number(invoice.SupplierID) || 0
  const supplier = supplierId
    ? await first<{ ID: number; SupplierNumber: number | null; Name: string | null }>(
        sql,
        `select s."ID", s."SupplierNumber", b."Name" from "Supplier" s
           left join "BusinessRelation" b on b."CompanyID" = s."CompanyID" and b."ID" = s."BusinessRelationID"
          where s."CompanyID" = $1 and s."ID" = $2 and s."Deleted" = false`,
        [companyId, supplierId],
      )
    : undefined
  if (!supplier) throw refuse(id, supplierId ? `supplier ${supplierId} does not exist` : 'it has no supplier')

  const journalEntryId = Number(invoice.JournalEntryID) || 0
  const entry = journalEntryId
    ? await first<{ ID: number; JournalEntryNumber: string | null }>(
        sql,
        'select "ID", "JournalEntryNumber" from "JournalEntry" where "CompanyID" = $1 and "ID" = $2 and "Deleted" = false',
        [companyId, journalEntryId],
      )
    : undefined
  if (entry?.JournalEntryNumber)
    throw refuse(id, `it is already booked as journal entry ${entry.JournalEntryNumber}`)
  const lines = entry ? await costLines(sql, companyId, entry.ID) : []
  if (!entry || lines.length === 0) throw refuse(id, 'it has no cost lines (JournalEntry.DraftLines)')

  const total = toOre(invoice.TaxInclusiveAmount)
  if (total === undefined) throw refuse(id, 'TaxInclusiveAmount is missing')
  const costs = sumOre(lines.map((l) => toOre(l.Amount) ?? 0))
  if (costs !== total) {
    throw refuse(
      id,
      `the cost lines add up to ${formatOre(costs)}, TaxInclusiveAmount is ${formatOre(total)} (difference ${formatOre(costs - total)})`,
    )
  }
  const payables = await payablesAccount(sql, companyId, supplier.ID)
  if (!payables) throw refuse(id, `the company has no payables account ${PAYABLES_ACCOUNT_NUMBER}`)

  const date = (invoice.InvoiceDate as string | null) ?? new Date().toISOString().slice(0, 10)
  const reference = [
    `Leverandørfaktura ${String(invoice.InvoiceNumber ?? id)}`,
    supplier.Name ?? (supplier.SupplierNumber ? `leverandør ${supplier.SupplierNumber}` : null),
  ]
    .filter(Boolean)
    .join(' – ')
  const totalCurrency = toOre(invoice.TaxInclusiveAmountCurrency)
  const draft: DraftLine[] = lines.map((l) => ({
    ID: l.ID as number,
    AccountID: l.AccountID as number,
    Amount: String(l.Amount),
    Description: (l.Description as string | null) ?? reference,
    FinancialDate: (l.FinancialDate as string | null) ?? date,
    VatDate: (l.VatDate as string | null) ?? undefined,
    VatTypeID: (l.VatTypeID as number | null) ?? null,
    VatPercent: (l.VatPercent as number | null) ?? null,
    CurrencyCodeID: (l.CurrencyCodeID as number | null) ?? (invoice.CurrencyCodeID as number | null),
    AmountCurrency: (l.AmountCurrency as string | null) ?? null,
    CurrencyExchangeRate:
      (l.CurrencyExchangeRate as string | null) ?? (invoice.CurrencyExchangeRate as string | null),
    DimensionsID: (l.DimensionsID as number | null) ?? (invoice.DefaultDimensionsID as number | null),
    PaymentID: (l.PaymentID as string | null) ?? null,
  }))
  draft.push({
    AccountID: payables,
    Amount: oreToDecimal(-total),
    Description: reference,
    FinancialDate: date,
    CurrencyCodeID: invoice.CurrencyCodeID as number | null,
    AmountCurrency: totalCurrency === undefined ? null : oreToDecimal(-totalCurrency),
    CurrencyExchangeRate: invoice.CurrencyExchangeRate as string | null,
    DimensionsID: invoice.DefaultDimensionsID as number | null,
    PaymentID: (invoice.PaymentID as string | null) ?? null,
  })
  await bookExistingJournalEntry(
    event,
    entry.ID,
    { DraftLines: draft },
    { sourceEntityType: 'SupplierInvoice', sourceEntityID: id },
  )
  // The invoice's attachments document the entry too.
  const { rows: files } = await sql.query<{ FileID: number }>(
    `select distinct "FileID" from "FileEntityLink" where "CompanyID" = $1 and lower("EntityType") = 'supplierinvoice'
        and "EntityID" = $2 and "Deleted" = false and "FileID" is not null`,
    [companyId, id],
  )
  for (const f of files) {
    await createEntity(ctx, ctx.registry.require('FileEntityLink'), {
      FileID: f.FileID,
      EntityType: 'JournalEntry',
      EntityID: entry.ID,
      IsAttachment: true,
    })
  }
  const invoiceDef = ctx.registry.require('SupplierInvoice')
  const values: Row = { JournalEntryID: entry.ID }
  if (invoice.RestAmount === null) values.RestAmount = oreToDecimal(total)
  await setFields(ctx, invoiceDef, id, values)
}
