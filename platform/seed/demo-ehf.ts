// The demo office's structured invoice: an EHF 3 / PEPPOL BIS Billing 3.0 UBL invoice from one of Nordlys
// Bakeri AS's suppliers, as an access point delivers it (XML, no PDF), so the review queue holds a document
// the review reads exactly (fields at probability 1, its lines as cost lines) and the viewer shows as a
// readable invoice. The XML is written from the invoice's facts; its sums are the lines' sums.
const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const money = (n: number) => n.toFixed(2)

export interface DemoEhfLine {
  name: string
  quantity: number
  unit: 'EA' | 'KGM' | 'HUR'
  price: number
  /** The line's VAT rate: 25 (S) or 15 (S, food). */
  rate: 25 | 15
}

export interface DemoEhfInvoice {
  number: string
  issueDate: string
  dueDate: string
  supplier: {
    name: string
    orgNumber: string
    account: string
    street: string
    postcode: string
    city: string
  }
  buyer: { name: string; orgNumber: string; street: string; postcode: string; city: string }
  buyerReference: string
  kid: string
  lines: readonly DemoEhfLine[]
}

export interface DemoEhfTotals {
  net: number
  vat: number
  gross: number
}

const round2 = (n: number) => Math.round(n * 100) / 100

/** The invoice's sums as EN 16931 computes them: VAT per rate on the rate's net sum. */
export function demoEhfTotals(invoice: DemoEhfInvoice): DemoEhfTotals & {
  perRate: { rate: number; net: number; vat: number }[]
} {
  const rates = [...new Set(invoice.lines.map((l) => l.rate))].sort((a, b) => b - a)
  const perRate = rates.map((rate) => {
    const net = round2(
      invoice.lines.filter((l) => l.rate === rate).reduce((s, l) => s + round2(l.quantity * l.price), 0),
    )
    return { rate, net, vat: round2((net * rate) / 100) }
  })
  const net = round2(perRate.reduce((s, r) => s + r.net, 0))
  const vat = round2(perRate.reduce((s, r) => s + r.vat, 0))
  return { net, vat, gross: round2(net + vat), perRate }
}

function address(p: { street: string; postcode: string; city: string }): string {
  return `<cac:PostalAddress><cbc:StreetName>${esc(p.street)}</cbc:StreetName><cbc:CityName>${esc(p.city)}</cbc:CityName><cbc:PostalZone>${esc(p.postcode)}</cbc:PostalZone><cac:Country><cbc:IdentificationCode>NO</cbc:IdentificationCode></cac:Country></cac:PostalAddress>`
}

/** The invoice as UBL 2.1 XML in the PEPPOL BIS Billing 3.0 / EHF 3 customization. */
export function demoEhfXml(invoice: DemoEhfInvoice): string {
  const totals = demoEhfTotals(invoice)
  const { supplier, buyer } = invoice
  const lines = invoice.lines
    .map(
      (l, i) =>
        `<cac:InvoiceLine><cbc:ID>${i + 1}</cbc:ID><cbc:InvoicedQuantity unitCode="${l.unit}">${l.quantity}</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="NOK">${money(round2(l.quantity * l.price))}</cbc:LineExtensionAmount><cac:Item><cbc:Name>${esc(l.name)}</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>${l.rate}</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item><cac:Price><cbc:PriceAmount currencyID="NOK">${money(l.price)}</cbc:PriceAmount></cac:Price></cac:InvoiceLine>`,
    )
    .join('\n  ')
  const subtotals = totals.perRate
    .map(
      (r) =>
        `<cac:TaxSubtotal><cbc:TaxableAmount currencyID="NOK">${money(r.net)}</cbc:TaxableAmount><cbc:TaxAmount currencyID="NOK">${money(r.vat)}</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>${r.rate}</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal>`,
    )
    .join('')
  return `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>
  <cbc:ID>${esc(invoice.number)}</cbc:ID>
  <cbc:IssueDate>${invoice.issueDate}</cbc:IssueDate>
  <cbc:DueDate>${invoice.dueDate}</cbc:DueDate>
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
  <cbc:DocumentCurrencyCode>NOK</cbc:DocumentCurrencyCode>
  <cbc:BuyerReference>${esc(invoice.buyerReference)}</cbc:BuyerReference>
  <cac:AccountingSupplierParty><cac:Party><cbc:EndpointID schemeID="0192">${supplier.orgNumber}</cbc:EndpointID><cac:PartyName><cbc:Name>${esc(supplier.name)}</cbc:Name></cac:PartyName>${address(supplier)}<cac:PartyTaxScheme><cbc:CompanyID>NO${supplier.orgNumber}MVA</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme><cac:PartyLegalEntity><cbc:RegistrationName>${esc(supplier.name)}</cbc:RegistrationName><cbc:CompanyID schemeID="0192">${supplier.orgNumber}</cbc:CompanyID></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cbc:EndpointID schemeID="0192">${buyer.orgNumber}</cbc:EndpointID><cac:PartyName><cbc:Name>${esc(buyer.name)}</cbc:Name></cac:PartyName>${address(buyer)}<cac:PartyLegalEntity><cbc:RegistrationName>${esc(buyer.name)}</cbc:RegistrationName><cbc:CompanyID schemeID="0192">${buyer.orgNumber}</cbc:CompanyID></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>
  <cac:PaymentMeans><cbc:PaymentMeansCode>30</cbc:PaymentMeansCode><cbc:PaymentID>${invoice.kid}</cbc:PaymentID><cac:PayeeFinancialAccount><cbc:ID>${supplier.account}</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>
  <cac:TaxTotal><cbc:TaxAmount currencyID="NOK">${money(totals.vat)}</cbc:TaxAmount>${subtotals}</cac:TaxTotal>
  <cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="NOK">${money(totals.net)}</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount currencyID="NOK">${money(totals.net)}</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="NOK">${money(totals.gross)}</cbc:TaxInclusiveAmount><cbc:PayableAmount currencyID="NOK">${money(totals.gross)}</cbc:PayableAmount></cac:LegalMonetaryTotal>
  ${lines}
</Invoice>
`
}
