// The platform's smart booking for a supplier (`GET api/biz/ledgersuggestions/{orgNumber}`, field notes:
// "proposed account per supplier"), the last of the review's coding proposals: used only when neither the
// client's own history, its supplier's default account nor the office's memory proposes an account. The
// answer's shape is not documented, so main reads what it can (common/bridge/review.ts LedgerSuggestion);
// here each suggestion is read against this client's chart by the same rule as the office's memory: an
// account by number (and by name where the answer names it) that is neither locked nor hidden, else by the
// client's own account ID; the VAT code only when the client has it in use.
import type { LedgerSuggestion } from '@common/bridge/review'
import type { CodingProposals } from './supplier-memory.ts'
import { accountAllowed, sameName, vatTypeOfCode, type ClientChart } from './office-memory.ts'
import { live, num, type Row } from './invoice-rows.ts'

function accountOf(s: LedgerSuggestion, chart: ClientChart): Row | undefined {
  if (s.AccountNumber !== null) {
    const here = chart.accounts.find((a) => live(a) && num(a.AccountNumber) === s.AccountNumber)
    if (!here || (s.AccountName !== null && !sameName(here.AccountName, s.AccountName))) return undefined
    return accountAllowed(here) ? here : undefined
  }
  if (s.AccountID === null) return undefined
  const here = chart.accounts.find((a) => num(a.ID) === s.AccountID)
  return here && accountAllowed(here) ? here : undefined
}

function vatOf(s: LedgerSuggestion, chart: ClientChart): Row | undefined {
  if (s.VatCode !== null) return vatTypeOfCode(s.VatCode, chart.vatTypes)
  if (s.VatTypeID === null) return undefined
  const here = chart.vatTypes.find((v) => num(v.ID) === s.VatTypeID)
  return here && live(here) && here.Visible !== false ? here : undefined
}

/** The first suggestion this client's chart allows, as coding proposals; empty when none does. */
export function suggestionCoding(
  suggestions: readonly LedgerSuggestion[],
  chart: ClientChart,
): CodingProposals {
  for (const s of suggestions) {
    const account = accountOf(s, chart)
    if (!account) continue
    const text = `${String(account.AccountNumber ?? '')} ${String(account.AccountName ?? '')}`.trim()
    const proposals: CodingProposals = {
      AccountID: { value: Number(account.ID), source: 'ledgerSuggestion', count: 0, total: 0, account: text },
    }
    const vat = vatOf(s, chart)
    if (vat)
      proposals.VatTypeID = {
        value: Number(vat.ID),
        source: 'ledgerSuggestion',
        count: 0,
        total: 0,
        account: text,
      }
    return proposals
  }
  return {}
}
