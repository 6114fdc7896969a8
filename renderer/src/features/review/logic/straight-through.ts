// The straight-through figure: of the invoices saved in review, how many kept every value the app
// proposed (read by OCR, or proposed by supplier memory). Each save records its outcome in the
// workspace's `reviewOutcomes` table (the last save of an invoice counts); the office overview shows
// the figure per company (features/overview/straight-through.ts). It is the measure of OCR improvements, so only fields that had a proposal
// count: a field the user filled in where nothing was proposed is work OCR did not do, and is a change.
import { parseDate } from '@common/parse'
import { toOre } from '@common/money'
import type { ReviewOutcome } from '@renderer/data/schema'
import type { OcrReading, ProposedField } from '../ocr-proposals.ts'
import type { CodingProposals } from './supplier-memory.ts'

/** A value in the form the comparison uses: dates as days, amounts as øre, text trimmed, empty as null. */
function comparable(value: unknown): string | number | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'number') return toOre(value) ?? value
  if (typeof value !== 'string') return JSON.stringify(value)
  const text = value.trim()
  if (text === '') return null
  const day = /^\d{4}-\d{2}-\d{2}/.test(text) ? parseDate(text) : null
  if (day) return day
  if (/^-?\d+(\.\d+)?$/.test(text)) return toOre(text) ?? text
  return text
}

/**
 * The fields whose saved value differs from the value proposed for them. `proposed` holds every field
 * the screen offered a value for (null when it had none: filling it in is a change).
 */
export function changedProposals(
  proposed: Readonly<Record<string, unknown>>,
  saved: Readonly<Record<string, unknown>>,
): string[] {
  return Object.keys(proposed)
    .filter((field) => comparable(proposed[field]) !== comparable(saved[field]))
    .sort()
}

/** The outcome row of one save (written in the save's transaction by the review actions). */
export function reviewOutcome(
  companyKey: string,
  invoiceId: number,
  changedFields: string[],
  now: Date = new Date(),
): ReviewOutcome {
  return {
    companyKey,
    invoiceId,
    straightThrough: changedFields.length === 0,
    changedFields,
    savedAt: now.toISOString(),
  }
}

/**
 * The values the screen proposed for a save, in platform form: OCR's proposal for each field it read
 * (null where it read the field but proposed nothing), and supplier memory's coding when the save
 * carries the cost lines that coding is compared with.
 */
export function proposedValues(
  proposals: OcrReading['proposals'],
  coding: CodingProposals,
  withLines: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  if (withLines)
    for (const field of ['AccountID', 'VatTypeID', 'Description'] as const)
      if (coding[field]) out[field] = coding[field].value
  const value = (field: ProposedField) => proposals[field]?.proposed?.value ?? null
  for (const field of ['InvoiceNumber', 'InvoiceDate', 'PaymentDueDate'] as const)
    if (proposals[field]) out[field] = value(field)
  if (proposals.TaxInclusiveAmount) {
    const amount = Number(value('TaxInclusiveAmount'))
    out.TaxInclusiveAmount = Number.isFinite(amount) ? amount : null
  }
  if (proposals.PaymentID) out.PaymentID = value('PaymentID')
  return out
}
