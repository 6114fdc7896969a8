// Ledger models (spec 2.14, 2.12): chart of accounts, VAT types, journal entries with their draft
// lines and booked lines, dimensions (project, department) and currency codes.
import type { EntityDef } from '../types.ts'
import { fields, model, one, owns, many } from './define.ts'

export const accountingEntities: EntityDef[] = [
  model({
    name: 'CurrencyCode',
    route: 'currencycodes',
    // Currencies are the same for every company (ISO 4217), so one shared list with stable IDs.
    scope: 'global',
    fields: fields('Code:string', 'ShortCode:string', 'Name:string', 'Description:string'),
  }),
  model({
    name: 'Account',
    route: 'accounts',
    fields: fields(
      'AccountNumber:int',
      'AccountName:string',
      'AccountGroupID:int',
      'VatTypeID:int',
      'CurrencyCodeID:int',
      'Description:string',
      { name: 'Visible', type: 'bool', default: true },
      { name: 'Active', type: 'bool', default: true },
      { name: 'Locked', type: 'bool', default: false },
      { name: 'LockManualPosts', type: 'bool', default: false },
      { name: 'SystemAccount', type: 'bool', default: false },
      { name: 'UsePostPost', type: 'bool', default: false },
      'CustomerID:int',
      'SupplierID:int',
    ),
    relations: [one('VatType', 'VatType'), one('CurrencyCode', 'CurrencyCode')],
  }),
  model({
    name: 'VatType',
    route: 'vattypes',
    label: 'VAT type',
    fields: fields(
      'Name:string',
      // SAF-T standard tax code ('1', '11', '3', '86', ...): a code, not a number to calculate with.
      'VatCode:string',
      'Alias:string',
      'VatPercent:decimal',
      { name: 'OutputVat', type: 'bool', default: false },
      { name: 'ReversedTaxDutyVat', type: 'bool', default: false },
      { name: 'DirectJournalEntryOnly', type: 'bool', default: false },
      { name: 'Locked', type: 'bool', default: false },
      { name: 'Visible', type: 'bool', default: true },
      { name: 'AvailableInModules', type: 'bool', default: true },
      'OutgoingAccountID:int',
      'IncomingAccountID:int',
      'Description:string',
    ),
    relations: [
      one('OutgoingAccount', 'Account'),
      one('IncomingAccount', 'Account'),
      owns('VatPercentages', 'VatTypePercentage', 'VatTypeID'),
    ],
  }),
  model({
    name: 'VatTypePercentage',
    route: 'vattypepercentages',
    label: 'VAT percentage',
    fields: fields('VatTypeID:int', 'VatPercent:decimal', 'ValidFrom:date', 'ValidTo:date'),
    relations: [one('VatType', 'VatType')],
  }),
  model({
    name: 'Project',
    route: 'projects',
    fields: fields(
      'ProjectNumber:string',
      'Name:string',
      'Description:string',
      'ProjectLeadName:string',
      'StartDate:date',
      'EndDate:date',
      'Price:money',
    ),
  }),
  model({
    name: 'Department',
    route: 'departments',
    fields: fields(
      'DepartmentNumber:string',
      'Name:string',
      'Description:string',
      'DepartmentManagerName:string',
    ),
  }),
  model({
    name: 'Dimensions',
    route: 'dimensions',
    label: 'Dimensions',
    fields: fields('ProjectID:int', 'DepartmentID:int', 'RegionID:int', 'ResponsibleID:int'),
    relations: [one('Project', 'Project'), one('Department', 'Department')],
  }),
  model({
    name: 'JournalEntry',
    route: 'journalentries',
    labelPlural: 'Journal entries',
    fields: fields(
      // field notes: `"45-2025"` (number-year), assigned by the server when booked.
      { name: 'JournalEntryNumber', type: 'string', readOnly: true },
      { name: 'JournalEntryNumberNumeric', type: 'int', readOnly: true },
      'FinancialYear:int',
      'Description:string',
      'NumberSeriesID:int',
    ),
    relations: [
      // spec 2.14: a JournalEntry groups draft lines (written with it) and booked lines (written by booking).
      owns('DraftLines', 'JournalEntryDraftLine', 'JournalEntryID'),
      many('Lines', 'JournalEntryLine', 'JournalEntryID'),
    ],
  }),
  model({
    name: 'JournalEntryDraftLine',
    route: 'journalentrydraftlines',
    // The real platform names the model JournalEntryLineDraft.
    routeAliases: ['journalentrylinedrafts'],
    fields: fields(...ledgerLineFields()),
    relations: ledgerLineRelations(),
  }),
  model({
    name: 'JournalEntryLine',
    route: 'journalentrylines',
    fields: fields(
      ...ledgerLineFields(),
      'JournalEntryDraftLineID:int',
      'RestAmount:money',
      'RestAmountCurrency:money',
      'VatReportID:int',
      'OriginalJournalEntryLineID:int',
      'ReferenceCreditLineID:int',
    ),
    relations: [...ledgerLineRelations(), one('JournalEntryDraftLine', 'JournalEntryDraftLine')],
  }),
]

/** Fields shared by a draft line and the line booked from it (spec 2.14; debit positive, credit negative). */
function ledgerLineFields() {
  return fields(
    'JournalEntryID:int',
    'JournalEntryNumber:string',
    'JournalEntryNumberNumeric:int',
    'AccountID:int',
    'Amount:money',
    'AmountCurrency:money',
    'CurrencyCodeID:int',
    'CurrencyExchangeRate:decimal',
    'Description:string',
    'FinancialDate:date',
    'VatDate:date',
    'RegisteredDate:date',
    'VatTypeID:int',
    'VatPercent:decimal',
    'VatDeductionPercent:decimal',
    'DimensionsID:int',
    'SupplierInvoiceID:int',
    'CustomerInvoiceID:int',
    'PaymentID:string',
    'SortIndex:int',
  )
}

function ledgerLineRelations() {
  return [
    one('JournalEntry', 'JournalEntry'),
    one('Account', 'Account'),
    one('VatType', 'VatType'),
    one('CurrencyCode', 'CurrencyCode'),
    one('Dimensions', 'Dimensions'),
    one('SupplierInvoice', 'SupplierInvoice'),
    one('CustomerInvoice', 'CustomerInvoice'),
  ]
}
