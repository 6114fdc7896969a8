// What the platform's OCR read on a document (spec 2.13, cached per company and file): for each field of
// the review form the proposed value and its alternatives with their probability and box, the page sizes
// the boxes are measured in, and every word on the page (clicking one fills the focused field).
import { ocrPropertyIdOf, OcrPropertyId, readOcrRawData } from '@common/ocr'
import { normaliseForeignVatId } from '@common/vat-id'

/** The form field each spec 2.13 OCR property proposes a value for. */
export const ocrFieldOf: Record<number, ProposedField> = {
  [OcrPropertyId.OfficialNumber]: 'SupplierOrgNumber',
  [OcrPropertyId.Iban]: 'BankAccount',
  [OcrPropertyId.BankAccount]: 'BankAccount',
  [OcrPropertyId.Kid]: 'PaymentID',
  [OcrPropertyId.InvoiceNumber]: 'InvoiceNumber',
  [OcrPropertyId.TotalAmount]: 'TaxInclusiveAmount',
  [OcrPropertyId.InvoiceDate]: 'InvoiceDate',
  [OcrPropertyId.DueDate]: 'PaymentDueDate',
}

export type ProposedField =
  | 'SupplierOrgNumber'
  | 'BankAccount'
  | 'PaymentID'
  | 'InvoiceNumber'
  | 'TaxInclusiveAmount'
  | 'InvoiceDate'
  | 'PaymentDueDate'

/** A box in pixels of the page image (top-left origin), on page `page` (1-based). */
export interface OcrBox {
  id: string
  page: number
  left: number
  top: number
  width: number
  height: number
}

/** Where a value was read: by the platform's OCR, or on this computer (main's local reader). */
export type ProposalSource = 'platform' | 'local'

export interface OcrCandidate {
  id: number
  /** The normalised value (`2026-11-03`, `12500.00`, digits of a KID). */
  value: string
  /** The text as printed on the page. */
  text: string
  probability: number
  box: OcrBox
  /** Where the value was read; the platform's when not said. */
  source?: ProposalSource
}

export interface FieldProposal {
  proposed: OcrCandidate | null
  /** Every candidate, most probable first (the proposed one among them). */
  candidates: OcrCandidate[]
}

export interface OcrWordBox extends OcrBox {
  text: string
}

export interface OcrReading {
  pages: { pageNo: number; width: number; height: number }[]
  proposals: Partial<Record<ProposedField, FieldProposal>>
  words: OcrWordBox[]
  /** A foreign supplier's VAT id read surely enough (`SE556036079301`), checked by its country's rule. */
  foreignSupplierId: string | null
}

/** A foreign id below this probability is left for the reviewer to find (as the scan station does). */
const FOREIGN_ID_MIN_PROBABILITY = 0.7

function foreignIdOf(raw: unknown): string | null {
  if (!Array.isArray(raw)) return null
  for (const id of raw as Row[]) {
    const value = normaliseForeignVatId(str(id?.Value))
    if (value && num(id?.ProbabilityFactor) >= FOREIGN_ID_MIN_PROBABILITY) return value
  }
  return null
}

type Row = Record<string, unknown>
const num = (value: unknown, fallback = 0) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback
const str = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value))

function candidateOf(raw: Row, fallbackPage: number): OcrCandidate {
  const id = num(raw.Id)
  const page = num(raw.PageNo, fallbackPage) || fallbackPage
  return {
    id,
    value: str(raw.Value).trim(),
    text: str(raw.HitWordText),
    probability: Math.min(1, Math.max(0, num(raw.ProbabilityFactor))),
    box: {
      id: `candidate-${id}`,
      page,
      left: num(raw.Left),
      top: num(raw.Top),
      width: num(raw.Width),
      height: num(raw.Height),
    },
  }
}

function wordsOf(raw: unknown, fallbackPage: number): OcrWordBox[] {
  const all: unknown = readOcrRawData(raw)?.AllWords
  if (!Array.isArray(all)) return []
  return all.map((word: Row, index) => ({
    id: `word-${num(word.Id, index)}`,
    page: num(word.PageNo, fallbackPage) || fallbackPage,
    text: str(word.Text),
    left: num(word.Left),
    top: num(word.Top),
    width: num(word.Width),
    height: num(word.Height),
  }))
}

/**
 * The cached OCR answer as the review reads it. The answer is one result (or, from some servers, a list of
 * page results); anything it cannot read is left out rather than guessed.
 */
export function readOcr(result: unknown): OcrReading {
  const results = (Array.isArray(result) ? result : result ? [result] : []) as Row[]
  const reading: OcrReading = { pages: [], proposals: {}, words: [], foreignSupplierId: null }
  for (const [index, page] of results.entries()) {
    reading.foreignSupplierId ??= foreignIdOf(page.ForeignSupplierIds)
    const pageNo = num(page.PageNo) || index + 1
    reading.pages.push({ pageNo, width: num(page.ImageWidth), height: num(page.ImageHeight) })
    reading.words.push(...wordsOf(page.OcrRawData, pageNo))
    const properties = Array.isArray(page.InterpretedProperties) ? (page.InterpretedProperties as Row[]) : []
    for (const property of properties) {
      const field = ocrFieldOf[num(ocrPropertyIdOf(property))]
      if (!field) continue
      const raw = Array.isArray(property.InterpretationCandidates)
        ? (property.InterpretationCandidates as Row[])
        : []
      const candidates = raw.map((c) => candidateOf(c, pageNo)).filter((c) => c.value !== '')
      const proposedRaw = property.ProposedCandidate as Row | null | undefined
      const proposedId = num(proposedRaw?.Id, num(property.ProposedCandidateId, NaN))
      let proposed = candidates.find((c) => c.id === proposedId) ?? null
      if (!proposed && proposedRaw) {
        proposed = candidateOf(proposedRaw, pageNo)
        if (proposed.value !== '') candidates.push(proposed)
        else proposed = null
      }
      const before = reading.proposals[field]
      // IBAN and bank account both propose the account: the more probable reading wins.
      if (before?.proposed && proposed && before.proposed.probability >= proposed.probability) {
        before.candidates.push(...candidates)
        before.candidates.sort((a, b) => b.probability - a.probability)
        continue
      }
      const merged = [...candidates, ...(before?.candidates ?? [])]
      merged.sort((a, b) => b.probability - a.probability)
      reading.proposals[field] = { proposed, candidates: merged }
    }
  }
  return reading
}
