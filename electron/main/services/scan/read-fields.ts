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
import type { ReadFields } from './ledger.ts'

/** spec 2.13 OCR property ids. */
const Property = {
  OfficialNumber: 1,
  Iban: 2,
  BankAccount: 3,
  Kid: 4,
  InvoiceNumber: 5,
  TotalAmount: 6,
  InvoiceDate: 7,
  DueDate: 8,
} as const

interface Candidate {
  Value?: string
  Top?: number
  Left?: number
  Height?: number
}
interface Interpreted {
  OcrProperty?: { Id?: number }
  OcrPropertyId?: number
  ProposedCandidate?: Candidate | null
}
interface Word {
  Text: string
  Left: number
  Top: number
  Width: number
  Height: number
}
export interface OcrAnswer {
  InterpretedProperties?: Interpreted[]
  OcrRawData?: string
}

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
function supplierName(answer: OcrAnswer, orgHit: Candidate | null | undefined): string | null {
  let words: Word[] = []
  try {
    words = (JSON.parse(answer.OcrRawData ?? '{}') as { AllWords?: Word[] }).AllWords ?? []
  } catch {
    return null
  }
  const named = lines(words).filter((l) => COMPANY_SUFFIX.test(l.text.trim()) && l.text.length <= 80)
  if (!named.length) return null
  const top = orgHit?.Top ?? Number.POSITIVE_INFINITY
  const above = named.filter((l) => l.top <= top).sort((a, b) => b.top - a.top)
  return (above[0] ?? named.sort((a, b) => a.top - b.top)[0]!).text.trim()
}

const isDate = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null)

export function readFields(answer: OcrAnswer): ReadFields {
  const props = answer.InterpretedProperties ?? []
  const candidate = (id: number) =>
    props.find((p) => (p.OcrProperty?.Id ?? p.OcrPropertyId) === id)?.ProposedCandidate ?? null
  const value = (id: number) => candidate(id)?.Value?.trim() || null

  const org = digitsOnly(value(Property.OfficialNumber) ?? '')
  const orgNumber = isValidOrgNumber(org) ? org : null
  const account = digitsOnly(value(Property.BankAccount) ?? '')
  // The one IBAN check (common/iban.ts), and the account must pass MOD11: a draft keeps Norwegian IBANs.
  const ibanRaw = compactIban(value(Property.Iban) ?? '')
  const iban = ibanRaw && isValidNorwegianIban(ibanRaw) ? ibanRaw : null
  const bankAccount = isValidBankAccount(account) ? account : iban ? ibanToBankAccount(iban) : null
  const kid = digitsOnly(value(Property.Kid) ?? '')
  const amountText = value(Property.TotalAmount)
  const amount = amountText !== null && Number.isFinite(Number(amountText)) ? Number(amountText) : null
  return {
    orgNumber,
    supplierName: orgNumber ? supplierName(answer, candidate(Property.OfficialNumber)) : null,
    invoiceNumber: value(Property.InvoiceNumber),
    invoiceDate: isDate(value(Property.InvoiceDate)),
    dueDate: isDate(value(Property.DueDate)),
    amount,
    // The OCR service proposes no currency (spec 2.13); the draft keeps the company's own.
    currency: null,
    kid: kid && isValidKid(kid) ? kid : null,
    bankAccount,
    iban,
  }
}
