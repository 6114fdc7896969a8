// The VAT rule of a journal line, one pure function shared by the platform's booking and the app's
// preview (spec 2.14, 4.6; field notes "Journal entries"): a line with a VAT type carries the gross
// amount, and its VAT part is booked on the VAT type's account as a line of its own; reverse charge
// (SAF-T 86-89) books output VAT on the amount paid and deducts it as input VAT where the type allows.
// All amounts are integer øre.
import type { VatType } from './entities/rows.ts'
import { toOre, vatOfGross, vatOfNet, type Ore } from './money.ts'

/** A VAT rate with the dates it is valid (VatTypePercentage). */
export interface VatRate {
  VatPercent: string | number | null
  ValidFrom: string | null
  ValidTo: string | null
}

/** What the rule needs of a VatType, in the platform's field names. */
export interface VatTypeRule {
  ID: number
  Name: string
  VatPercent: string | number | null
  OutputVat: boolean
  ReversedTaxDutyVat: boolean
  IncomingAccountID: number | null
  OutgoingAccountID: number | null
  /** The type's rates by date; without one valid on the date, VatPercent applies. */
  VatPercentages?: readonly VatRate[] | null
}

/** What the rule needs of a VatType row as the workspace caches it (a flag the row lacks is not set). */
export function vatTypeRule(row: VatType): VatTypeRule {
  return {
    ID: row.ID,
    Name: row.Name ?? '',
    VatPercent: row.VatPercent,
    OutputVat: row.OutputVat === true,
    ReversedTaxDutyVat: row.ReversedTaxDutyVat === true,
    IncomingAccountID: row.IncomingAccountID ?? null,
    OutgoingAccountID: row.OutgoingAccountID,
    VatPercentages: row.VatPercentages ?? null,
  }
}

/** The VAT type's rate on a date (`yyyy-mm-dd`): the rate valid then, else VatType.VatPercent. */
export function vatPercentOn(vat: Pick<VatTypeRule, 'VatPercent' | 'VatPercentages'>, date: string): string {
  const rates = [...(vat.VatPercentages ?? [])]
    .filter((p) => p.VatPercent !== null && p.VatPercent !== undefined)
    .sort((a, b) => (b.ValidFrom ?? '').localeCompare(a.ValidFrom ?? ''))
  const valid = rates.find((p) => (!p.ValidFrom || p.ValidFrom <= date) && (!p.ValidTo || p.ValidTo >= date))
  return String(valid?.VatPercent ?? vat.VatPercent ?? '0')
}

export interface VatLineInput {
  accountId: number
  /** The line's amount in the company's currency, debit positive. */
  amount: Ore
  /** The same in the line's currency (equal to amount for the base currency). */
  amountCurrency: Ore
  /** Whether the line's currency differs from the company's (the VAT is then split in both). */
  foreign: boolean
  vatType: VatTypeRule | null
  /** The rate to use (given on the line, or vatPercentOn the VAT date); null without a VAT type. */
  percent: string | null
}

/** A line that will be booked. `role` tells the preview what it shows. */
export interface BookedVatLine {
  accountId: number
  amount: Ore
  amountCurrency: Ore
  role: 'line' | 'vat' | 'reverseChargeOutput'
  /** The VAT type's name on VAT lines. */
  description?: string
}

export type VatSplit =
  { ok: true; lines: BookedVatLine[] } | { ok: false; problem: 'noOutputVatAccount' | 'noInputVatAccount' }

/** The journal lines one draft line is booked as. */
export function splitVat(input: VatLineInput): VatSplit {
  const { accountId, amount, amountCurrency, foreign, vatType: vat, percent } = input
  if (!vat || percent === null || Number(percent) === 0) {
    return { ok: true, lines: [{ accountId, amount, amountCurrency, role: 'line' }] }
  }
  if (vat.ReversedTaxDutyVat) {
    const vatOre = vatOfNet(amount, percent)
    const vatCurrency = foreign ? vatOfNet(amountCurrency, percent) : vatOre
    if (!vat.OutgoingAccountID) return { ok: false, problem: 'noOutputVatAccount' }
    const output: BookedVatLine = {
      accountId: vat.OutgoingAccountID,
      amount: -vatOre,
      amountCurrency: -vatCurrency,
      role: 'reverseChargeOutput',
      description: vat.Name,
    }
    if (vat.IncomingAccountID) {
      return {
        ok: true,
        lines: [
          { accountId, amount, amountCurrency, role: 'line' },
          {
            accountId: vat.IncomingAccountID,
            amount: vatOre,
            amountCurrency: vatCurrency,
            role: 'vat',
            description: vat.Name,
          },
          output,
        ],
      }
    }
    // No deduction: the VAT is part of the cost.
    return {
      ok: true,
      lines: [
        { accountId, amount: amount + vatOre, amountCurrency: amountCurrency + vatCurrency, role: 'line' },
        output,
      ],
    }
  }
  const vatAccount = vat.OutputVat ? vat.OutgoingAccountID : vat.IncomingAccountID
  if (!vatAccount) return { ok: false, problem: vat.OutputVat ? 'noOutputVatAccount' : 'noInputVatAccount' }
  const vatOre = vatOfGross(amount, percent)
  const vatCurrency = foreign ? vatOfGross(amountCurrency, percent) : vatOre
  return {
    ok: true,
    lines: [
      { accountId, amount: amount - vatOre, amountCurrency: amountCurrency - vatCurrency, role: 'line' },
      {
        accountId: vatAccount,
        amount: vatOre,
        amountCurrency: vatCurrency,
        role: 'vat',
        description: vat.Name,
      },
    ],
  }
}

/** Debit minus credit of booked lines: 0 when the entry balances. */
export function balanceOf(lines: readonly { amount: Ore }[]): Ore {
  let sum = 0
  for (const line of lines) sum += line.amount
  return sum
}

/** A draft line as clients send it (spec 2.14), in the platform's field names; debit positive. */
export interface DraftLineFacts {
  AccountID: number | null
  Amount: number | string | null
  FinancialDate: string | null
  VatDate?: string | null
  VatTypeID?: number | null
  VatPercent?: number | string | null
  CurrencyCodeID?: number | null
  AmountCurrency?: number | string | null
}

export interface PreviewLine extends BookedVatLine {
  /** The draft line it comes from. */
  draftIndex: number
}

export interface EntryPreview {
  lines: PreviewLine[]
  /** Debit minus credit of the lines; the entry can be booked only at 0. */
  balance: Ore
  /** Draft lines the rule cannot book yet, with the field at fault. */
  problems: {
    draftIndex: number
    field: 'AccountID' | 'Amount' | 'FinancialDate' | 'VatTypeID'
    problem: string
  }[]
}

/**
 * The journal lines a draft entry will be booked as: what the platform books with splitVat, for the app's
 * preview. `vatTypes` are the company's VAT types with their VatPercentages.
 */
export function previewEntry(
  draftLines: readonly DraftLineFacts[],
  vatTypes: ReadonlyMap<number, VatTypeRule>,
  baseCurrencyId: number | null = null,
): EntryPreview {
  const lines: PreviewLine[] = []
  const problems: EntryPreview['problems'] = []
  draftLines.forEach((draft, draftIndex) => {
    const amount = toOre(draft.Amount)
    if (!draft.AccountID) problems.push({ draftIndex, field: 'AccountID', problem: 'missing' })
    if (amount === undefined) problems.push({ draftIndex, field: 'Amount', problem: 'notAnAmount' })
    if (!draft.FinancialDate) problems.push({ draftIndex, field: 'FinancialDate', problem: 'missing' })
    const vatType = draft.VatTypeID ? (vatTypes.get(draft.VatTypeID) ?? null) : null
    if (draft.VatTypeID && !vatType) problems.push({ draftIndex, field: 'VatTypeID', problem: 'unknown' })
    if (!draft.AccountID || amount === undefined || !draft.FinancialDate) return
    const currency = draft.CurrencyCodeID ?? baseCurrencyId
    const foreign = currency !== null && baseCurrencyId !== null && currency !== baseCurrencyId
    const amountCurrency = foreign ? (toOre(draft.AmountCurrency) ?? amount) : amount
    const given = draft.VatPercent
    const percent = vatType
      ? given !== undefined && given !== null
        ? String(given)
        : vatPercentOn(vatType, draft.VatDate ?? draft.FinancialDate)
      : null
    const split = splitVat({ accountId: draft.AccountID, amount, amountCurrency, foreign, vatType, percent })
    if (!split.ok) {
      problems.push({ draftIndex, field: 'VatTypeID', problem: split.problem })
      return
    }
    for (const line of split.lines) lines.push({ ...line, draftIndex })
  })
  return { lines, balance: balanceOf(lines), problems }
}
