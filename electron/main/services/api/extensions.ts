// What the app asks of a platform beyond what the spec and the field notes document
// (platform/surface/documented.ts), each with what it is for, what the app does when the platform refuses or
// ignores it, and the test that runs that fallback against the platform in its documented mode. The
// end-to-end suite runs against that mode and fails on any recorded use not listed here
// (scripts/check-surface.ts); the table "What the app needs from the platform"
// (docs/platform-needs.md) is this list.
import type { UndocumentedKind, UndocumentedUse } from '../../../../common/platform-surface.ts'

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
const reads = 'test/node/desktop/documented-reads.test.ts'
const rules = 'test/node/desktop/approval-rules-documented.test.ts'
/** Expansions are recorded, not removed, by the documented mode: no test runs without them yet. */
const notExercised = 'not exercised: the documented mode records the expansion but still answers it'

const listRoute = (route: string, why: string, fallback: string, test = pull): Extension => ({
  kind: 'route',
  method: 'GET',
  route,
  why,
  fallback,
  test,
})

export const extensions: readonly Extension[] = [
  // Lists the offline cache pulls; the pull marks a refused list unavailable in the company and goes on.
  listRoute(
    'api/biz/departments',
    'departments to pick on a cost line',
    'the list is marked unavailable; no department is offered',
  ),
  listRoute(
    'api/biz/projects',
    'projects to pick on a cost line',
    'the list is marked unavailable; no project is offered',
  ),
  listRoute(
    'api/biz/currencycodes',
    "currency codes of foreign invoices, and a sales invoice's currency on its PDF",
    "the list is marked unavailable; the review names an invoice's own currency from its expanded CurrencyCode (spec 2.12) and offers no other; a sales PDF then names no invoice currency (not handled yet: it prints as the company currency)",
  ),
  listRoute(
    'api/biz/tasks',
    'the invoice each approval is for, and its plan ("step 2 of 3", who else approves)',
    'the tasks and their plans are read through the statistics route (model Task, documented in spec 2.15); the pull marks the list unavailable only when that is refused too',
    'test/node/sync/documented-approvals.test.ts',
  ),
  listRoute(
    'api/biz/comments',
    "the scan station's note on a supplier it created",
    'the list is marked unavailable',
  ),
  listRoute(
    'api/biz/approvalsubstitutes',
    'whose approvals the user stands in for',
    "the user's own approvals only",
  ),
  {
    kind: 'route',
    method: 'POST',
    route: 'api/biz/suppliers',
    why: 'a supplier the scan station meets for the first time, made before its draft',
    fallback:
      'the draft invoice creates it in the same graph write (Supplier with _createguid; spec conventions, field notes "Graph writes"), under the station\'s lock for that organisation number',
    test: 'test/node/scan/documented-suppliers.test.ts',
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
  // One invoice's history and locks (review, approvals).
  listRoute(
    'api/biz/comments/supplierinvoice/{id}',
    "an invoice's comments in its history",
    'the history says comments are not available from this platform; writing one (documented) still works',
    reads,
  ),
  listRoute(
    'api/biz/comments/supplier/{id}',
    "a supplier's scan note, read before writing it",
    "the scan ledger's own record decides",
    reads,
  ),
  listRoute(
    'api/biz/entitylock',
    'whether an invoice is locked before locking it',
    'lock and unlock are sent directly; "already locked" counts as done',
    reads,
  ),
  // The approval rules editor.
  listRoute(
    'api/biz/approvalrules',
    'the approval rules to edit',
    'the editor says earlier rules are not listed; it creates rules and shows those made now',
    rules,
  ),
  listRoute(
    'api/biz/approvalrules/{id}',
    "the name of the rule the platform proposes for an invoice, and the rule's steps in its flow",
    'the rule is proposed by its number; the flow panel says the rule is not available',
    reads,
  ),
  listRoute('api/biz/thresholds', 'the thresholds to edit', 'as for rules: create only', rules),
  listRoute(
    'api/biz/approvalrulelinkgroups',
    'the supplier links to edit',
    'as for rules: link groups made now can be saved again',
    rules,
  ),
  // Routes a few actions use where the documents name none; each fails as itself, never as "gone".
  listRoute(
    'api/biz/dimensions',
    "the Dimensions row that holds a cost line's department and project (DimensionsID)",
    "a booking with a department or project fails with the platform's refusal and stays in the outbox; lines without them book",
    'not exercised',
  ),
  {
    kind: 'route',
    method: 'POST',
    route: 'api/biz/dimensions',
    why: 'a new Dimensions row for a department and project',
    fallback: 'as for the look-up',
    test: 'not exercised',
  },
  listRoute(
    'api/biz/bankaccounts',
    "the supplier's own bank-account row for a scanned invoice",
    'the draft carries the account read as PaymentInformation only',
    'electron/main/services/scan/platform.test.ts',
  ),
  listRoute(
    'api/biz/projects/{id}',
    "the project named in an invoice's flow",
    'the flow panel says the rule is not available',
    reads,
  ),
  listRoute(
    '{licenseAdmin}/api/users',
    "the office's people's ids on the license server, for the bulk permission route's UserIds",
    'the office grid shows the people without license ids and says roles across companies cannot be changed from here',
    'test/node/desktop/admin-users.test.ts',
  ),
  listRoute(
    'api/biz/departments/{id}',
    "the department named in an invoice's flow",
    'the flow panel says the rule is not available',
    reads,
  ),
  {
    kind: 'action',
    method: 'GET',
    route: 'api/biz/approvalrulelinks',
    names: ['(none)'],
    why: "the links that chose an invoice's rule, in its flow panel",
    fallback: 'the flow panel says the rule is not available',
    test: reads,
  },
  // Expansions the views read more from.
  ...(
    [
      [
        'api/biz/suppliers',
        'BusinessRelation',
        ['BankAccounts', 'DefaultBankAccount'],
        "a supplier's bank accounts, for the bank-account check",
      ],
      [
        'api/biz/customers',
        'BusinessRelation',
        ['BankAccounts', 'DefaultBankAccount'],
        "a customer's bank accounts on its card",
      ],
      [
        'api/biz/companysettings',
        'CompanySettings',
        ['DefaultBankAccount'],
        "the company's own account on its sales invoices",
      ],
      ['api/biz/supplierinvoices', 'SupplierInvoice', ['BankAccount'], 'the account an invoice is paid to'],
      [
        'api/biz/supplierinvoices/{id}',
        'SupplierInvoice',
        ['BankAccount'],
        'the account an invoice is paid to',
      ],
      [
        'api/biz/supplierinvoices/{id}',
        'JournalEntryDraftLine',
        ['Dimensions'],
        "a cost line's department and project",
      ],
      ['api/biz/teams', 'Team', ['Positions'], 'who is in a team'],
      ['api/biz/approvals', 'Approval', ['Task'], 'the invoice an approval is for, when deciding it'],
    ] as const
  ).map(([route, entity, names, why]): Extension => ({
    kind: 'expand',
    method: 'GET',
    route,
    entity,
    names,
    why,
    fallback: 'an ignored expansion leaves the field out, and the view shows none of it',
    test: notExercised,
  })),
]

/**
 * A field of a model the documents themselves say has more fields than they list (spec 2.12: "other fields
 * are set through the same route"; 2.15: "full field lists ... not shown"): the platform records the use,
 * but it is the real service's own field, not an extension of ours.
 */
export const openModelField = (use: UndocumentedUse) => use.assumed === true

const openModel: Extension = {
  kind: 'body',
  method: 'PUT',
  route: '(any route of a model the documents call open)',
  why: 'fields of SupplierInvoice, CustomerInvoice, Customer, Supplier, Product, User, FactoringSettings and others the spec says it does not list',
  fallback: 'the documented mode keeps them (the real service has its own fields); each use is printed',
  test: 'scripts/check-surface.ts prints them',
}

/** The listed extension a recorded use falls under, if any. */
export function extensionFor(use: UndocumentedUse): Extension | undefined {
  if (openModelField(use)) return openModel
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
