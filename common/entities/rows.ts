// The rows of the platform entities the workspace caches, in the platform's own field names (spec section 2;
// where the spec says "not shown", the local platform's model registry and the field notes). Only what the
// app reads is declared. A field the spec lists for a model is always on its rows, null when empty; a field
// the spec does not list (the real platform has it as far as public clients show, and so has the local one)
// is optional, since another platform may leave it out; a relation (`Supplier`, `Info`, `DraftLines`) is there
// only when the query expands it.
import type { BookedLine } from '../bridge/journal.ts'

/** The fields every entity carries (spec, conventions), as far as the app reads them. */
export type EntityFields = {
  ID: number
  UpdatedAt: string | null
  CreatedAt?: string | null
  /** Soft-deleted children of an expanded relation still arrive (field notes, graph writes). */
  Deleted?: boolean | null
  /**
   * spec 2.16, 4.2: the company's active custom fields, keyed `Custom<Name>`, always returned (the local
   * platform gives every active field, null when empty); optional since nested rows may lack it.
   */
  CustomValues?: Record<string, string | number | null> | null
}

/** spec 2.6: an address of a business relation. */
export type Address = EntityFields & {
  AddressLine1: string | null
  AddressLine2: string | null
  AddressLine3: string | null
  PostalCode: string | null
  City: string | null
  Country: string | null
  CountryCode: string | null
}

/** A bank account of a business relation: 11 digits without separators, or an IBAN in electronic form. */
export type BankAccount = EntityFields & {
  AccountNumber?: string | null
  IBAN?: string | null
  BIC?: string | null
  BankName?: string | null
  /** What the account is (the scan pipeline labels the accounts it read "Opprettet fra skanning"). */
  Label?: string | null
  BusinessRelationID?: number | null
}

/** spec 2.6: a phone number of a business relation. */
export type Phone = EntityFields & {
  Number: string | null
  CountryCode?: string | null
  Description?: string | null
}

/** spec 2.6: an e-mail address of a business relation. */
export type Email = EntityFields & {
  EmailAddress: string | null
  Description?: string | null
}

/**
 * spec 2.6: the business relation (`Info`) behind a supplier, a customer or a contact person, with the
 * relations the pull expands.
 */
export type BusinessRelation = EntityFields & {
  Name: string | null
  InvoiceAddressID: number | null
  DefaultPhoneID?: number | null
  DefaultEmailID?: number | null
  DefaultBankAccountID?: number | null
  Addresses?: Address[]
  InvoiceAddress?: Address | null
  BankAccounts?: BankAccount[]
  DefaultBankAccount?: BankAccount | null
  DefaultPhone?: Phone | null
  DefaultEmail?: Email | null
}

/** spec 2.12, 4.5: a supplier, listed with its `Info`. */
export type Supplier = EntityFields & {
  StatusCode: number | null
  SupplierNumber?: number | null
  BusinessRelationID?: number | null
  OrgNumber?: string | null
  /** The cost account proposed for the supplier's invoices (smart booking, field notes). */
  CostAccountID?: number | null
  /** Payment terms in days. */
  CreditDays?: number | null
  WebUrl?: string | null
  Info?: BusinessRelation | null
}

/** spec 2.6, 4.3: a customer, listed with its `Info`. */
export type Customer = EntityFields & {
  StatusCode: number | null
  CustomerNumber?: number | null
  BusinessRelationID?: number | null
  /** spec 2.6: nullable (a private person has none). */
  OrgNumber: string | null
  WebUrl?: string | null
  /** The customer's default payment terms in days. */
  CreditDays?: number | null
  Info?: BusinessRelation | null
}

/**
 * spec 2.7, 4.7: a contact person, with their own `Info` (name, invoice address, phone, e-mail). The
 * supplier or customer they work for is the business relation `ParentBusinessRelationID` names (the local
 * platform's model; the spec lists `ID`, `InfoID`, `Info` and `Comment` only).
 */
export type Contact = EntityFields & {
  InfoID: number | null
  Comment: string | null
  ParentBusinessRelationID?: number | null
  Role?: string | null
  Info?: BusinessRelation | null
}

/**
 * A comment on an entity (field notes "Approvals": `comments/{EntityType}/{EntityID}`). The workspace keeps
 * the comments on suppliers: the scan pipeline marks the suppliers it creates with one, and an accountant's
 * check of such a supplier is another (common/parties/scan-mark.ts).
 */
export type Comment = EntityFields & {
  Text: string | null
  EntityType: string | null
  EntityID: number | null
  AuthorID?: number | null
}

/** spec 2.5: a line (item) of a customer invoice. Sums are the platform's, in the invoice currency and in NOK. */
export type CustomerInvoiceItem = EntityFields & {
  CustomerInvoiceID: number | null
  ProductID: number | null
  ItemText: string | null
  Unit: string | null
  NumberOfItems: number | null
  PriceExVat: number | null
  PriceIncVat: number | null
  PriceExVatCurrency: number | null
  PriceIncVatCurrency: number | null
  PriceSetByUser: boolean | null
  CalculateGrossPriceBasedOnNetPrice: boolean | null
  DiscountPercent: number | null
  Discount: number | null
  DiscountCurrency: number | null
  AccountID: number | null
  VatTypeID: number | null
  VatPercent: number | null
  VatDate: string | null
  SumVat: number | null
  SumVatCurrency: number | null
  SumTotalExVat: number | null
  SumTotalIncVat: number | null
  SumTotalExVatCurrency: number | null
  SumTotalIncVatCurrency: number | null
  SortIndex: number | null
  StatusCode: number | null
}

/**
 * spec 2.4, 3.3: a customer invoice or credit note (`InvoiceType` 1) with its lines (`Items`, expanded).
 * The optional fields are the real platform's as public clients show them and the local platform's
 * (references, free text, the KID printed on it, the factoring partner's answer); another platform may
 * leave them out, and the app then works without them (a KID is built from the company's KID type).
 */
export type CustomerInvoice = EntityFields & {
  CustomerID: number | null
  CustomerName: string | null
  InvoiceNumber: string | null
  InvoiceType: number | null
  InvoiceDate: string | null
  PaymentDueDate: string | null
  DeliveryDate?: string | null
  StatusCode: number | null
  TaxInclusiveAmount: number | null
  TaxExclusiveAmount?: number | null
  VatTotalsAmount?: number | null
  TaxInclusiveAmountCurrency?: number | null
  TaxExclusiveAmountCurrency?: number | null
  VatTotalsAmountCurrency?: number | null
  RestAmount: number | null
  RestAmountCurrency?: number | null
  Credited?: boolean | null
  CreditedAmount?: number | null
  CreditedAmountCurrency?: number | null
  InvoiceReferenceID?: number | null
  CurrencyCodeID: number | null
  CurrencyExchangeRate?: number | null
  CreditDays?: number | null
  OurReference?: string | null
  PaymentInfoTypeID?: number | null
  DistributionPlanID?: number | null
  InvoiceNumberSeriesID?: number | null
  InvoiceAddressLine1?: string | null
  InvoicePostalCode?: string | null
  InvoiceCity?: string | null
  ShippingAddressLine1?: string | null
  ShippingPostalCode?: string | null
  ShippingCity?: string | null
  ExternalStatusCode?: number | null
  CollectorStatusCode?: number | null
  YourReference?: string | null
  FreeTxt?: string | null
  Comment?: string | null
  CustomerOrgNumber?: string | null
  InvoiceAddressLine2?: string | null
  InvoiceCountryCode?: string | null
  /** The KID printed on the invoice (a string: leading zeros, a `-` check digit). */
  PaymentID?: string | null
  ExternalDebtCollectionReference?: string | null
  ExternalDebtCollectionNotes?: string | null
  FactoringDeclinedReason?: string | null
  Items?: CustomerInvoiceItem[]
}

/** spec 2.8: a product an invoice line can be made from. */
export type Product = EntityFields & {
  Name: string | null
  PartName: string | null
  Description: string | null
  Unit: string | null
  AccountID: number | null
  VatTypeID: number | null
  PriceExVat: number | null
  PriceIncVat: number | null
  ListPrice: number | null
  CalculateGrossPriceBasedOnNetPrice: boolean | null
  StatusCode: number | null
  Type: number | null
}

/** spec 2.9, field notes: one part of a KID type, a macro (`<invoice_number>`) or literal digits. */
export type PaymentInfoTypePart = EntityFields & {
  Part: string | null
  Length: number | null
  SortIndex: number | null
}

/** spec 2.9: a KID type of the company (StatusCode 42400 active). */
export type PaymentInfoType = EntityFields & {
  Name: string | null
  Type: number | null
  Length: number | null
  Modulus: number | null
  Control: number | null
  HasKid: boolean | null
  Locked: boolean | null
  StatusCode: number | null
  PaymentInfoTypeParts?: PaymentInfoTypePart[]
}

/** spec 2.10: a distribution plan (how an invoice reaches the customer). */
export type DistributionPlan = EntityFields & {
  Name: string | null
  EntityType: string | null
  StatusCode: number | null
}

/**
 * spec 2.11, 4.4: a stored factoring setup. The list may hold earlier setups and does not say which is
 * active (spec 4.4).
 */
export type FactoringSettings = EntityFields & {
  FactoringCustomerNumber: string | null
  FactoringDistribution: number | null
  FactoringNotificationText: string | null
  FactoringPaymentInfoTypeID: number | null
  FactoringAccountID: number | null
  FactoringBankAccountID: number | null
  FactoringLoanAccountID: number | null
  SkipJournalEntry: boolean | null
}

/** The project and department of an invoice or a cost line (`DefaultDimensions`, `Dimensions`). */
export type Dimensions = EntityFields & {
  ProjectID?: number | null
  DepartmentID?: number | null
}

/** spec 2.14: a draft line of a journal entry; a supplier invoice's cost lines travel as these. */
export type JournalEntryDraftLine = EntityFields & {
  AccountID: number | null
  Amount: number | null
  Description: string | null
  FinancialDate: string | null
  VatTypeID: number | null
  AmountCurrency?: number | null
  VatDate?: string | null
  DimensionsID?: number | null
  Dimensions?: Dimensions | null
  SortIndex?: number | null
}

/**
 * spec 2.14, 4.6: a journal entry. The workspace keeps the entry of a booked invoice as the platform lists
 * it, and an entry the journal's search found as the search answers it (its booked lines, date and files,
 * `common/bridge/journal.ts`).
 */
export type JournalEntry = EntityFields & {
  /** field notes: `45-2025` (number-year), assigned when booked. */
  JournalEntryNumber?: string | null
  Description?: string | null
  DraftLines?: JournalEntryDraftLine[]
  Lines?: BookedLine[]
  FinancialDate?: string | null
  FileIDs?: number[]
}

/** spec 2.12, 3.1: a supplier invoice, with the relations the pull expands. */
export type SupplierInvoice = EntityFields & {
  SupplierID: number | null
  InvoiceNumber: string | null
  /** spec 3.1 (`SupplierInvoiceStatus`). */
  StatusCode: number
  /** spec 3.1 (`PaymentStatus`). */
  PaymentStatus: number | null
  PaymentDueDate: string | null
  TaxInclusiveAmountCurrency: number | null
  Requisition: string | null
  InvoiceDate?: string | null
  TaxInclusiveAmount?: number | null
  CurrencyCodeID?: number | null
  /** The organisation number printed on the invoice. */
  SupplierOrgNumber?: string | null
  InvoiceReceiverName?: string | null
  /** The KID: a string (leading zeros, a `-` check digit). */
  PaymentID?: string | null
  /** The payment message, or the account number, when the supplier gives no KID (as the scan writes it). */
  PaymentInformation?: string | null
  BankAccountID?: number | null
  JournalEntryID?: number | null
  IsSentToPayment?: boolean | null
  Comment?: string | null
  Supplier?: Supplier | null
  DefaultDimensions?: Dimensions | null
  BankAccount?: BankAccount | null
  /** The invoice's currency (spec 2.12: expandable): named where the platform gives no list of currencies. */
  CurrencyCode?: CurrencyCode | null
  /** The invoice's cost lines (`DraftLines`) before it is booked; its entry after. */
  JournalEntry?: JournalEntry | null
}

/** spec 2.14: an account of the chart of accounts. */
export type Account = EntityFields & {
  AccountNumber: number | null
  AccountName: string | null
  VatTypeID: number | null
  Visible?: boolean | null
  Locked?: boolean | null
}

/** A VAT rate with the dates it is valid (spec 2.14 `VatPercentages`). */
export type VatTypePercentage = EntityFields & {
  VatPercent: number | null
  ValidFrom: string | null
  ValidTo: string | null
}

/** spec 2.14, 4.6: a VAT type. */
export type VatType = EntityFields & {
  Name: string | null
  VatPercent: number | null
  /** SAF-T standard tax code (`1`, `11`, `3`, `86`): a code, not a number to calculate with. */
  VatCode: string | null
  OutputVat: boolean | null
  OutgoingAccountID: number | null
  VatPercentages?: VatTypePercentage[]
  IncomingAccountID?: number | null
  ReversedTaxDutyVat?: boolean | null
  Visible?: boolean | null
}

/** A department (spec 2.12 `Department` reference). */
export type Department = EntityFields & {
  Name: string | null
  DepartmentNumber?: string | null
}

/** A project (spec 2.12 `Project` reference). */
export type Project = EntityFields & {
  Name: string | null
  ProjectNumber?: string | null
}

/** A currency (spec 2.12 `CurrencyCode`; ISO 4217). */
export type CurrencyCode = EntityFields & {
  Code: string | null
  ShortCode?: string | null
  Name?: string | null
}

/** spec 2.18: a user of the company (the same person is another User in every company). */
export type User = EntityFields & {
  Email: string | null
  GlobalIdentity: string | null
  DisplayName: string | null
  UserName: string | null
  /** field notes: `UserStatus`. */
  StatusCode: number | null
}

/** A member of a team. */
export type TeamPosition = EntityFields & {
  UserID: number | null
  Position?: number | null
}

/** A team (spec 4.5: invoices are assigned to teams by `TeamIDs`). */
export type Team = EntityFields & {
  Name: string | null
  Positions?: TeamPosition[]
}

/** spec 4.1: the company's settings. */
export type CompanySettings = EntityFields & {
  CompanyName?: string | null
  OrganizationNumber?: string | null
  BaseCurrencyCodeID?: number | null
  /** The company's own account customers pay to (printed on its invoices). */
  DefaultBankAccountID?: number | null
  DefaultBankAccount?: BankAccount | null
  DefaultEmail?: string | null
  DefaultPhone?: string | null
}

/** spec 2.15: one approver's step of a task's plan. */
export type TaskApprovalPlan = EntityFields & {
  UserID: number | null
  StepNumber: number | null
  /** spec 3.5: the step is skipped when its limit is greater than the amount. */
  Limit: number | null
  Amount: number | null
  CurrencyCode: string | null
  StatusCode: number | null
  ApprovalType: number | null
}

/** spec 2.15: an approval task on an entity (for the app: a supplier invoice). */
export type Task = EntityFields & {
  UserID: number | null
  Type: number | null
  EntityID: number | null
  ModelID: number | null
  Title: string | null
  /** field notes: `TaskStatus`. */
  StatusCode: number | null
  ApprovalPlan?: TaskApprovalPlan[]
}

/** spec 2.15, 3.5: one approver's approval of a task. */
export type Approval = EntityFields & {
  TaskID: number | null
  UserID: number | null
  SharedRoleId: number | null
  Amount: number | null
  CurrencyCode: string | null
  ApprovalType: number | null
  /** field notes: `ApprovalStatus`. */
  StatusCode: number | null
  StepNumber?: number | null
}

/** spec 2.15, 4.8: who stands in for whom, from one day to another. */
export type ApprovalSubstitute = EntityFields & {
  UserID: number | null
  SubstituteUserID: number | null
  FromDate: string | null
  ToDate: string | null
}

/**
 * A file attached to an entity, as the statistics route lists it (spec 4.2, 2.13): the link
 * (FileEntityLink) with its file's name, type and size, under the aliases the query gives them.
 */
export type FileAttachment = {
  ID: number
  UpdatedAt: string | null
  FileID: number
  EntityType: string
  EntityID: number
  Name: string | null
  ContentType: string | null
  ContentLength: number | null
}
