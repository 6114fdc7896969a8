// Supplier invoices (spec 2.12, 3.1, 4.5; field notes "Supplier invoices, files and OCR"). Cost lines
// travel as `JournalEntry.DraftLines` on the invoice; project and department come through
// `DefaultDimensions`.
import { PaymentStatus, SupplierInvoiceStatus } from '../../../common/status.ts'
import type { EntityDef } from '../types.ts'
import { fields, model, one } from './define.ts'

export const supplierInvoiceEntities: EntityDef[] = [
  model({
    name: 'SupplierInvoice',
    route: 'supplierinvoices',
    statusCodes: Object.values(SupplierInvoiceStatus),
    defaultStatus: SupplierInvoiceStatus.Draft,
    fields: fields(
      // spec 2.12: the only field required on create.
      'SupplierID:int!',
      'InvoiceNumber:string',
      'InvoiceDate:date',
      'PaymentDueDate:date',
      'DeliveryDate:date',
      // 0 invoice, 1 credit note (as on customer invoices).
      { name: 'InvoiceType', type: 'int', default: 0 },
      'SupplierOrgNumber:string',
      'InvoiceReceiverName:string',
      'OurReference:string',
      'YourReference:string',
      'Requisition:string',
      'Comment:text',
      'FreeTxt:text',
      'TaxInclusiveAmount:money',
      'TaxInclusiveAmountCurrency:money',
      'TaxExclusiveAmount:money',
      'TaxExclusiveAmountCurrency:money',
      'VatTotalsAmount:money',
      'VatTotalsAmountCurrency:money',
      'RestAmount:money',
      'RestAmountCurrency:money',
      'CurrencyCodeID:int',
      'CurrencyExchangeRate:decimal',
      {
        name: 'PaymentStatus',
        type: 'int',
        default: PaymentStatus.NotPaid,
        values: Object.values(PaymentStatus),
      },
      // The KID the supplier asks for (a string: leading zeros and a possible `-` check digit).
      'PaymentID:string',
      // Free-text payment message when the supplier gives no KID.
      'PaymentInformation:string',
      'BankAccountID:int',
      'DefaultDimensionsID:int',
      'JournalEntryID:int',
      { name: 'IsSentToPayment', type: 'bool', default: false },
    ),
    relations: [
      one('Supplier', 'Supplier'),
      one('BankAccount', 'BankAccount'),
      one('CurrencyCode', 'CurrencyCode'),
      one('DefaultDimensions', 'Dimensions'),
      one('JournalEntry', 'JournalEntry'),
    ],
  }),
]
