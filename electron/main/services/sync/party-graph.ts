// The graphs the contacts register writes (field notes "Graph writes": a nested object with `_createguid` is
// created, one with an `ID` updated, a child with `Deleted: true` removed), and the edit decision by path.
// Pure functions of the command and the server's row, so they are tested without a platform.
import type { OutboxCommandOf, OutboxOutcome } from '../../../../common/bridge/outbox.ts'
import type {
  BankAccountDraft,
  ContactDraft,
  CustomerDraft,
  PartyEntity,
  SupplierDraft,
} from '../../../../common/bridge/parties.ts'
import type { PlatformRow } from '../../../../common/bridge/sync.ts'
import { normaliseAccount } from '../../../../common/parties/normalise.ts'
import { decideUpdate } from './row-actions.ts'

type Row = PlatformRow
export type EditCommand = OutboxCommandOf<PartyEntity, 'edit'>

const guid = () => crypto.randomUUID()
const present = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value !== ''

/** The value at a path such as 'Info.InvoiceAddress.City' of a server row. */
export function valueAt(row: unknown, path: string): unknown {
  let node: unknown = row
  for (const step of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined
    node = (node as Row)[step]
  }
  return node
}

/** A bank account to create on a business relation. */
export function newBankAccount(account: BankAccountDraft): Row {
  return {
    _createguid: guid(),
    AccountNumber: account.AccountNumber ?? null,
    IBAN: account.IBAN ?? null,
    BIC: account.BIC ?? null,
  }
}

/** The party's bank account that is `account` (by number or IBAN, compared one way), not deleted. */
export function sameAccountOn(server: Row | null, account: BankAccountDraft): Row | undefined {
  const wanted = normaliseAccount(account.AccountNumber ?? account.IBAN ?? null)
  if (!wanted) return undefined
  const accounts = (valueAt(server, 'Info.BankAccounts') as Row[] | undefined) ?? []
  return accounts.find(
    (a) =>
      a.Deleted !== true &&
      (normaliseAccount(a.AccountNumber as string | null) === wanted ||
        normaliseAccount(a.IBAN as string | null) === wanted),
  )
}

type Draft = SupplierDraft | CustomerDraft | ContactDraft

/**
 * The POST body of a new party: its `Info` with the invoice address, default e-mail and phone and the bank
 * accounts, each created with `_createguid` (spec 4.7 names the same parts for a contact). The default bank
 * account is set once the accounts have IDs (a `_createguid` object under `DefaultBankAccount` would be a
 * second account, not one of `BankAccounts`).
 */
export function createGraph(entity: PartyEntity, draft: Draft): Row {
  const address = draft.InvoiceAddress
  const hasAddress = address && Object.values(address).some((v) => present(v as string | null | undefined))
  const accounts = 'BankAccounts' in draft ? (draft.BankAccounts ?? []) : []
  const Info: Row = {
    _createguid: guid(),
    Name: draft.Name,
    ...(hasAddress ? { InvoiceAddress: { _createguid: guid(), ...address } } : {}),
    ...(present(draft.EmailAddress)
      ? { DefaultEmail: { _createguid: guid(), EmailAddress: draft.EmailAddress } }
      : {}),
    ...(present(draft.PhoneNumber)
      ? { DefaultPhone: { _createguid: guid(), Number: draft.PhoneNumber } }
      : {}),
    ...(accounts.length > 0 ? { BankAccounts: accounts.map(newBankAccount) } : {}),
  }
  if (entity === 'Contact') {
    const contact = draft as ContactDraft
    return {
      Info,
      Comment: contact.Comment ?? null,
      Role: contact.Role ?? null,
      ParentBusinessRelationID: contact.ParentBusinessRelationID ?? null,
    }
  }
  const party = draft as SupplierDraft
  return {
    Info,
    ...(party.OrgNumber ? { OrgNumber: party.OrgNumber } : {}),
    ...(party.CreditDays != null ? { CreditDays: party.CreditDays } : {}),
    ...(entity === 'Supplier' && party.CostAccountID != null ? { CostAccountID: party.CostAccountID } : {}),
  }
}

/**
 * An edit against the server's row, path by path (the rule of every update, ./row-actions.ts): a path the
 * server still has at its base value is sent, one changed on both sides to different values is a conflict
 * (with the server's values by path), one the server already has at the user's value needs nothing.
 */
export function decideEdit(
  command: Pick<EditCommand, 'entity' | 'entityId' | 'body' | 'base' | 'baseUpdatedAt'>,
  server: Row | null,
): OutboxOutcome | { send: Record<string, unknown>; merged: string[] } {
  return decideUpdate({ ...command, body: command.body as Record<string, unknown> }, server, valueAt)
}

/**
 * The PUT body that sets `send` (values by path) on the party `server`: top-level fields as they are, the
 * business relation as `Info: { ID, … }`, and its invoice address, default e-mail and default phone each
 * updated by its `ID`, or created with `_createguid` when the party has none yet (the platform then sets
 * `InvoiceAddressID`, `DefaultEmailID`, `DefaultPhoneID` on the relation).
 */
export function editGraph(server: Row, send: Record<string, unknown>): Row {
  const body: Row = { ID: server.ID }
  const existing = (server.Info as Row | null | undefined) ?? null
  let info: Row | null = null
  const infoBody = () => (info ??= existing?.ID ? { ID: existing.ID } : { _createguid: guid() })
  for (const [path, value] of Object.entries(send)) {
    const steps = path.split('.')
    if (steps.length === 1) body[steps[0]!] = value
    // spec 2.16: a custom value is a key of the party's own CustomValues, not of its business relation.
    else if (steps[0] === 'CustomValues')
      body.CustomValues = { ...(body.CustomValues as Row | undefined), [steps[1]!]: value }
    else if (steps.length === 2) infoBody()[steps[1]!] = value
    else {
      const [, part, field] = steps as [string, string, string]
      const target = infoBody()
      if (!target[part]) {
        const current = existing?.[part] as Row | null | undefined
        target[part] = current?.ID ? { ID: current.ID } : { _createguid: guid() }
      }
      ;(target[part] as Row)[field] = value
    }
  }
  if (info) body.Info = info
  return body
}
