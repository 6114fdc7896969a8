// The review's proposal per field from two readings of the same document: the platform's OCR answer and the
// reading made on this computer (main's local reader). Per field a value that passes its check wins: a KID
// its MOD10/MOD11 digit, an organisation number and a bank account their MOD11 digit (an IBAN its MOD97), a
// total the document's arithmetic (an amount and its VAT on the page that add up to it). When both values
// pass, or neither, the more probable one is proposed and the other is kept as an alternative. Every
// candidate says where it came from, so the form can show it.
import { isValidBankAccount, isValidKid, isValidOrgNumber } from '@common/norwegian'
import { isValidIban } from '@common/iban'
import { parseMoney, toOre, type Ore } from '@common/money'
import { parseDate } from '@common/parse'
import type {
  FieldProposal,
  OcrCandidate,
  OcrReading,
  OcrWordBox,
  ProposalSource,
  ProposedField,
} from './ocr-proposals.ts'

/** The VAT rates a Norwegian invoice's amounts are checked against (general, food, transport, raw fish). */
const VAT_RATES = [25, 15, 12, 11.11] as const

/** Every amount printed on the pages: one word (`12500,00`) or two on one line (`12 500,00`). */
export function amountsOnPage(words: readonly OcrWordBox[]): Ore[] {
  const out = new Set<Ore>()
  for (const [i, word] of words.entries()) {
    const one = parseMoney(word.text)
    if (one !== undefined && one > 0) out.add(one)
    const next = words[i + 1]
    if (next && next.page === word.page && Math.abs(next.top - word.top) <= Math.max(4, word.height / 2)) {
      const two = parseMoney(`${word.text} ${next.text}`)
      if (two !== undefined && two > 0) out.add(two)
    }
  }
  return [...out]
}

/** Whether a net amount and its VAT at a Norwegian rate, both printed on the page, add up to the total. */
export function totalAddsUp(total: Ore, amounts: readonly Ore[]): boolean {
  const present = new Set(amounts)
  for (const net of amounts) {
    if (net >= total) continue
    const vat = total - net
    if (!present.has(vat)) continue
    // The VAT is the rate's share of the net, within the øre a line-by-line rounding leaves.
    if (VAT_RATES.some((rate) => Math.abs((net * rate) / 100 - vat) <= Math.max(2, net * 0.0005))) return true
  }
  return false
}

/** Whether a field's value passes the check it has; null for a field without one (a date, a number). */
export function passesCheck(
  field: ProposedField,
  candidate: Pick<OcrCandidate, 'value'>,
  amounts: readonly Ore[],
): boolean | null {
  const value = candidate.value.trim()
  switch (field) {
    case 'PaymentID':
      return isValidKid(value.replace(/\s/g, ''))
    case 'SupplierOrgNumber':
      return isValidOrgNumber(value.replace(/\D/g, ''))
    case 'BankAccount': {
      const compact = value.replace(/[\s.]/g, '')
      return /^[A-Z]{2}/i.test(compact) ? isValidIban(compact) : isValidBankAccount(compact)
    }
    case 'TaxInclusiveAmount': {
      const total = toOre(value) ?? parseMoney(value)
      return total !== undefined && total > 0 && totalAddsUp(total, amounts)
    }
    case 'InvoiceDate':
    case 'PaymentDueDate':
      return parseDate(value) === undefined ? false : null
    default:
      return null
  }
}

/** Two values of a field are the same when they are once spaces and separators are left out. */
const sameValue = (a: OcrCandidate, b: OcrCandidate) =>
  a.value.replace(/[\s.-]/g, '').toLowerCase() === b.value.replace(/[\s.-]/g, '').toLowerCase()

const tagged = (candidate: OcrCandidate, source: ProposalSource): OcrCandidate =>
  candidate.source === source ? candidate : { ...candidate, source }

/** A local candidate's box id is its own, so that it never names a box of the platform's answer. */
const localCandidate = (candidate: OcrCandidate): OcrCandidate => ({
  ...candidate,
  source: 'local',
  box: { ...candidate.box, id: `local-${candidate.box.id}` },
})

/** How plausible a value is: one that passes its check, then one without a check, then one that fails. */
function rank(check: boolean | null): number {
  return check === true ? 2 : check === null ? 1 : 0
}

/** One field's proposal from the platform's and the local one. */
export function mergeField(
  field: ProposedField,
  platform: FieldProposal | undefined,
  local: FieldProposal | undefined,
  amounts: readonly Ore[],
): FieldProposal | undefined {
  if (!local?.candidates.length && !local?.proposed) return platform
  const fromPlatform = (platform?.candidates ?? []).map((c) => tagged(c, 'platform'))
  const fromLocal = local.candidates.map(localCandidate)
  const platformProposed = platform?.proposed
    ? (fromPlatform.find((c) => c.box.id === platform.proposed!.box.id) ??
      tagged(platform.proposed, 'platform'))
    : null
  const localProposed = local.proposed
    ? (fromLocal.find((c) => c.box.id === `local-${local.proposed!.box.id}`) ??
      localCandidate(local.proposed))
    : null
  let proposed: OcrCandidate | null
  if (!platformProposed || !localProposed) proposed = platformProposed ?? localProposed
  else if (sameValue(platformProposed, localProposed)) proposed = platformProposed
  else {
    const p = rank(passesCheck(field, platformProposed, amounts))
    const l = rank(passesCheck(field, localProposed, amounts))
    if (p !== l) proposed = p > l ? platformProposed : localProposed
    else
      proposed = localProposed.probability > platformProposed.probability ? localProposed : platformProposed
  }
  // The alternatives: every candidate of both, a value read by both listed once (the proposed, else the
  // platform's), most probable first after the proposed one.
  const candidates: OcrCandidate[] = []
  for (const candidate of [...fromPlatform, ...fromLocal]) {
    if (candidate !== proposed && !candidates.some((c) => sameValue(c, candidate))) candidates.push(candidate)
  }
  const rest = candidates.filter((c) => !proposed || !sameValue(c, proposed))
  rest.sort((a, b) => b.probability - a.probability)
  return { proposed, candidates: proposed ? [proposed, ...rest] : rest }
}

/**
 * The review's reading: per field the better of the platform's proposal and the local one (mergeField); the
 * platform's words and pages when it answered any, else the local ones.
 */
export function mergeReadings(platform: OcrReading, local: OcrReading | null): OcrReading {
  if (!local) return platform
  const words = platform.words.length > 0 ? platform.words : local.words
  const amounts = amountsOnPage(platform.words.length >= local.words.length ? platform.words : local.words)
  const proposals: OcrReading['proposals'] = {}
  const fields = new Set([
    ...(Object.keys(platform.proposals) as ProposedField[]),
    ...(Object.keys(local.proposals) as ProposedField[]),
  ])
  for (const field of fields) {
    const merged = mergeField(field, platform.proposals[field], local.proposals[field], amounts)
    if (merged) proposals[field] = merged
  }
  return {
    pages: platform.pages.length > 0 ? platform.pages : local.pages,
    proposals,
    words,
    foreignSupplierId: platform.foreignSupplierId ?? local.foreignSupplierId,
  }
}
