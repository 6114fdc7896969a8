// Business relations (spec 2.6, 2.7): the shared `Info` record behind customers, suppliers and
// contacts, with its addresses, phones, e-mails and bank accounts.
import { GenericStatus } from '../../../common/status.ts'
import type { EntityDef } from '../types.ts'
import { fields, model, one, owns } from './define.ts'

/** Customers and suppliers are listed by `StatusCode eq 20001 OR StatusCode eq 30001` (spec 4.5). */
const partyStatus = {
  statusCodes: [GenericStatus.Active, GenericStatus.Pending, GenericStatus.Inactive, GenericStatus.Deleted],
  defaultStatus: GenericStatus.Active,
}

export const relationEntities: EntityDef[] = [
  model({
    name: 'BusinessRelation',
    route: 'business-relations',
    routeAliases: ['businessrelations'],
    fields: fields(
      'Name:string',
      'InvoiceAddressID:int',
      'ShippingAddressID:int',
      'DefaultAddressID:int',
      'DefaultPhoneID:int',
      'DefaultEmailID:int',
      'DefaultBankAccountID:int',
      'DefaultContactID:int',
    ),
    relations: [
      owns('Addresses', 'Address', 'BusinessRelationID'),
      owns('Phones', 'Phone', 'BusinessRelationID'),
      owns('Emails', 'Email', 'BusinessRelationID'),
      owns('BankAccounts', 'BankAccount', 'BusinessRelationID'),
      one('InvoiceAddress', 'Address'),
      one('ShippingAddress', 'Address'),
      one('DefaultAddress', 'Address'),
      one('DefaultPhone', 'Phone'),
      one('DefaultEmail', 'Email'),
      one('DefaultBankAccount', 'BankAccount'),
      one('DefaultContact', 'Contact'),
    ],
  }),
  model({
    name: 'Address',
    route: 'addresses',
    fields: fields(
      'AddressLine1:string',
      'AddressLine2:string',
      'AddressLine3:string',
      'PostalCode:string',
      'City:string',
      'Region:string',
      'Country:string',
      'CountryCode:string',
      'BusinessRelationID:int',
    ),
  }),
  model({
    name: 'Phone',
    route: 'phones',
    fields: fields(
      'Number:string',
      'CountryCode:string',
      'Description:string',
      'Type:int',
      'BusinessRelationID:int',
    ),
  }),
  model({
    name: 'Email',
    route: 'emails',
    label: 'E-mail',
    fields: fields('EmailAddress:string', 'Description:string', 'Type:string', 'BusinessRelationID:int'),
  }),
  model({
    name: 'BankAccount',
    route: 'bankaccounts',
    fields: fields(
      // 11 digits without separators; IBAN in its electronic form (`NO9386011117947`).
      'AccountNumber:string',
      'IBAN:string',
      'BIC:string',
      'BankName:string',
      'Label:string',
      'BankAccountType:string',
      'BusinessRelationID:int',
      'CompanySettingsID:int',
      // The ledger account the bank account is booked on (1920 Bankinnskudd in the company's own accounts).
      'AccountID:int',
      { name: 'Locked', type: 'bool', default: false },
    ),
    relations: [
      one('BusinessRelation', 'BusinessRelation'),
      one('CompanySettings', 'CompanySettings'),
      one('Account', 'Account'),
    ],
  }),
  model({
    name: 'Contact',
    route: 'contacts',
    fields: fields('InfoID:int', 'ParentBusinessRelationID:int', 'Role:string', 'Comment:text'),
    relations: [one('Info', 'BusinessRelation', 'InfoID'), one('ParentBusinessRelation', 'BusinessRelation')],
  }),
  model({
    name: 'Customer',
    route: 'customers',
    ...partyStatus,
    fields: fields(
      'CustomerNumber:int',
      'BusinessRelationID:int',
      'OrgNumber:string',
      'WebUrl:string',
      'CreditDays:int',
      'CurrencyCodeID:int',
      'DimensionsID:int',
      'AcceptableDelta4CustomerPayment:decimal',
      'SubAccountNumberSeriesID:int',
      'DefaultCustomerInvoiceReportID:int',
      'DefaultCustomerOrderReportID:int',
      'DefaultCustomerQuoteReportID:int',
      'DefaultDistributionsID:int',
      'PeppolAddress:string',
      'Localization:string',
      { name: 'AvtaleGiro', type: 'bool', default: false },
      { name: 'AvtaleGiroNotification', type: 'bool', default: false },
    ),
    relations: [
      one('Info', 'BusinessRelation', 'BusinessRelationID'),
      one('CurrencyCode', 'CurrencyCode'),
      one('Dimensions', 'Dimensions'),
      one('DefaultDistributions', 'DistributionPlan', 'DefaultDistributionsID'),
    ],
  }),
  model({
    name: 'Supplier',
    route: 'suppliers',
    ...partyStatus,
    fields: fields(
      'SupplierNumber:int',
      'BusinessRelationID:int',
      'OrgNumber:string',
      'WebUrl:string',
      'CreditDays:int',
      'CurrencyCodeID:int',
      'DimensionsID:int',
      'SubAccountNumberSeriesID:int',
      // Cost account proposed for this supplier's invoices (smart booking, field notes).
      'CostAccountID:int',
      'PeppolAddress:string',
      'Localization:string',
      { name: 'SelfEmployed', type: 'bool', default: false },
    ),
    relations: [
      one('Info', 'BusinessRelation', 'BusinessRelationID'),
      one('CurrencyCode', 'CurrencyCode'),
      one('Dimensions', 'Dimensions'),
      one('CostAccount', 'Account'),
    ],
  }),
]
