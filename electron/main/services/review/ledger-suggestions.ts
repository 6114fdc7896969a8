// The platform's smart booking for a supplier: `GET api/biz/ledgersuggestions/{orgNumber}` (field notes,
// "Supplier invoices, files and OCR": proposed account per supplier). The field notes name the route and
// what it is for, not its answer: this reads a list, one suggestion, or an object holding a list, and from
// each suggestion the account (number, name, the company's own ID; directly or on an expanded `Account`) and
// the VAT type (ID or SAF-T code; directly or on `VatType`). A platform that refuses the route (404, 400,
// 403) does not offer smart booking: `offered: false`, never an error. Only the organisation number of the
// invoice under review, in that invoice's company, is sent.
import type { LedgerSuggestion, LedgerSuggestions } from '../../../../common/bridge/review.ts'
import type { ApiClient } from '../api/client.ts'
import { ifOffered } from '../api/offered.ts'

type Row = Record<string, unknown>

const MAX_SUGGESTIONS = 50

const obj = (value: unknown): Row | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Row) : null

const int = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : null
}

const text = (value: unknown, max = 200): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null

/** The first of `names` the row has (any casing). */
function field(row: Row | null, ...names: string[]): unknown {
  if (!row) return undefined
  for (const name of names) {
    const key = Object.keys(row).find((k) => k.toLowerCase() === name.toLowerCase())
    if (key !== undefined && row[key] !== null && row[key] !== undefined) return row[key]
  }
  return undefined
}

/** One suggestion as the bridge carries it; null when it names no account. */
export function readSuggestion(raw: unknown): LedgerSuggestion | null {
  const row = obj(raw)
  if (!row) return null
  const account = obj(field(row, 'Account'))
  const vat = obj(field(row, 'VatType'))
  const suggestion: LedgerSuggestion = {
    AccountID: int(field(row, 'AccountID') ?? field(account, 'ID')),
    AccountNumber: int(field(row, 'AccountNumber') ?? field(account, 'AccountNumber')),
    AccountName: text(field(row, 'AccountName') ?? field(account, 'AccountName')),
    VatTypeID: int(field(row, 'VatTypeID') ?? field(vat, 'ID')),
    VatCode: text(String(field(row, 'VatCode') ?? field(vat, 'VatCode') ?? ''), 10),
  }
  return suggestion.AccountID === null && suggestion.AccountNumber === null ? null : suggestion
}

/** The suggestions of an answer: a list, one suggestion, or an object holding the list. */
export function readSuggestions(answer: unknown): LedgerSuggestion[] {
  let list: unknown[] = []
  if (Array.isArray(answer)) list = answer
  else if (obj(answer)) {
    const inner = Object.values(answer as Row).find(Array.isArray)
    list = inner ?? [answer]
  }
  return list
    .map(readSuggestion)
    .filter((s): s is LedgerSuggestion => s !== null)
    .slice(0, MAX_SUGGESTIONS)
}

export async function ledgerSuggestions(
  api: ApiClient,
  companyKey: string,
  orgNumber: string,
): Promise<LedgerSuggestions> {
  const answer = await ifOffered(() =>
    api.get<unknown>(`api/biz/ledgersuggestions/${encodeURIComponent(orgNumber)}`, { companyKey }),
  )
  if (answer === null) return { offered: false, suggestions: [] }
  return { offered: true, suggestions: readSuggestions(answer) }
}
