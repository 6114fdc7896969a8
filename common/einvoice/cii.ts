// UN/CEFACT CII `CrossIndustryInvoice` (D16B) as EN 16931 binds it: Factur-X, ZUGFeRD 2.x and XRechnung.
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

function ciiParty(p: XmlNode | undefined): EInvoiceParty {
  const partyIds: PartyId[] = all(p, 'GlobalID')
    .map((g) => ({ value: text(g) ?? '', scheme: attr(g, 'schemeID') }))
    .filter((id) => id.value)
  const ids: PartyId[] = [
    ...partyIds,
    ...all(p, 'URIUniversalCommunication').flatMap((u) => {
      const id = at(u, 'URIID')
      return text(id) ? [{ value: text(id)!, scheme: attr(id, 'schemeID') }] : []
    }),
  ].filter((id) => id.value)
  const legalId = at(p, 'SpecifiedLegalOrganization', 'ID')
  // schemeID VA is the VAT number (BT-31); FC a tax registration number (BT-32).
  const vat = all(p, 'SpecifiedTaxRegistration')
    .map((r) => at(r, 'ID'))
    .find((id) => attr(id, 'schemeID') === 'VA')
  const address = at(p, 'PostalTradeAddress')
  const postcodeCity = [textAt(address, 'PostcodeCode'), textAt(address, 'CityName')]
    .filter(Boolean)
    .join(' ')
  return party({
    registrationName: textAt(p, 'Name'),
    tradingName: textAt(p, 'SpecifiedLegalOrganization', 'TradingBusinessName'),
    ids,
    partyIds,
    legal: text(legalId) ? { value: text(legalId)!, scheme: attr(legalId, 'schemeID') } : null,
    vatId: text(vat),
    country: textAt(address, 'CountryID'),
    address: [textAt(address, 'LineOne'), textAt(address, 'LineTwo'), postcodeCity || null],
  })
}

const dateAt = (node: XmlNode | undefined, ...path: string[]) =>
  isoDate(textAt(node, ...path, 'DateTimeString'))

export function readCii(root: XmlNode): EInvoice {
  const doc = at(root, 'ExchangedDocument')
  const trade = at(root, 'SupplyChainTradeTransaction')
  const agreement = at(trade, 'ApplicableHeaderTradeAgreement')
  const settlement = at(trade, 'ApplicableHeaderTradeSettlement')
  const typeCode = textAt(doc, 'TypeCode')
  const credit = isCreditTypeCode(typeCode)
  // spec (EN 16931): a credit note states positive amounts; the supplier invoice books them negative.
  const sign = (n: number) => (credit ? cents(-n) : n)
  const amounts = amountReader()
  const money = (node: XmlNode | undefined, term: string) => sign(amounts.read(text(node), term))
  const currency = required(textAt(settlement, 'InvoiceCurrencyCode'), 'currency (BT-5)')
  const summary = at(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation')
  // BT-110 is the TaxTotalAmount in the document currency (a second one may give BT-111).
  const taxTotals = all(summary, 'TaxTotalAmount')
  const taxTotal = taxTotals.find((t) => (attr(t, 'currencyID') ?? currency) === currency) ?? taxTotals[0]
  const means = all(settlement, 'SpecifiedTradeSettlementPaymentMeans')

  const lines: EInvoiceLine[] = all(trade, 'IncludedSupplyChainTradeLineItem').map((item) => {
    const quantity = at(item, 'SpecifiedLineTradeDelivery', 'BilledQuantity')
    const lineSettlement = at(item, 'SpecifiedLineTradeSettlement')
    const tax = at(lineSettlement, 'ApplicableTradeTax')
    return {
      id: textAt(item, 'AssociatedDocumentLineDocument', 'LineID') ?? '',
      description:
        textAt(item, 'SpecifiedTradeProduct', 'Name') ??
        textAt(item, 'SpecifiedTradeProduct', 'Description') ??
        '',
      quantity: decimal(text(quantity)),
      unit: attr(quantity, 'unitCode'),
      net: money(
        at(lineSettlement, 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount'),
        'BT-131',
      ),
      vatCategory: textAt(tax, 'CategoryCode'),
      vatRate: decimal(textAt(tax, 'RateApplicablePercent')),
    }
  })

  const invoice: EInvoice = {
    syntax: 'cii',
    kind: credit ? 'credit-note' : 'invoice',
    typeCode,
    number: required(textAt(doc, 'ID'), 'invoice number (BT-1)'),
    issueDate: required(dateAt(doc, 'IssueDateTime'), 'issue date (BT-2)'),
    dueDate:
      all(settlement, 'SpecifiedTradePaymentTerms')
        .map((t) => dateAt(t, 'DueDateDateTime'))
        .find(Boolean) ?? null,
    currency,
    buyerReference: textAt(agreement, 'BuyerReference'),
    orderReference: textAt(agreement, 'BuyerOrderReferencedDocument', 'IssuerAssignedID'),
    accountingCost: textAt(settlement, 'ReceivableSpecifiedTradeAccountingAccount', 'ID'),
    precedingInvoice: textAt(settlement, 'InvoiceReferencedDocument', 'IssuerAssignedID'),
    supplier: ciiParty(at(agreement, 'SellerTradeParty')),
    buyer: ciiParty(at(agreement, 'BuyerTradeParty')),
    totals: {
      net: money(at(summary, 'TaxBasisTotalAmount'), 'BT-109'),
      vat: money(taxTotal, 'BT-110'),
      total: money(at(summary, 'GrandTotalAmount'), 'BT-112'),
      prepaid: money(at(summary, 'TotalPrepaidAmount'), 'BT-113'),
      payable: money(at(summary, 'DuePayableAmount'), 'BT-115'),
    },
    vatBreakdown: all(settlement, 'ApplicableTradeTax').map((tax) => ({
      category: textAt(tax, 'CategoryCode') ?? '',
      rate: decimal(textAt(tax, 'RateApplicablePercent')),
      taxable: money(at(tax, 'BasisAmount'), 'BT-116'),
      vat: money(at(tax, 'CalculatedAmount'), 'BT-117'),
    })),
    paymentId: textAt(settlement, 'PaymentReference'),
    ...payeeAccount(
      means.flatMap((m) => [
        textAt(m, 'PayeePartyCreditorFinancialAccount', 'IBANID'),
        textAt(m, 'PayeePartyCreditorFinancialAccount', 'ProprietaryID'),
      ]),
    ),
    lines,
    allowancesCharges: all(settlement, 'SpecifiedTradeAllowanceCharge').map((ac) => {
      const charge = textAt(ac, 'ChargeIndicator', 'Indicator') === 'true'
      const value = amounts.read(textAt(ac, 'ActualAmount'), charge ? 'BT-99' : 'BT-92')
      return {
        charge,
        reason: textAt(ac, 'Reason') ?? textAt(ac, 'ReasonCode') ?? '',
        amount: sign(charge ? value : cents(-value)),
        vatCategory: textAt(ac, 'CategoryTradeTax', 'CategoryCode'),
        vatRate: decimal(textAt(ac, 'CategoryTradeTax', 'RateApplicablePercent')),
      }
    }),
  }
  return amounts.unread.length ? { ...invoice, unreadAmounts: amounts.unread } : invoice
}
