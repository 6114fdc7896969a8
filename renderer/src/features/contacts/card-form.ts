// The party form's model: every field of `partyFields[entity]` (common/bridge/parties.ts) as the text the
// user edits, its checks (common/field-checks.ts, worded in renderer/src/i18n/check.messages.ts), and what a
// save sends: only the paths whose value changed (`editParty`), or a new party's draft (`createParty`).
// Pure, so the checks and the changes are tested without a screen.
import { partyFields, type PartyEntity, type PartyField } from '@common/bridge/parties'
import type { BankAccountDraft, ContactDraft, CustomerDraft, SupplierDraft } from '@common/bridge/parties'
import { readBankAccount } from '@common/bank-account'
import {
  checkAccount,
  checkBankAccount,
  checkCountryCode,
  checkCreditDays,
  checkEmail,
  checkOrgNumber,
  checkPostalCode,
  checkRequired,
  checkWebUrl,
  type CheckFinding,
} from '@common/field-checks'
import { normaliseOrgNumber } from '@common/parties/normalise'
import { findAccount, type AccountRef } from '@common/parse'
import { partyValue, type PartyChanges } from '@renderer/data/parties'

export type FormValues<E extends PartyEntity = PartyEntity> = Record<PartyField<E>, string>
export type FormFindings<E extends PartyEntity = PartyEntity> = Partial<Record<PartyField<E>, CheckFinding>>

/** The fields of the form, in the order the form shows them. */
export const formFields = <E extends PartyEntity>(entity: E): readonly PartyField<E>[] =>
  partyFields[entity] as unknown as readonly PartyField<E>[]

const asText = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value)

/**
 * The form's values for a party's cached row (empty ones for a new party). The default cost account is
 * edited by its number (the code picker's text), so it is read as the number of the account its ID names.
 */
export function formFromParty<E extends PartyEntity>(
  entity: E,
  row: Record<string, unknown> | null,
  accounts: readonly AccountRef[] = [],
): FormValues<E> {
  const values = {} as FormValues<E>
  for (const path of formFields(entity)) {
    const value = row ? partyValue(row, path) : null
    if (path === 'CostAccountID') {
      const account = accounts.find((a) => a.ID === Number(value))
      values[path] = account ? String(account.AccountNumber) : asText(value)
    } else if (path === 'OrgNumber') values[path] = normaliseOrgNumber(asText(value)) ?? asText(value)
    else values[path] = asText(value)
  }
  return values
}

/** Each field's finding (errors only: every finding here stops a save), by path. */
export function checkPartyForm<E extends PartyEntity>(
  entity: E,
  values: FormValues<E>,
  accounts: readonly AccountRef[] = [],
): FormFindings<E> {
  const all = values as Record<string, string>
  const country = all['Info.InvoiceAddress.CountryCode']
  const checks: Record<string, () => CheckFinding | null> = {
    'Info.Name': () => checkRequired(all['Info.Name']),
    OrgNumber: () => checkOrgNumber(all.OrgNumber),
    'Info.DefaultEmail.EmailAddress': () => checkEmail(all['Info.DefaultEmail.EmailAddress']),
    'Info.InvoiceAddress.PostalCode': () => checkPostalCode(all['Info.InvoiceAddress.PostalCode'], country),
    'Info.InvoiceAddress.CountryCode': () => checkCountryCode(country),
    CreditDays: () => checkCreditDays(all.CreditDays),
    WebUrl: () => checkWebUrl(all.WebUrl),
    CostAccountID: () => checkAccount(all.CostAccountID, accounts),
  }
  const findings: FormFindings<E> = {}
  for (const path of formFields(entity)) {
    const found = checks[path]?.()
    if (found) findings[path] = found
  }
  return findings
}

/** A field's value as the platform keeps it: trimmed text or null, days and IDs as numbers. */
function platformValue(path: string, text: string, accounts: readonly AccountRef[]): string | number | null {
  const trimmed = text.trim()
  if (trimmed === '') return null
  switch (path) {
    case 'OrgNumber':
      return normaliseOrgNumber(trimmed) ?? trimmed
    case 'CreditDays':
      return Number(trimmed)
    case 'CostAccountID':
      return findAccount(trimmed, accounts)?.ID ?? null
    case 'Info.InvoiceAddress.CountryCode':
      return trimmed.toUpperCase()
    default:
      return trimmed
  }
}

/** The same comparison for what the row holds (an org number however written, `''` as none). */
function rowValue(path: string, value: unknown): string | number | null {
  if (value === null || value === undefined || value === '') return null
  if (path === 'OrgNumber') return normaliseOrgNumber(asText(value)) ?? asText(value).trim()
  if (path === 'CreditDays' || path === 'CostAccountID') return Number(value)
  return typeof value === 'string' ? value.trim() : asText(value)
}

/**
 * What a save of an existing party sends: the paths whose value differs from the cached row, each as the
 * platform keeps it. Call it only with values that pass `checkPartyForm`.
 */
export function partyChanges<E extends PartyEntity>(
  entity: E,
  row: Record<string, unknown>,
  values: FormValues<E>,
  accounts: readonly AccountRef[] = [],
): PartyChanges<E> {
  const changes: PartyChanges<E> = {}
  for (const path of formFields(entity)) {
    const next = platformValue(path, values[path], accounts)
    if (next !== rowValue(path, partyValue(row, path))) changes[path] = next
  }
  return changes
}

/** A typed bank account as the outbox carries it: 11 digits, or an IBAN (a Norwegian IBAN as its account). */
export function bankAccountDraft(text: string): BankAccountDraft | null {
  if (checkBankAccount(text)) return null
  const reading = readBankAccount(text)
  if (!reading || !('account' in reading)) return null
  return /^\d{11}$/.test(reading.account) ? { AccountNumber: reading.account } : { IBAN: reading.account }
}

export interface NewPartyExtras {
  /** The bank accounts typed on a new supplier or customer (checked; the first is its default). */
  bankAccounts?: readonly string[]
  /** A new contact person: the business relation of the supplier or customer they work for. */
  parentBusinessRelationId?: number | null
}

type DraftOf = { Supplier: SupplierDraft; Customer: CustomerDraft; Contact: ContactDraft }

/** A new party's draft from the form (values that pass `checkPartyForm`). */
export function partyDraft<E extends PartyEntity>(
  entity: E,
  values: FormValues<E>,
  accounts: readonly AccountRef[] = [],
  extras: NewPartyExtras = {},
): DraftOf[E] {
  const all = values as Record<string, string>
  const value = (path: string) => {
    const v = platformValue(path, all[path] ?? '', accounts)
    return v === null ? null : v
  }
  const address = {
    AddressLine1: value('Info.InvoiceAddress.AddressLine1') as string | null,
    AddressLine2: value('Info.InvoiceAddress.AddressLine2') as string | null,
    PostalCode: value('Info.InvoiceAddress.PostalCode') as string | null,
    City: value('Info.InvoiceAddress.City') as string | null,
    CountryCode: value('Info.InvoiceAddress.CountryCode') as string | null,
  }
  const relation = {
    Name: all['Info.Name']!.trim(),
    InvoiceAddress: Object.values(address).some((v) => v !== null) ? address : null,
    EmailAddress: value('Info.DefaultEmail.EmailAddress') as string | null,
    PhoneNumber: value('Info.DefaultPhone.Number') as string | null,
  }
  if (entity === 'Contact')
    return {
      ...relation,
      Comment: value('Comment') as string | null,
      Role: value('Role') as string | null,
      ParentBusinessRelationID: extras.parentBusinessRelationId ?? null,
    } as DraftOf[E]
  const bankAccounts = (extras.bankAccounts ?? [])
    .map(bankAccountDraft)
    .filter((b): b is BankAccountDraft => b !== null)
  const trading = {
    ...relation,
    OrgNumber: value('OrgNumber') as string | null,
    CreditDays: value('CreditDays') as number | null,
    ...(bankAccounts.length > 0 ? { BankAccounts: bankAccounts } : {}),
  }
  return (
    entity === 'Supplier' ? { ...trading, CostAccountID: value('CostAccountID') as number | null } : trading
  ) as DraftOf[E]
}

/** The fields a new party's draft has no place for (common/bridge/parties.ts: the web address). */
const NOT_IN_DRAFT = new Set<string>(['WebUrl'])

/**
 * What a new party's draft cannot carry, queued as an `edit` of the new party right after its `create`
 * (the outbox sends them in order), so nothing typed on the form is lost.
 */
export function changesAfterCreate<E extends PartyEntity>(entity: E, values: FormValues<E>): PartyChanges<E> {
  const changes: PartyChanges<E> = {}
  for (const path of formFields(entity))
    if (NOT_IN_DRAFT.has(path)) {
      const value = platformValue(path, values[path], [])
      if (value !== null) changes[path] = value
    }
  return changes
}
