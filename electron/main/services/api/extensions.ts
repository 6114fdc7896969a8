// What the app asks of a platform beyond what the spec and the field notes document
// (platform/surface/documented.ts), each with what it is for, what the app does when the platform refuses or
// ignores it, and the test that runs that fallback against the platform in its documented mode. The
// end-to-end suite runs against that mode and fails on any recorded use not listed here
// (scripts/check-surface.ts); the README's table "What the app needs from the platform" is this list.
import type { UndocumentedKind, UndocumentedUse } from '../../../../platform/surface/enforce.ts'

export interface Extension {
  kind: Exclude<UndocumentedKind, 'documented'>
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** As the platform records it: the declared route, or the path with numbers as `{id}` (lower case). */
  route: string
  /** The actions, fields or parameters (any letter case); absent: the route itself. */
  names?: readonly string[]
  /** The model the fields are looked up on, for field uses. */
  entity?: string
  why: string
  fallback: string
  /** The test that runs the fallback against the documented platform. */
  test: string
}

const pull = 'test/node/sync/documented-pull.test.ts'

export const extensions: readonly Extension[] = [
  // Reference lists the offline cache pulls; the pull marks a refused list unavailable and goes on.
  {
    kind: 'route',
    method: 'GET',
    route: 'api/biz/departments',
    why: 'departments to pick on a cost line',
    fallback: 'the list is marked unavailable in this company; the pickers offer none and say so',
    test: pull,
  },
  {
    kind: 'route',
    method: 'GET',
    route: 'api/biz/projects',
    why: 'projects to pick on a cost line',
    fallback: 'the list is marked unavailable in this company; the pickers offer none and say so',
    test: pull,
  },
  {
    kind: 'route',
    method: 'GET',
    route: 'api/biz/currencycodes',
    why: 'currency codes of foreign invoices',
    fallback: 'the list is marked unavailable; amounts show the currency code the invoice itself carries',
    test: pull,
  },
  {
    kind: 'route',
    method: 'GET',
    route: 'api/biz/tasks',
    why: 'the approval plan of an invoice ("step 2 of 3", who else approves)',
    fallback: 'the list is marked unavailable; approvals show without their step',
    test: pull,
  },
  {
    kind: 'route',
    method: 'GET',
    route: 'api/biz/comments',
    why: "the scan station's note on a supplier it created, read back for the supplier card",
    fallback: 'the list is marked unavailable; the card shows no scan note',
    test: pull,
  },
  {
    kind: 'route',
    method: 'GET',
    route: 'api/biz/approvalsubstitutes',
    why: 'whose approvals the user stands in for, and the substitutes panel',
    fallback: "the user's own approvals only; the panel says the platform does not list substitutes",
    test: pull,
  },
  {
    kind: 'statistics-model',
    method: 'GET',
    route: 'api/statistics',
    names: ['FileEntityLink'],
    why: "every invoice's attachments in one query",
    fallback: 'the documented attachment list of each invoice (GET files/SupplierInvoice/{id})',
    test: pull,
  },
  // Expansions the views read more from; an ignored expansion leaves the field empty, never wrong.
  {
    kind: 'expand',
    method: 'GET',
    route: 'api/biz/suppliers',
    entity: 'BusinessRelation',
    names: ['BankAccounts', 'DefaultBankAccount'],
    why: "a supplier's bank accounts, for the review's bank-account check",
    fallback:
      "without them the bank-account check says the supplier's account is not known, never that it matches",
    test: pull,
  },
  {
    kind: 'expand',
    method: 'GET',
    route: 'api/biz/customers',
    entity: 'BusinessRelation',
    names: ['BankAccounts', 'DefaultBankAccount'],
    why: "a customer's bank accounts on the contact card",
    fallback: 'the card shows no bank account',
    test: pull,
  },
  {
    kind: 'expand',
    method: 'GET',
    route: 'api/biz/companysettings',
    entity: 'CompanySettings',
    names: ['DefaultBankAccount'],
    why: "the company's own bank account printed on its sales invoices",
    fallback: 'the invoice is printed without the account line and the editor says so',
    test: pull,
  },
  {
    kind: 'expand',
    method: 'GET',
    route: 'api/biz/supplierinvoices',
    entity: 'SupplierInvoice',
    names: ['BankAccount'],
    why: 'the bank account an invoice is paid to',
    fallback: 'the review reads the account from the document instead',
    test: pull,
  },
  {
    kind: 'expand',
    method: 'GET',
    route: 'api/biz/supplierinvoices/{id}',
    entity: 'SupplierInvoice',
    names: ['BankAccount'],
    why: 'the bank account an invoice is paid to',
    fallback: 'the review reads the account from the document instead',
    test: pull,
  },
  {
    kind: 'expand',
    method: 'GET',
    route: 'api/biz/teams',
    entity: 'Team',
    names: ['Positions'],
    why: 'who is in a team, to assign an invoice to a team',
    fallback: 'teams are offered by name only',
    test: pull,
  },
]

/** The listed extension a recorded use falls under, if any. */
export function extensionFor(use: UndocumentedUse): Extension | undefined {
  const name = use.name.toLowerCase()
  return extensions.find(
    (e) =>
      e.kind === use.kind &&
      e.method === use.method &&
      e.route.toLowerCase() === use.route.toLowerCase() &&
      (e.entity === undefined || e.entity === use.entity) &&
      (e.names === undefined
        ? use.kind === 'route' || name === ''
        : e.names.some((n) => n.toLowerCase() === name)),
  )
}
