// How the card and its form name each field of a party (common/bridge/parties.ts `partyFields`), what kind
// of input it takes, and how its value reads in a conflict. One place, so the form, the card and the
// conflict table name a field alike.
import type { PartyField } from '@common/bridge/parties'

const keys: Record<PartyField, string> = {
  'Info.Name': 'name',
  'Info.InvoiceAddress.AddressLine1': 'addressLine1',
  'Info.InvoiceAddress.AddressLine2': 'addressLine2',
  'Info.InvoiceAddress.PostalCode': 'postalCode',
  'Info.InvoiceAddress.City': 'city',
  'Info.InvoiceAddress.CountryCode': 'countryCode',
  'Info.DefaultEmail.EmailAddress': 'email',
  'Info.DefaultPhone.Number': 'phone',
  OrgNumber: 'orgNumber',
  CreditDays: 'creditDays',
  CostAccountID: 'costAccount',
  WebUrl: 'webUrl',
  Comment: 'comment',
  Role: 'role',
}

/** The i18n key of a field's label; a path the register does not know is shown as it is. */
export function fieldLabelKey(path: string): string | null {
  const key = keys[path as PartyField]
  return key ? `contactsCard.field.${key}` : null
}

/** The input's `type` and `inputmode`, so a phone keyboard or an e-mail keyboard comes up where one helps. */
export function inputKind(path: string): {
  type: string
  inputmode?: 'text' | 'email' | 'numeric' | 'tel'
  autocomplete?: string
} {
  switch (path) {
    case 'Info.DefaultEmail.EmailAddress':
      return { type: 'email', autocomplete: 'off' }
    case 'Info.DefaultPhone.Number':
      return { type: 'tel', autocomplete: 'off' }
    case 'OrgNumber':
    case 'CreditDays':
    case 'Info.InvoiceAddress.PostalCode':
      return { type: 'text', inputmode: 'numeric', autocomplete: 'off' }
    default:
      return { type: 'text', autocomplete: 'off' }
  }
}

/** The DOM id of a field's input in a form (`party-form-Info-InvoiceAddress-City`). */
export const inputId = (prefix: string, path: string): string => `${prefix}-${path.replace(/\./g, '-')}`
