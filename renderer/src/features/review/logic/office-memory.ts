// The office's memory of a supplier: how the office coded invoices from the same organisation number in its
// other clients, as a proposal for a client that has no coding of its own for the supplier (no earlier
// invoice, no default account). Each other client votes once, with the coding its own supplier memory would
// propose there (./supplier-memory.ts historyCoding); the account most clients used wins (on a tie, the
// one used most recently). The proposal is read against this client's chart: the account is proposed only
// when this client has an account with the same number AND the same name that is neither locked nor hidden;
// a number named otherwise here, a missing or a locked account is said, never proposed. The VAT code is
// proposed only when this client has the same SAF-T code in use. Nothing of another client leaves this
// function but the account number and name (which this client's own chart holds), the VAT code and how
// many clients used them: never another client's name, amounts, descriptions or row ids.
import { historyCoding, newestInvoice, type CodingProposals } from './supplier-memory.ts'
import { live, num, type Row } from './invoice-rows.ts'

/** What one other client of the office holds for the organisation number, read from its cache. */
export interface OfficeEvidence {
  companyKey: string
  /** That client's invoices from suppliers with the organisation number. */
  invoices: readonly Row[]
  /** That client's accounts and VAT types by ID (at least those the invoices use). */
  accounts: ReadonlyMap<number, Row>
  vatTypes: ReadonlyMap<number, Row>
}

/** This client's chart: its accounts and VAT types as cached. */
export interface ClientChart {
  accounts: readonly Row[]
  vatTypes: readonly Row[]
}

/** Why the office's account is not proposed in this client. */
export type OfficeNoteKind = 'nameDiffers' | 'missing' | 'locked'

export interface OfficeNote {
  kind: OfficeNoteKind
  /** The account as the other clients name it (`6540 Inventar`). */
  account: string
  /** How many other clients used it. */
  clients: number
  /** This client's name for the number (nameDiffers). */
  here?: string
}

export interface OfficeCoding {
  proposals: CodingProposals
  notes: OfficeNote[]
}

/** Names compared as a reader compares them: case, spacing and punctuation at the ends aside. */
export const sameName = (a: unknown, b: unknown): boolean =>
  typeof a === 'string' &&
  typeof b === 'string' &&
  a.trim().replace(/\s+/g, ' ').toLocaleLowerCase('nb') ===
    b.trim().replace(/\s+/g, ' ').toLocaleLowerCase('nb')

/** Whether an account of this client may be proposed: not deleted, locked or hidden. */
export const accountAllowed = (account: Row): boolean =>
  live(account) && account.Locked !== true && account.Visible !== false

/** This client's VAT type of a SAF-T code, when it is in use (not deleted or hidden). */
export function vatTypeOfCode(code: string, vatTypes: readonly Row[]): Row | undefined {
  return vatTypes.find((v) => live(v) && v.Visible !== false && String(v.VatCode ?? '') === code)
}

const accountText = (number: number, name: string) => `${number} ${name}`.trim()

interface Vote {
  number: number
  name: string
  vatCode: string | null
  newest: string
}

/** The coding one other client would propose for the supplier, as account number, name and VAT code. */
function voteOf(evidence: OfficeEvidence): Vote | null {
  const coding = historyCoding(evidence.invoices)
  const accountId = coding.AccountID?.value
  const account = accountId === undefined ? undefined : evidence.accounts.get(accountId)
  const number = num(account?.AccountNumber)
  if (!account || number === null) return null
  const vatId = coding.VatTypeID?.value
  const vat = vatId === undefined ? undefined : evidence.vatTypes.get(vatId)
  const code = vat && vat.VatCode !== null && vat.VatCode !== undefined ? String(vat.VatCode) : null
  return {
    number,
    name: String(account.AccountName ?? ''),
    vatCode: code,
    newest: newestInvoice(evidence.invoices),
  }
}

/** The winner among votes: most clients, then the most recent use. */
function winner<K>(tally: Map<K, { count: number; newest: string }>): [K, number] | null {
  let best: [K, { count: number; newest: string }] | null = null
  for (const entry of tally) {
    const [, t] = entry
    if (!best || t.count > best[1].count || (t.count === best[1].count && t.newest > best[1].newest))
      best = entry
  }
  return best && [best[0], best[1].count]
}

/**
 * The office's proposal for this client (`chart`) from the other clients' `evidence` (the current client
 * must not be among them: its own history is supplier memory's). Empty when no other client coded the
 * organisation number.
 */
export function officeCoding(evidence: readonly OfficeEvidence[], chart: ClientChart): OfficeCoding {
  const votes = evidence.map(voteOf).filter((v): v is Vote => v !== null)
  if (votes.length === 0) return { proposals: {}, notes: [] }
  const byAccount = new Map<string, { count: number; newest: string; votes: Vote[] }>()
  for (const vote of votes) {
    const key = `${vote.number}\u0000${vote.name.trim().toLocaleLowerCase('nb')}`
    const t = byAccount.get(key) ?? { count: 0, newest: '', votes: [] }
    t.count++
    t.newest = vote.newest > t.newest ? vote.newest : t.newest
    t.votes.push(vote)
    byAccount.set(key, t)
  }
  const [key, clients] = winner(byAccount)!
  const chosen = byAccount.get(key)!.votes
  const { number, name } = chosen[0]!
  const theirs = accountText(number, name)
  const here = chart.accounts.find((a) => live(a) && num(a.AccountNumber) === number)
  if (!here) return { proposals: {}, notes: [{ kind: 'missing', account: theirs, clients }] }
  if (!sameName(here.AccountName, name))
    return {
      proposals: {},
      notes: [
        {
          kind: 'nameDiffers',
          account: theirs,
          clients,
          here: accountText(number, String(here.AccountName ?? '')),
        },
      ],
    }
  if (!accountAllowed(here)) return { proposals: {}, notes: [{ kind: 'locked', account: theirs, clients }] }
  const account = accountText(number, String(here.AccountName ?? ''))
  const proposals: CodingProposals = {
    AccountID: { value: Number(here.ID), source: 'office', count: clients, total: votes.length, account },
  }
  // The VAT code those clients used with the account, when this client has it in use.
  const byCode = new Map<string, { count: number; newest: string }>()
  for (const vote of chosen) {
    if (vote.vatCode === null) continue
    const t = byCode.get(vote.vatCode) ?? { count: 0, newest: '' }
    t.count++
    t.newest = vote.newest > t.newest ? vote.newest : t.newest
    byCode.set(vote.vatCode, t)
  }
  const code = winner(byCode)
  const vat = code ? vatTypeOfCode(code[0], chart.vatTypes) : undefined
  if (code && vat)
    proposals.VatTypeID = {
      value: Number(vat.ID),
      source: 'office',
      count: code[1],
      total: votes.length,
      account,
    }
  return { proposals, notes: [] }
}
