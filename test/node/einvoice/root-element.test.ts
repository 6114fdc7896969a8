// The root element of an XML file, wherever its prolog lets it start and whatever encoding it is written in:
// the sniffing that decides whether a file (an upload, a scan folder's file, a PDF's embedded file) is a
// structured invoice at all.
import { describe, expect, it } from 'vitest'
import { isEInvoiceXml, parseEInvoice, rootElementName } from '../../../common/einvoice/index.ts'
import { MAX_XML_PROLOG_BYTES, xmlText } from '../../../common/einvoice/xml.ts'

const CII_NS =
  'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"'

/** A small CII invoice (a seller in Germany, 100.00 + 19 % VAT) after whatever prolog a test gives it. */
const cii = (prolog: string, name = 'Müller und Söhne GmbH') => `${prolog}<rsm:CrossIndustryInvoice ${CII_NS}>
  <rsm:ExchangedDocument><ram:ID>RE-7</ram:ID><ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20260301</udt:DateTimeString></ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:ApplicableHeaderTradeAgreement><ram:SellerTradeParty><ram:Name>${name}</ram:Name></ram:SellerTradeParty></ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:TaxBasisTotalAmount>100.00</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">19.00</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>119.00</ram:GrandTotalAmount>
        <ram:DuePayableAmount>119.00</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`

const utf8 = (s: string) => new TextEncoder().encode(s)
function utf16(s: string, order: 'le' | 'be', bom: boolean): Uint8Array {
  const out = new Uint8Array((s.length + (bom ? 1 : 0)) * 2)
  const units = [...(bom ? [0xfeff] : []), ...Array.from(s, (_, i) => s.charCodeAt(i))]
  units.forEach((u, i) => {
    out[i * 2 + (order === 'le' ? 0 : 1)] = u & 0xff
    out[i * 2 + (order === 'le' ? 1 : 0)] = u >> 8
  })
  return out
}
/** Latin-1 bytes: one byte a character (the test text stays within U+00FF). */
const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0))

const licence = `<!--\n${'Licensed under the Apache License, Version 2.0 (the "License"); you may not use this file except in compliance with the License. '.repeat(48)}\n-->\n`

describe('the root element of XML', () => {
  it('is found after a licence comment of several kilobytes', () => {
    const bytes = utf8(cii(`<?xml version="1.0" encoding="UTF-8"?>\n${licence}`))
    expect(licence.length).toBeGreaterThan(5000)
    expect(rootElementName(bytes)).toBe('CrossIndustryInvoice')
    expect(isEInvoiceXml(bytes)).toBe(true)
    expect(parseEInvoice(bytes).totals.payable).toBe(119)
  })

  it('is found after processing instructions, comments and a DOCTYPE in any order', () => {
    const prolog =
      '\n  <?xml version="1.0"?>\n<?xml-stylesheet type="text/xsl" href="invoice.xsl"?>\n<!-- a > inside -->' +
      '<!DOCTYPE rsm:CrossIndustryInvoice [ <!ATTLIST x y CDATA "a>b]"> ]>\n<?pi ?>'
    expect(rootElementName(utf8(cii(prolog)))).toBe('CrossIndustryInvoice')
    expect(rootElementName(utf8('<!DOCTYPE Invoice SYSTEM "inv.dtd"><Invoice/>'))).toBe('Invoice')
  })

  it('is found in UTF-8 with a byte-order mark and in UTF-16 with or without one', () => {
    const text = cii('<?xml version="1.0" encoding="UTF-16"?>\n<!-- a comment -->\n')
    expect(rootElementName(utf8(`\uFEFF${text}`))).toBe('CrossIndustryInvoice')
    for (const order of ['le', 'be'] as const)
      for (const bom of [true, false]) {
        const bytes = utf16(text, order, bom)
        expect(rootElementName(bytes), `${order} ${bom}`).toBe('CrossIndustryInvoice')
        expect(parseEInvoice(bytes).supplier.name, `${order} ${bom}`).toBe('Müller und Söhne GmbH')
      }
  })

  it('is found, and the text read, in the ISO-8859-1 its declaration names', () => {
    const bytes = latin1(cii('<?xml version="1.0" encoding="ISO-8859-1"?>\n<!-- Rechnung -->\n'))
    expect(bytes.includes(0xfc)).toBe(true)
    expect(rootElementName(bytes)).toBe('CrossIndustryInvoice')
    expect(xmlText(bytes)).toContain('Müller und Söhne')
    expect(parseEInvoice(bytes).supplier.name).toBe('Müller und Söhne GmbH')
  })

  it('is looked for only so far: a prolog longer than any invoice has is refused at once', () => {
    const huge = new Uint8Array(100 * 1024 * 1024)
    huge.set(utf8('<?xml version="1.0"?><!--'))
    huge.fill(0x20, 25)
    huge.set(utf8('--><Invoice/>'), huge.length - 13)
    const started = performance.now()
    expect(rootElementName(huge)).toBeNull()
    expect(isEInvoiceXml(huge)).toBe(false)
    expect(performance.now() - started).toBeLessThan(1000)
    // Just within the window, the same comment is passed.
    const padded = `<!--${' '.repeat(MAX_XML_PROLOG_BYTES - 40)}-->`
    expect(rootElementName(utf8(`${padded}<Invoice/>`))).toBe('Invoice')
    expect(rootElementName(utf8(`<!--${' '.repeat(MAX_XML_PROLOG_BYTES)}--><Invoice/>`))).toBeNull()
  })

  it('is none in what does not start as XML or never closes its prolog', () => {
    for (const s of ['%PDF-1.7', 'hello <Invoice/>', '<!-- never closed <Invoice/>', '<?xml', '<', '<1a/>'])
      expect(rootElementName(utf8(s)), s).toBeNull()
    expect(rootElementName(utf8('<Order xmlns="urn:x"/>'))).toBe('Order')
    expect(rootElementName(utf8('<ubl:Invoice xmlns:ubl="urn:x">'))).toBe('Invoice')
  })
})
