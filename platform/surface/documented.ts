// The documented surface of the platform: what shared/spec/platform-api.md and shared/spec/field-notes.md
// say a client may rely on, declared once. Each entry names where it is written. The local platform's
// `--surface documented` mode (enforce.ts) answers only this surface, the way the real cloud would be
// read from these documents, and records every use of anything else; the table "What the app needs
// from the platform" in docs/platform-needs.md and the app's list of known extensions (extensions.ts) are checked against it.

/** Which server a route lives on: the API base, the file server, the license server, the bulk-permission host. */
export type SurfaceServer = 'api' | 'files' | 'license' | 'licenseAdmin'
export type SurfaceMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface RouteDecl {
  server: SurfaceServer
  method: SurfaceMethod
  /**
   * The path under its server, without the leading slash. `{id}` is a whole number, `{name}` any one
   * segment. Matched case-insensitively, with or without a trailing slash.
   */
  path: string
  /**
   * The `action=` values the route takes; absent: the route takes no action. `transitions`: any transition
   * the platform lists for the entity (spec 3.2, `GET transitions`), besides those named.
   */
  actions?: readonly string[]
  transitions?: true
  /** The model whose documented fields the route's filter, orderby and body are checked against. */
  entity?: string
  /** Query parameters this route takes besides the query options of spec 4.2. */
  params?: readonly string[]
  source: string
}

export interface EntityDecl {
  /** Documented fields besides the standard ones (spec, conventions). Matched case-insensitively. */
  fields: readonly string[]
  /** Relations that documented dotted paths and expansions go through: field -> model. */
  relations?: Readonly<Record<string, string>>
  source: string
  /**
   * Where the documents say the model has more fields than they list ("Full field lists ... not shown",
   * spec 2.15; "Other fields are set through the same route", 2.12). Fields of such a model that are not
   * listed are still recorded, but a filter on them is not dropped: the real service has its own.
   */
  open?: string
}

const spec = (section: string) => `platform-api.md ${section}`
const notes = (heading: string) => `field-notes.md "${heading}"`

/** Every entity carries these (spec, "Conventions that hold for every route"). */
export const standardFields: readonly string[] = [
  'ID',
  'Deleted',
  'CustomValues',
  'CreatedAt',
  'UpdatedAt',
  'CreatedBy',
  'UpdatedBy',
  'StatusCode',
  '_validationResults',
  '_createguid',
  '_isDirty',
]

const notShown = spec('2.15: full field lists beyond the fields tabulated: not shown')

export const entities: Readonly<Record<string, EntityDecl>> = {
  User: {
    fields: [
      'Email',
      'GlobalIdentity',
      'DisplayName',
      'UserName',
      'PhoneNumber',
      'LastLogin',
      'Protected',
      'BankIntegrationUserName',
      'IsAutobankAdmin',
      'Permissions',
      'License',
    ],
    source: spec('2.2, 2.18'),
    open: notShown,
  },
  Company: {
    fields: [
      'Name',
      'Key',
      'WebHookSubscriberId',
      'IsTest',
      'FileFlowEmail',
      'OrganizationNumber',
      'IsTemplate',
      'LastActivity',
    ],
    source: `${spec('2.3')}; ${notes('Auth and tenancy')}`,
  },
  CompanySettings: {
    fields: [],
    source: spec('4.1: returns company settings'),
    open: spec('4.1: fields not shown'),
  },
  CustomerInvoice: {
    fields: [
      'InvoiceDate',
      'PaymentDueDate',
      'DeliveryDate',
      'OurReference',
      'CustomerID',
      'Customer',
      'CustomerName',
      'Items',
      'PaymentInfoTypeID',
      'DistributionPlanID',
      'InvoiceNumber',
      'InvoiceType',
      'Credited',
      'RestAmount',
      'RestAmountCurrency',
      'CreditedAmount',
      'CreditedAmountCurrency',
      'InvoiceReferenceID',
      'InvoiceAddressLine1',
      'InvoicePostalCode',
      'InvoiceCity',
      'ShippingAddressLine1',
      'ShippingPostalCode',
      'ShippingCity',
      'TaxInclusiveAmount',
      'TaxExclusiveAmount',
      'VatTotalsAmount',
      'TaxInclusiveAmountCurrency',
      'TaxExclusiveAmountCurrency',
      'VatTotalsAmountCurrency',
      'CreditDays',
      'CurrencyCodeID',
      'CurrencyExchangeRate',
      'InvoiceNumberSeriesID',
      'EntityType',
      'ExternalStatusCode',
      'CollectorStatusCode',
    ],
    relations: { Customer: 'Customer', Items: 'CustomerInvoiceItem' },
    source: spec('2.4'),
    open: notShown,
  },
  CustomerInvoiceItem: {
    fields: [
      'ProductID',
      'ItemText',
      'Unit',
      'NumberOfItems',
      'PriceExVat',
      'PriceIncVat',
      'PriceExVatCurrency',
      'PriceIncVatCurrency',
      'PriceSetByUser',
      'CalculateGrossPriceBasedOnNetPrice',
      'DiscountPercent',
      'Discount',
      'DiscountCurrency',
      'AccountID',
      'VatTypeID',
      'VatType',
      'VatPercent',
      'VatDate',
      'SumVat',
      'SumVatCurrency',
      'SumTotalExVat',
      'SumTotalIncVat',
      'SumTotalExVatCurrency',
      'SumTotalIncVatCurrency',
      'SortIndex',
      'CustomerInvoiceID',
      'CurrencyCodeID',
      'CurrencyExchangeRate',
      'OrderItemId',
      'Product',
    ],
    relations: { VatType: 'VatType', Product: 'Product' },
    source: `${spec('2.5')}; ${spec('4.3: Items.Product')}`,
  },
  Customer: {
    fields: [
      'CustomerNumber',
      'BusinessRelationID',
      'Info',
      'AcceptableDelta4CustomerPayment',
      'SubAccountNumberSeriesID',
      'DefaultCustomerInvoiceReportID',
      'DefaultCustomerOrderReportID',
      'DefaultCustomerQuoteReportID',
      'AvtaleGiro',
      'AvtaleGiroNotification',
      'OrgNumber',
      'WebUrl',
    ],
    relations: { Info: 'BusinessRelation' },
    source: spec('2.6'),
    open: notShown,
  },
  Supplier: {
    fields: ['Info'],
    relations: { Info: 'BusinessRelation' },
    source: `${spec('2.12: Supplier (expandable, with Info)')}; ${spec('4.5: suppliers?expand=info')}`,
    open: notShown,
  },
  BusinessRelation: {
    fields: [
      'Name',
      'Addresses',
      'Phones',
      'Emails',
      'InvoiceAddress',
      'ShippingAddress',
      'DefaultAddress',
      'DefaultPhone',
      'DefaultEmail',
      'DefaultEmailID',
      'DefaultPhoneID',
      'InvoiceAddressID',
    ],
    relations: {
      Addresses: 'Address',
      Phones: 'Phone',
      Emails: 'Email',
      InvoiceAddress: 'Address',
      ShippingAddress: 'Address',
      DefaultAddress: 'Address',
      DefaultPhone: 'Phone',
      DefaultEmail: 'Email',
    },
    source: spec('2.6'),
  },
  Phone: {
    fields: ['Number', 'CountryCode', 'Description', 'Type', 'BusinessRelationID'],
    source: spec('2.6'),
  },
  Email: { fields: ['EmailAddress', 'Description', 'BusinessRelationID'], source: spec('2.6') },
  Address: {
    fields: [
      'AddressLine1',
      'AddressLine2',
      'AddressLine3',
      'City',
      'Country',
      'CountryCode',
      'PostalCode',
      'Region',
      'BusinessRelationID',
    ],
    source: spec('2.6'),
  },
  Contact: {
    fields: ['InfoID', 'Info', 'Comment'],
    relations: { Info: 'BusinessRelation' },
    source: spec('2.7'),
  },
  Product: {
    fields: [
      'AccountID',
      'AverageCost',
      'CalculateGrossPriceBasedOnNetPrice',
      'CostPrice',
      'DefaultProductCategoryID',
      'Description',
      'DimensionsID',
      'ImageFileID',
      'ListPrice',
      'Name',
      'PartName',
      'PriceExVat',
      'PriceIncVat',
      'Type',
      'Unit',
      'VariansParentID',
      'VatTypeID',
    ],
    source: spec('2.8'),
    open: notShown,
  },
  PaymentInfoType: {
    fields: ['Control', 'Length', 'Locked', 'Name', 'Type', 'HasKid', 'Modulus', 'PaymentInfoTypeParts'],
    relations: { PaymentInfoTypeParts: 'PaymentInfoTypePart' },
    source: spec('2.9'),
  },
  PaymentInfoTypePart: { fields: ['Part', 'Length', 'SortIndex'], source: spec('2.9') },
  DistributionPlan: { fields: ['Name', 'EntityType'], source: spec('2.10') },
  CustomerOrder: {
    fields: ['Items', 'Customer'],
    relations: { Customer: 'Customer' },
    source: spec('4.3: orders'),
  },
  FactoringSettings: {
    fields: [
      'FactoringAccountID',
      'FactoringBankAccountID',
      'FactoringLoanAccountID',
      'FactoringCustomerNumber',
      'FactoringDistribution',
      'FactoringNotificationText',
      'FactoringPaymentInfoTypeID',
      'SkipJournalEntry',
      'FactoringAccount',
      'FactoringLoanAccount',
      'FactoringBankAccount',
      'FactoringPaymentInfoType',
      // The activation payload (ActivateFactoringDto).
      'BankAccountNumber',
      'FactoringAccountNumber',
      'FactoringLoanAccountNumber',
      'FactoringPaymentInfo',
      'NotificationsText',
    ],
    relations: {
      FactoringAccount: 'Account',
      FactoringLoanAccount: 'Account',
      FactoringPaymentInfoType: 'PaymentInfoType',
    },
    source: spec('2.11'),
    open: notShown,
  },
  SupplierInvoice: {
    fields: [
      'SupplierID',
      'InvoiceNumber',
      'DefaultDimensions',
      'PaymentStatus',
      'PaymentDueDate',
      'TaxInclusiveAmountCurrency',
      'CurrencyCode',
      'Requisition',
      'Project',
      'Department',
      'ProjectID',
      'DepartmentID',
      'Supplier',
      'JournalEntry',
    ],
    relations: { Supplier: 'Supplier', JournalEntry: 'JournalEntry' },
    source: `${spec('2.12')}; ${notes('Supplier invoices, files and OCR')}: cost lines travel as JournalEntry.DraftLines`,
    open: spec('2.12: other fields are set through the same route'),
  },
  File: {
    fields: [
      'Id',
      'Name',
      'Description',
      'StorageReference',
      'ContentLength',
      'Extension',
      'ContentType',
      'ClientId',
      'Pages',
      'PublicAvailableFile',
      'ExternalId',
      'ProcessedPercentage',
      'FullFileProcessed',
      'SplitFilePageList',
      'IsMultipageFile',
    ],
    source: `${spec('2.13 UniFile')}; ${notes('Supplier invoices, files and OCR')}`,
  },
  JournalEntry: {
    fields: ['DraftLines', 'FileIDs', 'JournalEntryNumber', 'Lines'],
    relations: { DraftLines: 'JournalEntryDraftLine', Lines: 'JournalEntryLine' },
    source: `${spec('2.14')}; ${notes('Journal entries')}`,
  },
  JournalEntryDraftLine: {
    fields: ['AccountID', 'Amount', 'Description', 'FinancialDate', 'VatTypeID', 'VatDate', 'VatPercent'],
    source: `${spec('2.14')}; ${notes('Journal entries')}: VatDate, VatPercent filled in`,
  },
  JournalEntryLine: {
    fields: [
      'AccountID',
      'Amount',
      'Description',
      'FinancialDate',
      'VatTypeID',
      'VatDate',
      'VatPercent',
      'JournalEntryID',
      'JournalEntry',
    ],
    relations: { JournalEntry: 'JournalEntry' },
    source: `${spec('2.14: booking creates a journal entry line per draft line; a JournalEntry groups them')}`,
  },
  Account: { fields: ['AccountNumber', 'AccountName', 'VatTypeID'], source: spec('2.14, 4.6') },
  VatType: {
    fields: ['Name', 'VatPercent', 'VatCode', 'OutputVat', 'VatPercentages', 'OutgoingAccountID'],
    source: spec('2.14'),
  },
  Transition: { fields: ['MethodName', 'Controller', 'EntityType'], source: spec('2.15') },
  TransitionFlow: {
    fields: [
      'EntityType',
      'TransitionID',
      'FromStatusID',
      'ToStatusID',
      'ExpiresDate',
      'IsDepricated',
      'FromStatus',
      'ToStatus',
    ],
    source: `${spec('2.15')}; ${spec('4.2: expanding FromStatus and ToStatus')}`,
  },
  Model: { fields: ['Name', 'Label', 'LabelPlural', 'Description', 'Admin', 'Shared'], source: spec('2.15') },
  ApprovalRule: {
    fields: ['Description', 'Steps'],
    relations: { Steps: 'ApprovalRuleStep' },
    source: spec('2.15'),
  },
  ApprovalRuleStep: {
    fields: [
      'StepNumber',
      'ApprovalType',
      'Users',
      'LookupDepartmentApprover',
      'LookupProjectApprover',
      'Limit',
    ],
    relations: { Users: 'ApprovalRuleStepUser' },
    source: spec('2.15'),
  },
  ApprovalRuleStepUser: { fields: ['UserID'], source: spec('2.15: Users (array of UserID)') },
  Task: {
    fields: [
      'UserID',
      'Type',
      'EntityID',
      'ModelID',
      'Title',
      'SharedApproveTransitionId',
      'SharedRejectTransitionId',
      'RejectStatusCode',
      'Approvals',
      'ApprovalPlan',
    ],
    relations: { Approvals: 'Approval', ApprovalPlan: 'TaskApprovalPlan' },
    source: spec('2.15'),
  },
  Approval: {
    fields: ['TaskID', 'UserID', 'SharedRoleId', 'Amount', 'CurrencyCode', 'ApprovalType', 'Thresholds'],
    source: spec('2.15'),
  },
  TaskApprovalPlan: {
    fields: ['UserID', 'StepNumber', 'Limit', 'Amount', 'CurrencyCode', 'ApprovalType'],
    source: spec('2.15'),
  },
  ApprovalSubstitute: { fields: ['SubstituteUserID', 'UserID', 'FromDate', 'ToDate'], source: spec('2.15') },
  TransitionThreshold: {
    fields: [
      'PropertyName',
      'Operator',
      'Value',
      'SharedApproveTransitionId',
      'SharedRejectTransitionId',
      'SharedRoleId',
    ],
    source: spec('2.15'),
  },
  ApprovalRuleLinkGroup: {
    fields: ['SourceEntity', 'Priority', 'Links'],
    relations: { Links: 'ApprovalRuleLink' },
    source: spec('2.15'),
  },
  ApprovalRuleLink: {
    fields: ['ApprovalRuleLinkGroupID', 'SourceInstanceID', 'SourceEntity', 'ApprovalRuleID'],
    source: spec('2.15'),
  },
  CustomField: { fields: ['Name', 'ModelID', 'DataType', 'Nullable'], source: spec('2.16, 4.11') },
  ValueList: { fields: ['Code', 'Items'], relations: { Items: 'ValueListItem' }, source: spec('2.16, 4.11') },
  ValueListItem: { fields: ['Code', 'Description', 'Name', 'Index'], source: spec('2.16') },
  Role: { fields: [], source: spec('4.10: GET roles, all roles'), open: spec('4.10: role fields not shown') },
  UserRole: { fields: ['SharedRoleId', 'SharedRoleName', 'UserID'], source: spec('4.10') },
  Team: {
    fields: [],
    source: spec('4.5: GET teams, lists to find ids'),
    open: spec('4.5: team fields not shown'),
  },
  EntityLock: { fields: ['Message', 'EntityType', 'EntityID'], source: spec('2.18, 4.5') },
  UserVerification: { fields: ['Email', 'UserType'], source: spec('2.18, 4.10') },
  Purchase: {
    fields: ['GlobalIdentity'],
    source: spec('2.18, 4.9'),
    open: spec('4.9: purchase fields not shown'),
  },
  Comment: { fields: ['Text'], source: notes('Approvals') },
}

/** The answers whose shape the documents fix, and how they differ from an entity row. */
export const answerShapes = {
  /** The file server's upload answer: `Id`, not `ID`. */
  fileUpload: {
    fields: ['Id', 'Name', 'StorageReference', 'ContentLength', 'ContentType', 'ExternalId'],
    source: notes('Supplier invoices, files and OCR'),
  },
  /** POST answers the created entity with its new `ID`. */
  created: { fields: ['ID'], source: notes('Responses') },
  /** The statistics route's envelope. */
  statistics: { fields: ['Data', 'Success', 'Message'], source: `${spec('4.2')}; ${notes('Responses')}` },
  /** The session user: spec 2.2's fields, and of the License object only what the field notes name. */
  session: {
    fields: [...entities.User!.fields, 'ID', 'StatusCode', 'CustomValues', 'Deleted'],
    license: ['ContractType', 'Company', 'UserType'],
    source: `${spec('2.2')}; ${notes('Auth and tenancy')}`,
  },
} as const

/** The permission strings the documents name. */
export const permissions: readonly { name: string; source: string }[] = [
  { name: 'ui_accounting_bills', source: notes('Auth and tenancy') },
]

/** Query options every list route under /api/biz takes (spec 4.2; field notes "Query options"). */
export const queryOptions: readonly string[] = [
  'filter',
  '$filter',
  'select',
  '$select',
  'expand',
  '$expand',
  'top',
  '$top',
  'skip',
  '$skip',
  'hateoas',
  'orderby',
  '$orderby',
  'action',
]

const biz = (path: string) => `api/biz/${path}`
const api = (
  method: SurfaceMethod,
  path: string,
  source: string,
  more: Partial<RouteDecl> = {},
): RouteDecl => ({
  server: 'api',
  method,
  path,
  source,
  ...more,
})

const invoiceTransitions = [
  'assign',
  'reAssign',
  'approve',
  'rejectInvoice',
  'journal',
  'sendForPayment',
  'pay',
  'rejectAssignment',
  'finish',
  'restore',
  'cancelApprovement',
  'revertFinish',
]

export const routes: readonly RouteDecl[] = [
  // 4.1 discovery and identity
  api('GET', 'api/endpoints', spec('4.1')),
  api('GET', 'api/init/companies', spec('4.1'), { entity: 'Company' }),
  api('GET', biz('user'), spec('4.1'), { actions: ['current-session'], entity: 'User' }),
  api('GET', biz('users'), notes('Auth and tenancy: the real current-session route is plural'), {
    actions: ['current-session'],
    entity: 'User',
  }),
  api('GET', biz('companysettings'), spec('4.1'), { entity: 'CompanySettings' }),
  api('GET', 'api/statistics', `${spec('4.2')}; ${notes('Responses')}`, {
    params: ['model', 'join', 'having', 'distinct', 'wrap'],
  }),
  // 4.3 customer invoices
  api('POST', biz('invoices'), spec('4.3'), { entity: 'CustomerInvoice' }),
  api('GET', biz('invoices'), spec('4.3'), { entity: 'CustomerInvoice' }),
  api('PUT', biz('invoices/{id}'), spec('4.3'), {
    entity: 'CustomerInvoice',
    actions: ['create-credit-draft-invoice', 'factoring-accepted', 'factoring-declined'],
  }),
  api('POST', biz('invoices/{id}'), `${spec('4.3')}; ${spec('3.2')}`, {
    entity: 'CustomerInvoice',
    actions: ['invoice'],
    transitions: true,
  }),
  api('GET', biz('customers'), spec('4.3'), { entity: 'Customer' }),
  api(
    'PUT',
    biz('customers/{id}'),
    `${spec('4.3')}; ${notes('Responses: PUT /{route}/{id} answers the updated entity')}`,
    {
      entity: 'Customer',
    },
  ),
  api('GET', biz('products'), spec('4.3'), { entity: 'Product' }),
  api(
    'GET',
    biz('paymentinfotype'),
    `${spec('4.3')}; ${notes('Customer invoices, KID, factoring, purchases, users, custom fields')}`,
    {
      entity: 'PaymentInfoType',
    },
  ),
  api('GET', biz('distributions'), spec('4.3'), { entity: 'DistributionPlan' }),
  api('GET', biz('orders'), spec('4.3'), { entity: 'CustomerOrder' }),
  api('GET', biz('orders/{id}'), spec('4.3'), { entity: 'CustomerOrder' }),
  // 4.4 factoring
  api('PUT', biz('factoringsettings'), spec('4.4'), {
    entity: 'FactoringSettings',
    actions: ['activate-factoring', 'deactivate-factoring'],
  }),
  api('GET', biz('factoringsettings'), spec('4.4'), { entity: 'FactoringSettings' }),
  // 4.5 supplier invoices and files
  api('POST', biz('supplierinvoices'), spec('4.5'), { entity: 'SupplierInvoice' }),
  api('GET', biz('supplierinvoices'), spec('4.5'), { entity: 'SupplierInvoice' }),
  api('GET', biz('supplierinvoices/{id}'), spec('4.5'), { entity: 'SupplierInvoice' }),
  api(
    'PUT',
    biz('supplierinvoices/{id}'),
    `${spec('2.12: other fields are set through the same route')}; ${notes('Responses')}`,
    {
      entity: 'SupplierInvoice',
    },
  ),
  api(
    'POST',
    biz('supplierinvoices/{id}'),
    `${spec('4.5, 3.1')}; ${notes('Supplier invoices, files and OCR')}: action=journal`,
    {
      entity: 'SupplierInvoice',
      actions: ['assign-to', 'reAssign-to', ...invoiceTransitions],
      transitions: true,
    },
  ),
  api('GET', biz('suppliers'), spec('4.5'), { entity: 'Supplier' }),
  // A route the spec names is updated by PUT of its row (field notes "Responses"), as contacts are.
  api(
    'PUT',
    biz('suppliers/{id}'),
    `${spec('4.5')}; ${notes('Responses: PUT /{route}/{id} answers the updated entity')}`,
    {
      entity: 'Supplier',
    },
  ),
  {
    server: 'files',
    method: 'POST',
    path: 'api/file',
    source: `${spec('4.5')}; ${notes('Supplier invoices, files and OCR')}`,
  },
  api('POST', biz('files/{id}'), spec('4.5'), { actions: ['link'], params: ['entitytype', 'entityid'] }),
  api('DELETE', biz('files/{name}/{id}/{id}'), spec('4.5')),
  api('GET', biz('files/{name}/{id}'), spec('4.5'), { entity: 'File' }),
  api(
    'GET',
    biz('files/{id}'),
    `${spec('4.5')}; ${notes('Supplier invoices, files and OCR')}: action=download`,
    {
      actions: ['ocranalyse', 'download'],
    },
  ),
  api('GET', biz('users'), `${spec('4.5, 4.10')}`, { entity: 'User' }),
  api('GET', biz('teams'), spec('4.5'), { entity: 'Team' }),
  api('POST', biz('entitylock'), spec('4.5'), { entity: 'EntityLock' }),
  api('PUT', biz('entitylock'), spec('4.5'), { actions: ['unlock'], params: ['id', 'entitytype'] }),
  // 4.6 journal entries
  api('POST', biz('journalentries'), spec('4.6'), {
    entity: 'JournalEntry',
    actions: ['book-journal-entries'],
  }),
  api('GET', biz('accounts'), spec('4.6'), { entity: 'Account' }),
  api('GET', biz('vattypes'), spec('4.6'), { entity: 'VatType' }),
  // 4.7 contacts
  api('GET', biz('contacts'), spec('4.7'), { entity: 'Contact' }),
  api('GET', biz('contacts/{id}'), spec('4.7'), { entity: 'Contact' }),
  api('POST', biz('contacts'), spec('4.7'), { entity: 'Contact' }),
  api('PUT', biz('contacts/{id}'), notes('Responses: PUT /{route}/{id} answers the updated entity'), {
    entity: 'Contact',
  }),
  // 4.8 transitions and approval flows
  api('GET', biz('transitions'), spec('4.8'), { entity: 'Transition' }),
  api('GET', biz('models'), spec('4.8, 4.11'), { entity: 'Model' }),
  api('POST', biz('approvalrules'), spec('4.8'), { entity: 'ApprovalRule' }),
  api('POST', biz('tasks'), spec('4.8'), { entity: 'Task' }),
  api('GET', biz('approvals'), spec('4.8'), { entity: 'Approval' }),
  api('POST', biz('approvals/{id}'), spec('4.8, 3.5'), { actions: ['approve', 'reject'] }),
  api('POST', biz('approvalsubstitutes'), spec('4.8'), { entity: 'ApprovalSubstitute' }),
  api('DELETE', biz('approvalsubstitutes/{id}'), spec('4.8')),
  api('POST', biz('thresholds'), spec('4.8'), { entity: 'TransitionThreshold' }),
  api('PUT', biz('approvalrulelinkgroups'), spec('4.8'), {
    entity: 'ApprovalRuleLinkGroup',
    actions: ['bulk-save'],
  }),
  api('POST', biz('approvalrulelinks'), spec('4.8'), {
    entity: 'ApprovalRuleLink',
    actions: ['insert-or-update-links-in-linkgroup'],
  }),
  api('GET', biz('approvalrulelinks'), spec('4.8'), {
    actions: ['get-approvalruleid'],
    params: ['projectid', 'supplierid'],
  }),
  api('POST', biz('comments/{name}/{id}'), notes('Approvals: a comment is posted separately'), {
    entity: 'Comment',
  }),
  // 4.9 purchases
  api('PUT', 'api/elsa/purchases/{id}', spec('4.9'), {
    actions: ['set-as-active', 'set-as-pending', 'set-as-canceled'],
  }),
  api('GET', 'api/elsa/purchases', spec('4.9'), { entity: 'Purchase' }),
  // 4.10 user administration
  api('POST', biz('user-verifications'), spec('4.10'), { entity: 'UserVerification' }),
  api('GET', biz('roles'), spec('4.10'), { entity: 'Role' }),
  api('GET', biz('userroles'), spec('4.10'), { entity: 'UserRole' }),
  api('POST', biz('userroles'), spec('4.10'), { entity: 'UserRole', actions: ['bulk-insert-roles'] }),
  api('DELETE', biz('userroles'), spec('4.10'), { actions: ['bulk-delete-roles'], params: ['userroleids'] }),
  api('POST', biz('users'), spec('4.10'), { actions: ['add-user'], params: ['globalidentity'] }),
  api('POST', biz('users/{id}'), spec('3.2: User activate / inactivate'), {
    actions: ['activate', 'inactivate'],
  }),
  {
    server: 'license',
    method: 'GET',
    path: 'api/contracttypes/{name}/products',
    params: ['$filter', '$select', '$expand'],
    source: spec('4.10'),
  },
  {
    server: 'licenseAdmin',
    method: 'POST',
    path: 'api/companies/v2/update-permissions',
    source: spec('4.10, 9'),
  },
  // 4.11 custom fields
  api('GET', biz('valuelists'), spec('4.11'), { entity: 'ValueList' }),
  api('POST', biz('custom-fields'), spec('4.11'), { entity: 'CustomField' }),
  api('POST', biz('custom-fields/{id}'), spec('4.11'), { actions: ['activate'] }),
  // field notes
  api('GET', biz('ledgersuggestions/{name}'), notes('Supplier invoices, files and OCR: smart booking')),
]
