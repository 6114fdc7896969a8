// UBL 2.1 `Invoice` and `CreditNote` as EN 16931 binds them (PEPPOL BIS Billing 3.0, EHF 3).
import { all, at, attr, text, textAt, type XmlNode } from './xml.ts'
import {
  amountReader,
  cents,
  decimal,
  isCreditTypeCode,
  isoDate,
  party,
  payeeAccount,
  required,
  type PartyId,
} from './fields.ts'
import type { EInvoice, EInvoiceLine, EInvoiceParty } from './types.ts'

function ublParty(wrapper: XmlNode | undefined): EInvoiceParty {
  const p = at(wrapper, 'Party')
  const endpoint = at(p, 'EndpointID')
  const partyIds: PartyId[] = all(p, 'PartyIdentification').flatMap((pi) => {
    const id = at(pi, 'ID')
    return text(id) ? [{ value: text(id)!, scheme: attr(id, 'schemeID') }] : []
  })
  const ids: PartyId[] = [
    ...(text(endpoint) ? [{ value: text(endpoint)!, scheme: attr(endpoint, 'schemeID') }] : []),
    ...partyIds,
  ]
  const legalId = at(p, 'PartyLegalEntity', 'CompanyID')
  const vatScheme = all(p, 'PartyTaxScheme').find((s) => textAt(s, 'TaxScheme', 'ID') === 'VAT')
  const address = at(p, 'PostalAddress')
  const postcodeCity = [textAt(address, 'PostalZone'), textAt(address, 'CityName')].filter(Boolean).join(' ')
  return party({
    registrationName: textAt(p, 'PartyLegalEntity', 'RegistrationName'),
    tradingName: textAt(p, 'PartyName', 'Name'),
    ids,
    partyIds,
    legal: text(legalId) ? { value: text(legalId)!, scheme: attr(legalId, 'schemeID') } : null,
    vatId: textAt(vatScheme, 'CompanyID'),
    country: textAt(address, 'Country', 'IdentificationCode'),
    address: [textAt(address, 'StreetName'), textAt(address, 'AdditionalStreetName'), postcodeCity || null],
  })
}

export function readUbl(root: XmlNode, rootName: 'Invoice' | 'CreditNote'): EInvoice {
  const typeCode = textAt(root, rootName === 'Invoice' ? 'InvoiceTypeCode' : 'CreditNoteTypeCode')
  const credit = rootName === 'CreditNote' || isCreditTypeCode(typeCode)
  // spec (EN 16931): a credit note states positive amounts; the supplier invoice books them negative.
  const sign = (n: number) => (credit ? cents(-n) : n)
  const currency = required(textAt(root, 'DocumentCurrencyCode'), 'currency (BT-5)')
  const amounts = amountReader()
  const money = (node: XmlNode | undefined, term: string) => sign(amounts.read(text(node), term))

  const totals = at(root, 'LegalMonetaryTotal')
  // BT-110 is the TaxTotal in the document currency (a second one may give BT-111 in the VAT currency).
  const taxTotals = all(root, 'TaxTotal')
  const taxTotal =
    taxTotals.find((t) => (attr(at(t, 'TaxAmount'), 'currencyID') ?? currency) === currency) ?? taxTotals[0]
  const means = all(root, 'PaymentMeans')

  const lineName = rootName === 'Invoice' ? 'InvoiceLine' : 'CreditNoteLine'
  const quantityName = rootName === 'Invoice' ? 'InvoicedQuantity' : 'CreditedQuantity'
  const lines: EInvoiceLine[] = all(root, lineName).map((line) => {
    const quantity = at(line, quantityName)
    const tax = at(line, 'Item', 'ClassifiedTaxCategory')
    return {
      id: textAt(line, 'ID') ?? '',
      description: textAt(line, 'Item', 'Name') ?? textAt(line, 'Item', 'Description') ?? '',
      quantity: decimal(text(quantity)),
      unit: attr(quantity, 'unitCode'),
      net: money(at(line, 'LineExtensionAmount'), 'BT-131'),
      vatCategory: textAt(tax, 'ID'),
      vatRate: decimal(textAt(tax, 'Percent')),
    }
  })

  const invoice: EInvoice = {
    syntax: 'ubl',
    kind: credit ? 'credit-note' : 'invoice',
    typeCode,
    number: required(textAt(root, 'ID'), 'invoice number (BT-1)'),
    issueDate: required(isoDate(textAt(root, 'IssueDate')), 'issue date (BT-2)'),
    dueDate:
      isoDate(textAt(root, 'DueDate')) ??
      means.map((m) => isoDate(textAt(m, 'PaymentDueDate'))).find(Boolean) ??
      null,
    currency,
    buyerReference: textAt(root, 'BuyerReference'),
    orderReference: textAt(root, 'OrderReference', 'ID'),
    accountingCost: textAt(root, 'AccountingCost'),
    precedingInvoice: textAt(root, 'BillingReference', 'InvoiceDocumentReference', 'ID'),
    supplier: ublParty(at(root, 'AccountingSupplierParty')),
    buyer: ublParty(at(root, 'AccountingCustomerParty')),
    totals: {
      net: money(at(totals, 'TaxExclusiveAmount'), 'BT-109'),
      vat: money(at(taxTotal, 'TaxAmount'), 'BT-110'),
      total: money(at(totals, 'TaxInclusiveAmount'), 'BT-112'),
      prepaid: money(at(totals, 'PrepaidAmount'), 'BT-113'),
      payable: money(at(totals, 'PayableAmount'), 'BT-115'),
    },
    vatBreakdown: all(taxTotal, 'TaxSubtotal').map((sub) => ({
      category: textAt(sub, 'TaxCategory', 'ID') ?? '',
      rate: decimal(textAt(sub, 'TaxCategory', 'Percent')),
      taxable: money(at(sub, 'TaxableAmount'), 'BT-116'),
      vat: money(at(sub, 'TaxAmount'), 'BT-117'),
    })),
    paymentId: means.map((m) => textAt(m, 'PaymentID')).find(Boolean) ?? null,
    ...payeeAccount(means.map((m) => textAt(m, 'PayeeFinancialAccount', 'ID'))),
    lines,
    allowancesCharges: all(root, 'AllowanceCharge').map((ac) => {
      const charge = textAt(ac, 'ChargeIndicator') === 'true'
      const value = amounts.read(textAt(ac, 'Amount'), charge ? 'BT-99' : 'BT-92')
      return {
        charge,
        reason: textAt(ac, 'AllowanceChargeReason') ?? textAt(ac, 'AllowanceChargeReasonCode') ?? '',
        amount: sign(charge ? value : cents(-value)),
        vatCategory: textAt(ac, 'TaxCategory', 'ID'),
        vatRate: decimal(textAt(ac, 'TaxCategory', 'Percent')),
      }
    }),
  }
  return amounts.unread.length ? { ...invoice, unreadAmounts: amounts.unread } : invoice
}
