// A structured invoice from a seller abroad answers the seller's VAT id and registry number as the OCR answer's
// ForeignSupplierIds, as a read page does, so the scan station and the review find or create the supplier by
// it; a Norwegian seller's organisation number stays property 1.
import { describe, expect, it } from 'vitest'
import { parseEInvoice } from '../../../common/einvoice/index.ts'
import { structuredOcrAnswer } from '../../../common/einvoice/ocr-answer.ts'
import { readFields } from '../../../electron/main/services/scan/read-fields.ts'

interface Seller {
  country: string
  vat?: string
  legal?: string
  legalScheme?: string
}

const UBL_NS =
  'xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"'

function ubl(seller: Seller): string {
  const scheme = seller.legalScheme ? ` schemeID="${seller.legalScheme}"` : ''
  return `<?xml version="1.0" encoding="UTF-8"?>
<Invoice ${UBL_NS}>
  <cbc:ID>INV-12</cbc:ID><cbc:IssueDate>2026-03-02</cbc:IssueDate><cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party>
    <cac:PostalAddress><cac:Country><cbc:IdentificationCode>${seller.country}</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
    ${seller.vat ? `<cac:PartyTaxScheme><cbc:CompanyID>${seller.vat}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>` : ''}
    <cac:PartyLegalEntity><cbc:RegistrationName>Seller AB</cbc:RegistrationName>${seller.legal ? `<cbc:CompanyID${scheme}>${seller.legal}</cbc:CompanyID>` : ''}</cac:PartyLegalEntity>
  </cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cac:PartyLegalEntity><cbc:RegistrationName>Kjøper AS</cbc:RegistrationName><cbc:CompanyID schemeID="0192">974760673</cbc:CompanyID></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>
  <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">25.00</cbc:TaxAmount></cac:TaxTotal>
  <cac:LegalMonetaryTotal><cbc:TaxExclusiveAmount currencyID="EUR">100.00</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="EUR">125.00</cbc:TaxInclusiveAmount><cbc:PayableAmount currencyID="EUR">125.00</cbc:PayableAmount></cac:LegalMonetaryTotal>
</Invoice>`
}

const CII_NS =
  'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"'

function cii(seller: Seller & { global?: string; globalScheme?: string }): string {
  const scheme = seller.legalScheme ? ` schemeID="${seller.legalScheme}"` : ''
  return `<rsm:CrossIndustryInvoice ${CII_NS}>
  <rsm:ExchangedDocument><ram:ID>RE-2026-9</ram:ID><ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20260302</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty>
        ${seller.global ? `<ram:GlobalID schemeID="${seller.globalScheme ?? '0088'}">${seller.global}</ram:GlobalID>` : ''}
        <ram:Name>Verkäufer GmbH</ram:Name>
        ${seller.legal ? `<ram:SpecifiedLegalOrganization><ram:ID${scheme}>${seller.legal}</ram:ID></ram:SpecifiedLegalOrganization>` : ''}
        <ram:PostalTradeAddress><ram:CountryID>${seller.country}</ram:CountryID></ram:PostalTradeAddress>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">201/113/40209</ram:ID></ram:SpecifiedTaxRegistration>
        ${seller.vat ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${seller.vat}</ram:ID></ram:SpecifiedTaxRegistration>` : ''}
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>Kjøper AS</ram:Name></ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:TaxBasisTotalAmount>100.00</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">19.00</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>119.00</ram:GrandTotalAmount><ram:DuePayableAmount>119.00</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`
}

const foreignIds = (xml: string) =>
  (structuredOcrAnswer(parseEInvoice(xml)).ForeignSupplierIds ?? []).map((f) => [
    f.CountryCode,
    f.Value,
    f.Kind,
    f.ProbabilityFactor,
  ])

describe('the foreign ids of a structured invoice', () => {
  it('answers a UBL seller VAT id (BT-31), once however often the legal id repeats it', () => {
    expect(foreignIds(ubl({ country: 'SE', vat: 'SE556036079301' }))).toEqual([
      ['SE', 'SE556036079301', 'vat', 1],
    ])
    expect(
      foreignIds(ubl({ country: 'SE', vat: 'SE 5560360793 01', legal: '556036-0793', legalScheme: '0007' })),
    ).toEqual([['SE', 'SE556036079301', 'vat', 1]])
  })

  it('turns a UBL legal registration id (BT-30) into its VAT form when the country derives one', () => {
    expect(foreignIds(ubl({ country: 'DK', legal: '13585628', legalScheme: '0184' }))).toEqual([
      ['DK', 'DK13585628', 'registry', 1],
    ])
    expect(foreignIds(ubl({ country: 'SE', legal: '5560360793' }))).toEqual([
      ['SE', 'SE556036079301', 'registry', 1],
    ])
  })

  it('answers a CII seller VAT id (schemeID VA), never the tax number (FC), and a Finnish Y-tunnus', () => {
    expect(
      foreignIds(cii({ country: 'DE', vat: 'DE123456788', legal: 'HRB 12345', global: '4000001123452' })),
    ).toEqual([['DE', 'DE123456788', 'vat', 1]])
    expect(foreignIds(cii({ country: 'FI', legal: '0112038-9', legalScheme: '0212' }))).toEqual([
      ['FI', 'FI01120389', 'registry', 1],
    ])
  })

  it('turns a registry party identifier (UBL PartyIdentification, CII GlobalID) into its VAT form', () => {
    expect(foreignIds(cii({ country: 'SE', global: '5560360793', globalScheme: '0007' }))).toEqual([
      ['SE', 'SE556036079301', 'registry', 1],
    ])
    // A GLN (0088) is no registry number: no id of it.
    expect(foreignIds(cii({ country: 'DE', global: '4000001123452' }))).toEqual([])
    const withPartyId = ubl({ country: 'DK' }).replace(
      '<cac:PostalAddress>',
      '<cac:PartyIdentification><cbc:ID schemeID="0184">13585628</cbc:ID></cac:PartyIdentification><cac:PostalAddress>',
    )
    expect(foreignIds(withPartyId)).toEqual([['DK', 'DK13585628', 'registry', 1]])
  })

  it('gives an id whose country check fails as less sure, and one without a public check as written', () => {
    expect(foreignIds(cii({ country: 'DE', vat: 'DE123456789' }))).toEqual([
      ['DE', 'DE123456789', 'vat', 0.5],
    ])
    expect(foreignIds(cii({ country: 'AT', vat: 'ATU 13585627' }))).toEqual([['AT', 'ATU13585627', 'vat', 1]])
    expect(foreignIds(ubl({ country: 'GR', vat: 'EL094014201' }))).toEqual([['GR', 'EL094014201', 'vat', 1]])
  })

  it('answers none for a Norwegian seller, whose organisation number is property 1', () => {
    const answer = structuredOcrAnswer(parseEInvoice(ubl({ country: 'NO', vat: 'NO974760673MVA' })))
    expect(answer.ForeignSupplierIds).toBeUndefined()
    expect(answer.InterpretedProperties.find((p) => p.OcrPropertyId === 1)?.ProposedCandidate.Value).toBe(
      '974760673',
    )
    expect(foreignIds(cii({ country: 'NO', legal: '974760673' }))).toEqual([])
  })

  it('is what the scan station finds the supplier by', () => {
    const fields = readFields(structuredOcrAnswer(parseEInvoice(cii({ country: 'DE', vat: 'DE123456788' }))))
    expect(fields.orgNumber).toBe('DE123456788')
    expect(fields.supplierCountry).toBe('DE')
    expect(fields.supplierName).toBe('Verkäufer GmbH')
    expect(
      readFields(structuredOcrAnswer(parseEInvoice(cii({ country: 'DE', vat: 'DE123456789' })))).orgNumber,
    ).toBeNull()
  })
})
