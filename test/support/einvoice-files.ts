// Structured invoices made with a library nobody here wrote (@e-invoice-eu/core): one Norwegian supplier's
// invoice and credit note, as UBL (EHF 3 / PEPPOL BIS 3), as CII (XRechnung) and as a Factur-X PDF. The
// values the tests expect are written in the tests from these inputs, not read back from the parser.
import { InvoiceService, type Invoice } from '@e-invoice-eu/core'
import { PDFDocument, StandardFonts } from 'pdf-lib'

const quiet = { log() {}, warn() {}, error() {} }

export interface MadeInvoiceOptions {
  credit?: boolean
}

/** The invoice in e-invoice-eu's internal format (UBL's element names). */
export function norwegianInvoice({ credit = false }: MadeInvoiceOptions = {}): Invoice {
  const line = (
    id: string,
    name: string,
    quantity: string,
    unit: string,
    price: string,
    net: string,
    cat: string,
    rate: string,
  ) => ({
    'cbc:ID': id,
    'cbc:InvoicedQuantity': quantity,
    'cbc:InvoicedQuantity@unitCode': unit,
    'cbc:LineExtensionAmount': net,
    'cbc:LineExtensionAmount@currencyID': 'NOK',
    'cac:Item': {
      'cbc:Name': name,
      'cac:ClassifiedTaxCategory': {
        'cbc:ID': cat,
        'cbc:Percent': rate,
        'cac:TaxScheme': { 'cbc:ID': 'VAT' },
      },
    },
    'cac:Price': { 'cbc:PriceAmount': price, 'cbc:PriceAmount@currencyID': 'NOK' },
  })
  // e-invoice-eu's internal format is an Invoice; type code 381 makes it a credit note in either syntax.
  return {
    'ubl:Invoice': {
      'cbc:CustomizationID': 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
      'cbc:ProfileID': 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
      'cbc:ID': credit ? 'K-2026-017' : '2026-1042',
      'cbc:IssueDate': '2026-03-02',
      ...(credit ? {} : { 'cbc:DueDate': '2026-03-16' }),
      'cbc:InvoiceTypeCode': credit ? '381' : '380',
      'cbc:DocumentCurrencyCode': 'NOK',
      'cbc:BuyerReference': 'Kari Nordmann',
      ...(credit
        ? { 'cac:BillingReference': [{ 'cac:InvoiceDocumentReference': { 'cbc:ID': '2026-0977' } }] }
        : {}),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          'cbc:EndpointID': '923609016',
          'cbc:EndpointID@schemeID': '0192',
          'cac:PartyName': { 'cbc:Name': 'Fjordkontor' },
          'cac:PostalAddress': {
            'cbc:StreetName': 'Strandgata 4',
            'cbc:CityName': 'Bergen',
            'cbc:PostalZone': '5013',
            'cac:Country': { 'cbc:IdentificationCode': 'NO' },
          },
          'cac:PartyTaxScheme': [{ 'cbc:CompanyID': 'NO923609016MVA', 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }],
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': 'Fjordkontor Rekvisita AS',
            'cbc:CompanyID': '923609016',
            'cbc:CompanyID@schemeID': '0192',
          },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          'cbc:EndpointID': '924956488',
          'cbc:EndpointID@schemeID': '0192',
          'cac:PostalAddress': {
            'cbc:StreetName': 'Bakerveien 1',
            'cbc:CityName': 'Tromsø',
            'cbc:PostalZone': '9008',
            'cac:Country': { 'cbc:IdentificationCode': 'NO' },
          },
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': 'Nordlys Bakeri AS',
            'cbc:CompanyID': '924956488',
            'cbc:CompanyID@schemeID': '0192',
          },
        },
      },
      'cac:PaymentMeans': [
        {
          'cbc:PaymentMeansCode': '30',
          'cbc:PaymentID': '1234567890128',
          'cac:PayeeFinancialAccount': { 'cbc:ID': '86011117947' },
        },
      ],
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': '385.00',
          'cbc:TaxAmount@currencyID': 'NOK',
          'cac:TaxSubtotal': [
            {
              'cbc:TaxableAmount': '1200.00',
              'cbc:TaxableAmount@currencyID': 'NOK',
              'cbc:TaxAmount': '300.00',
              'cbc:TaxAmount@currencyID': 'NOK',
              'cac:TaxCategory': { 'cbc:ID': 'S', 'cbc:Percent': '25', 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
            },
            {
              'cbc:TaxableAmount': '566.67',
              'cbc:TaxableAmount@currencyID': 'NOK',
              'cbc:TaxAmount': '85.00',
              'cbc:TaxAmount@currencyID': 'NOK',
              'cac:TaxCategory': { 'cbc:ID': 'S', 'cbc:Percent': '15', 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
            },
          ],
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': '1766.67',
        'cbc:LineExtensionAmount@currencyID': 'NOK',
        'cbc:TaxExclusiveAmount': '1766.67',
        'cbc:TaxExclusiveAmount@currencyID': 'NOK',
        'cbc:TaxInclusiveAmount': '2151.67',
        'cbc:TaxInclusiveAmount@currencyID': 'NOK',
        'cbc:PayableAmount': '2151.67',
        'cbc:PayableAmount@currencyID': 'NOK',
      },
      'cac:InvoiceLine': [
        line('1', 'Kopipapir A4, eske', '4', 'EA', '300.00', '1200.00', 'S', '25'),
        line('2', 'Kaffe og frukt, møte', '1', 'EA', '566.67', '566.67', 'S', '15'),
      ],
    },
  } as unknown as Invoice
}

const service = () => new InvoiceService(quiet)

export async function makeUbl(options: MadeInvoiceOptions = {}): Promise<string> {
  return (await service().generate(norwegianInvoice(options), {
    format: 'UBL',
    lang: 'en-us',
    noWarnings: true,
  })) as string
}

export async function makeCii(options: MadeInvoiceOptions = {}): Promise<string> {
  return (await service().generate(norwegianInvoice(options), {
    format: 'CII',
    lang: 'en-us',
    noWarnings: true,
  })) as string
}

/** A one-page PDF printing the invoice, as the supplier's own system might. */
export async function printedInvoicePdf(title = 'Faktura 2026-1042'): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const page = doc.addPage([595, 842])
  const lines = [
    title,
    'Fjordkontor Rekvisita AS',
    'Org.nr. 923 609 016 MVA',
    'Fakturadato 02.03.2026',
    'Forfall 16.03.2026',
    'KID 1234567890128',
    'Konto 8601.11.17947',
    'Å betale 2 151,67',
  ]
  lines.forEach((text, i) => page.drawText(text, { x: 50, y: 780 - i * 22, size: 12, font }))
  return doc.save()
}

/** A Factur-X PDF (EN 16931 profile): the printed invoice with its CII as `factur-x.xml`. */
export async function makeFacturX(options: MadeInvoiceOptions = {}): Promise<Uint8Array> {
  const pdf = await printedInvoicePdf(options.credit ? 'Kreditnota K-2026-017' : undefined)
  return (await service().generate(norwegianInvoice(options), {
    format: 'Factur-X-EN16931',
    lang: 'nb-no',
    noWarnings: true,
    pdf: { buffer: pdf, filename: 'invoice.pdf', mimetype: 'application/pdf' },
  })) as Uint8Array
}

/**
 * What the OCR answer (spec 2.13) of `norwegianInvoice()` proposes, by property id, written from its input
 * above: organisation number, bank account, KID, number, total, dates and the buyer's reference as requisition.
 */
export const NORWEGIAN_INVOICE_PROPOSALS: Record<number, [string, number]> = {
  1: ['923609016', 1],
  3: ['86011117947', 1],
  4: ['1234567890128', 1],
  5: ['2026-1042', 1],
  6: ['2151.67', 1],
  7: ['2026-03-02', 1],
  8: ['2026-03-16', 1],
  10: ['Kari Nordmann', 1],
}
