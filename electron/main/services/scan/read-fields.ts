// The proposals of an OCR answer (spec 2.13) that pass their checksums, and the supplier's name as
// printed beside its organisation number. Proposals that fail their check are left out: a draft with
// an empty field is corrected in review; a wrong one might be paid.
import {
  digitsOnly,
  ibanToBankAccount,
  isValidBankAccount,
  isValidKid,
  isValidNorwegianIban,
  isValidOrgNumber,
} from '../../../../common/norwegian.ts'
import { compactIban } from '../../../../common/iban.ts'
import { normaliseForeignVatId } from '../../../../common/vat-id.ts'
import {
  ocrPropertyIdOf,
  OcrPropertyId,
  readOcrRawData,
  type OcrAnswerInput,
  type OcrWord,
} from '../../../../common/ocr.ts'
import type { ReadFields } from './ledger.ts'
import { structuredInvoiceOf } from '../../../../common/einvoice/ocr-answer.ts'

type Word = Pick<OcrWord, 'Text' | 'Left' | 'Top' | 'Width' | 'Height'>

const COMPANY_SUFFIX = /\b(AS|ASA|ANS|DA|SA|BA|NUF|ENK|Ltd|Limited|AB|ApS|GmbH|Inc)\.?$/i

function lines(words: Word[]): { text: string; top: number; left: number }[] {
  const sorted = [...words].sort((a, b) => a.Top - b.Top || a.Left - b.Left)
  const out: { words: Word[]; top: number; height: number }[] = []
  for (const w of sorted) {
    const line = out.find((l) => Math.abs(l.top - w.Top) <= Math.max(l.height, w.Height) / 2)
    if (line) line.words.push(w)
    else out.push({ words: [w], top: w.Top, height: w.Height })
  }
  return out.map((l) => {
    const ws = l.words.sort((a, b) => a.Left - b.Left)
    // Words far apart on one line belong to different blocks: keep the first block only.
    const block = [ws[0]!]
    for (const w of ws.slice(1)) {
      const prev = block[block.length - 1]!
      if (w.Left - (prev.Left + prev.Width) > prev.Height * 3) break
      block.push(w)
    }
    return { text: block.map((w) => w.Text).join(' '), top: l.top, left: ws[0]!.Left }
  })
}

/** The company name nearest above the organisation number (or the topmost one when it is in a footer). */
function supplierName(answer: OcrAnswerInput, orgTop: number | null | undefined): string | null {
  const words = (readOcrRawData(answer.OcrRawData)?.AllWords ?? []) as Word[]
  const named = lines(words).filter((l) => COMPANY_SUFFIX.test(l.text.trim()) && l.text.length <= 80)
  if (!named.length) return null
  const top = orgTop ?? Number.POSITIVE_INFINITY
  const above = named.filter((l) => l.top <= top).sort((a, b) => b.top - a.top)
  return (above[0] ?? named.sort((a, b) => a.top - b.top)[0]!).text.trim()
}

/** A foreign id is taken for the supplier only when read surely enough (a label beside it, or printed twice). */
const FOREIGN_ID_MIN_PROBABILITY = 0.7

/** The foreign supplier id the answer carries (OcrAnswer.ForeignSupplierIds), checked again by its own rule. */
function foreignSupplierId(answer: OcrAnswerInput): { value: string; country: string } | null {
  for (const id of answer.ForeignSupplierIds ?? []) {
    const value = normaliseForeignVatId(id?.Value ?? '')
    if (value && (id?.ProbabilityFactor ?? 0) >= FOREIGN_ID_MIN_PROBABILITY)
      return { value, country: value.slice(0, 2) }
  }
  return null
}

const isDate = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null)

export function readFields(answer: OcrAnswerInput): ReadFields {
  const props = answer.InterpretedProperties ?? []
  const candidate = (id: number) => props.find((p) => ocrPropertyIdOf(p) === id)?.ProposedCandidate ?? null
  const value = (id: number) => candidate(id)?.Value?.trim() || null

  const org = digitsOnly(value(OcrPropertyId.OfficialNumber) ?? '')
  const norwegian = isValidOrgNumber(org) ? org : null
  // A foreign supplier is found and created by its VAT id, with its country (the spec's Supplier has no field
  // of its own for either: the id goes to OrgNumber, the country to the invoice address).
  const foreign = norwegian ? null : foreignSupplierId(answer)
  const orgNumber = norwegian ?? foreign?.value ?? null
  const account = digitsOnly(value(OcrPropertyId.BankAccount) ?? '')
  // The one IBAN check (common/iban.ts), and the account must pass MOD11: a draft keeps Norwegian IBANs.
  const ibanRaw = compactIban(value(OcrPropertyId.Iban) ?? '')
  const iban = ibanRaw && isValidNorwegianIban(ibanRaw) ? ibanRaw : null
  const bankAccount = isValidBankAccount(account) ? account : iban ? ibanToBankAccount(iban) : null
  const kid = digitsOnly(value(OcrPropertyId.Kid) ?? '')
  const amountText = value(OcrPropertyId.TotalAmount)
  const amount = amountText !== null && Number.isFinite(Number(amountText)) ? Number(amountText) : null
  // A structured invoice names its supplier and currency; a read page leaves the currency to the company.
  const structured = structuredInvoiceOf(answer)
  return {
    orgNumber,
    supplierCountry: foreign?.country ?? null,
    supplierName: orgNumber
      ? (structured?.supplier.name ??
        supplierName(answer, norwegian ? candidate(OcrPropertyId.OfficialNumber)?.Top : null))
      : null,
    invoiceNumber: value(OcrPropertyId.InvoiceNumber),
    invoiceDate: isDate(value(OcrPropertyId.InvoiceDate)),
    dueDate: isDate(value(OcrPropertyId.DueDate)),
    amount,
    // The OCR service proposes no currency (spec 2.13); the draft keeps the company's own unless the XML says.
    currency: structured?.currency ?? null,
    kid: kid && isValidKid(kid) ? kid : null,
    bankAccount,
    iban,
  }
}
