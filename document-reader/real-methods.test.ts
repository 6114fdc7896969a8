// The reading methods measured on real documents: a total row of net, VAT and gross; receipt and French total
// labels; a Dutch VAT id printed as one word; invoice dates printed without a label (after the title's `du`,
// beside a receipt's time of day). Each test also shows what the method must not take.
import { describe, expect, it } from 'vitest'
import { OcrPropertyId as P } from '../common/ocr.ts'
import { interpretInvoice, rowGross } from './interpret.ts'
import { phrasePage } from './phrase-page.ts'
import type { OcrPageResult } from './types.ts'

function read(page: OcrPageResult) {
  const { properties, foreignSupplierIds } = interpretInvoice([page])
  const values = Object.fromEntries(properties.map((p) => [p.OcrPropertyId, p.ProposedCandidate.Value]))
  return { values, foreign: foreignSupplierIds.map((f) => f.Value) }
}

describe('a total row of net, VAT and gross', () => {
  it('takes the amount the two others add up to', () => {
    const words = phrasePage([[100, 100, 'Total facture 24.99 5.00 29.99']]).Words.slice(2)
    expect(rowGross(words)?.value).toBe('29.99')
    const receipt = phrasePage([[100, 100, 'Summe 0,47 6,69 7,16']]).Words.slice(1)
    expect(rowGross(receipt)?.value).toBe('7.16')
  })

  it('leaves a row whose amounts do not add up, and a row of one or two amounts', () => {
    const odd = phrasePage([[100, 100, 'Total 10.00 20.00 40.00']]).Words.slice(1)
    expect(rowGross(odd)).toBeNull()
    expect(rowGross(phrasePage([[100, 100, '24.99 29.99']]).Words)).toBeNull()
  })

  it('proposes the gross of a French invoice, never its net', () => {
    const page = phrasePage([
      [100, 100, 'Facture n°562044387'],
      [100, 600, 'Total facture'],
      [900, 600, '24.99'],
      [1150, 600, '5.00'],
      [1400, 600, '29.99'],
      [100, 650, 'TVA 20% payée sur les encaissements'],
      [1150, 650, '5.00'],
    ])
    expect(read(page).values[P.TotalAmount]).toBe('29.99')
  })
})

describe('total labels of receipts and French invoices', () => {
  it('reads a German receipt total and a French amount to pay', () => {
    const receipt = phrasePage([
      [100, 100, 'Atemschutzmaske'],
      [700, 100, '19,90'],
      [100, 160, 'Summe EUR 19,90'],
      [100, 220, 'gegeben Kreditkarte EUR 19,90'],
    ])
    expect(read(receipt).values[P.TotalAmount]).toBe('19.90')
    const french = phrasePage([
      [100, 100, 'Somme à payer'],
      [900, 100, '29.99 € TTC'],
    ])
    expect(read(french).values[P.TotalAmount]).toBe('29.99')
  })
})

describe('foreign VAT ids', () => {
  it('reads a Dutch btw-id printed as one word and refuses one whose check fails', () => {
    const page = (id: string) => phrasePage([[900, 100, `BTW ${id}`]])
    expect(read(page('NL810433941B01')).foreign).toEqual(['NL810433941B01'])
    expect(read(page('NL810433942B01')).foreign).toEqual([])
  })
})

describe('invoice dates printed without a label', () => {
  it('reads the date after an invoice title', () => {
    const page = phrasePage([[100, 100, 'Facture n°562044387 du 02 Juillet 2015']])
    expect(read(page).values[P.InvoiceDate]).toBe('2015-07-02')
    const de = phrasePage([[100, 100, 'Rechnung 4711 vom 3. März 2021']])
    expect(read(de).values[P.InvoiceDate]).toBe('2021-03-03')
  })

  it("reads a receipt's date beside its time of day", () => {
    const page = phrasePage([
      [100, 100, 'ZU ZAHLEN EURO 24,23'],
      [100, 400, '10(1&107 8746 )'],
      [600, 400, '09:48 02.03.2020'],
    ])
    expect(read(page).values[P.InvoiceDate]).toBe('2020-03-02')
  })

  it('lets a labelled invoice date win over a printing timestamp, and takes no date without a time', () => {
    const page = phrasePage([
      [100, 100, 'Fakturadato: 01.03.2020'],
      [100, 900, 'Utskrevet 05.03.2020 10:22'],
    ])
    expect(read(page).values[P.InvoiceDate]).toBe('2020-03-01')
    const bare = phrasePage([[100, 100, 'Lieferung 05.03.2020']])
    expect(read(bare).values[P.InvoiceDate]).toBeUndefined()
  })
})

describe("a scanned receipt's total", () => {
  it('is proposed when printed twice, and not when one unconfirmed printing may be misread digits', () => {
    const twice = phrasePage(
      [
        [100, 100, 'SUMME EUR 28,81'],
        [100, 160, 'Mastercard EUR 28,81'],
      ],
      'tesseract',
    )
    expect(read(twice).values[P.TotalAmount]).toBe('28.81')
    const once = phrasePage(
      [
        [100, 100, 'SUMME EUR 7,42'],
        [100, 160, 'BAR EUR 27,42'],
      ],
      'tesseract',
    )
    expect(read(once).values[P.TotalAmount]).toBeUndefined()
    const noDecimals = phrasePage([[100, 100, 'Total | 44']], 'tesseract')
    expect(read(noDecimals).values[P.TotalAmount]).toBeUndefined()
  })
})

describe("a scanned receipt's total confirmed by its own lines", () => {
  it('takes an amount split at its decimal mark where the receipt prints it again, never where once', () => {
    const split = (again: boolean) =>
      phrasePage(
        [
          [100, 100, 'Apfelsaft'],
          [700, 100, '1,19 A'],
          [100, 160, 'zu zahlen'],
          [700, 160, '15, 69'],
          [100, 220, 'Kreditkarte'],
          [700, 220, again ? '15,69' : '16,69'],
        ],
        'tesseract',
      )
    expect(read(split(true)).values[P.TotalAmount]).toBe('15.69')
    expect(read(split(false)).values[P.TotalAmount]).not.toBe('15.69')
  })

  it('takes the sum printed once that the cash given less the change bears out', () => {
    const cash = (change: string) =>
      phrasePage(
        [
          [100, 100, 'SUMME'],
          [400, 100, 'EUR'],
          [700, 100, '16,62'],
          [100, 160, 'Bar'],
          [400, 160, 'EUR'],
          [700, 160, '20,00'],
          [100, 220, 'RÜCKGELD'],
          [400, 220, 'EUR'],
          [700, 220, change],
        ],
        'tesseract',
      )
    expect(read(cash('3,38')).values[P.TotalAmount]).toBe('16.62')
    expect(read(cash('3,48')).values[P.TotalAmount]).toBeUndefined()
  })

  it("takes the sum its VAT table's rate rows add up to", () => {
    const table = (gross: string) =>
      phrasePage(
        [
          [100, 100, 'SUMME EUR'],
          [700, 100, '31,98'],
          [100, 160, 'BAR EUR 40,00'],
          [100, 220, 'MwSt NETTO MwSt UMSATZ'],
          [100, 280, 'B 7%'],
          [300, 280, '7,45'],
          [500, 280, '0,52'],
          [700, 280, '7,97'],
          [100, 340, 'C 19%'],
          [300, 340, '20,18'],
          [500, 340, '83'],
          [700, 340, gross],
        ],
        'tesseract',
      )
    expect(read(table('24,01')).values[P.TotalAmount]).toBe('31.98')
    expect(read(table('24,11')).values[P.TotalAmount]).toBeUndefined()
  })
})

describe('invoice numbers by their labels', () => {
  it.each([
    ['N° pièce', 'FA-2018-0412'],
    ['N° Document', '90012345'],
    ['Rech.Nr.', '2021/0815'],
    ['Invoice #', 'INV-1042'],
    ['Kvittonr', '88412'],
    ['Kvitteringsnr', '30071'],
    ['Número de factura', 'A-2019-77'],
    ['Laskun numero', '100234'],
    ['NUMERO', 'F20190412'],
  ])('reads the number at %s, in the case it is printed', (label, number) => {
    const page = phrasePage([[100, 100, `${label} ${number}`]])
    expect(read(page).values[P.InvoiceNumber]).toBe(number)
  })

  it('takes a bare `Numéro` only with the number right after it or in its own column', () => {
    for (const t of ['Numéro client 12345', 'Numéro SIRET 42193886100018', 'Numéro de commande 4711'])
      expect(read(phrasePage([[100, 100, t]])).values[P.InvoiceNumber], t).toBeUndefined()
    const column = phrasePage([
      [100, 100, 'Numéro client'],
      [500, 100, '12345'],
    ])
    expect(read(column).values[P.InvoiceNumber]).toBeUndefined()
    const heading = phrasePage([
      [100, 100, 'NUMERO'],
      [500, 100, 'DATE'],
      [100, 140, 'F20190412'],
      [500, 140, '12/03/2019'],
    ])
    expect(read(heading).values[P.InvoiceNumber]).toBe('F20190412')
  })

  it("reads the number in a heading row's invoice column", () => {
    const page = phrasePage([
      [100, 100, 'Klant'],
      [400, 100, 'Order'],
      [700, 100, 'Factuur datum'],
      [1000, 100, 'Factuur'],
      [1300, 100, 'Vervaldatum'],
      [100, 140, 'SCONL0303006280999'],
      [400, 140, 'SCONL000000444'],
      [700, 140, '8-9-2022'],
      [1000, 140, 'VF1005193039'],
      [1300, 140, '22-9-2022'],
    ])
    expect(read(page).values[P.InvoiceNumber]).toBe('VF1005193039')
    // A title alone at the top of the page reads nothing below it.
    const title = phrasePage([
      [100, 100, 'Factuur'],
      [100, 140, '12 Main Street'],
    ])
    expect(read(title).values[P.InvoiceNumber]).toBeUndefined()
  })

  it("never takes a card terminal's slip number on a receipt for the invoice number", () => {
    const page = phrasePage([
      [100, 100, 'Kundenbeleg'],
      [100, 160, 'Terminal-ID 56034797'],
      [100, 220, 'Beleg-Nr. 4571'],
      [100, 280, 'Trace-Nr. 131712'],
    ])
    expect(read(page).values[P.InvoiceNumber]).toBeUndefined()
    const invoice = phrasePage([[100, 100, 'Beleg-Nr. 4571']])
    expect(read(invoice).values[P.InvoiceNumber]).toBe('4571')
  })
})

describe('dates', () => {
  it('reads a label joined to another by a slash as the last one', () => {
    const page = phrasePage([[100, 100, 'Lieferdatum/Rechnungsdatum. 4. Juni 2014']])
    expect(read(page).values[P.InvoiceDate]).toBe('2014-06-04')
  })

  it('reads six digits as a date only at a date label, and a scan’s space after the second dot', () => {
    expect(read(phrasePage([[100, 100, 'Rechnungsdatum: 070420']])).values[P.InvoiceDate]).toBe('2020-04-07')
    expect(read(phrasePage([[100, 100, 'Kundennr. 070420']])).values[P.InvoiceDate]).toBeUndefined()
    const spaced = phrasePage([[100, 100, 'Rechnungsdatum 04.04. 2020']], 'tesseract')
    expect(read(spaced).values[P.InvoiceDate]).toBe('2020-04-04')
  })

  it('reads slash dates month first on a document in dollars, day first otherwise', () => {
    const page = (currency: string) =>
      phrasePage([
        [100, 100, 'Invoice date: 03/04/2021'],
        [100, 200, `Total due: ${currency}`],
      ])
    expect(read(page('$1,250.00')).values[P.InvoiceDate]).toBe('2021-03-04')
    expect(read(page('1.250,00 EUR')).values[P.InvoiceDate]).not.toBe('2021-03-04')
  })

  it('reads yyyy/mm/dd', () => {
    expect(read(phrasePage([[100, 100, 'Invoice date: 2021/03/14']])).values[P.InvoiceDate]).toBe(
      '2021-03-14',
    )
  })
})

describe('VAT ids of more member states', () => {
  it('reads an Austrian UID printed without a label and at a label, and refuses one whose check fails', () => {
    expect(read(phrasePage([[900, 100, 'USt-ID ATU62353134']])).foreign).toEqual(['ATU62353134'])
    expect(read(phrasePage([[900, 100, 'ATU62353134']])).foreign).toEqual(['ATU62353134'])
    expect(read(phrasePage([[900, 100, 'USt-ID ATU62353135']])).foreign).toEqual([])
  })

  it('reads a Spanish CIF and gives a Greek id the country GR', () => {
    expect(read(phrasePage([[900, 100, 'CIF: ES B-58378431']])).foreign).toEqual(['ESB58378431'])
    const greek = interpretInvoice([phrasePage([[900, 100, 'ΑΦΜ EL094012834']])]).foreignSupplierIds
    expect(greek.map((f) => [f.CountryCode, f.Value])).toEqual([['GR', 'EL094012834']])
  })
})

describe('a balance of nothing after payment', () => {
  it('is not the total when a larger total is printed', () => {
    const bill = phrasePage([
      [100, 100, 'Rechnung Nr. 4711'],
      [100, 600, 'Total EUR 248,00'],
      [100, 650, 'Visa EUR 248,00'],
      [100, 700, 'Balance to pay EUR 0,00'],
    ])
    expect(read(bill).values[P.TotalAmount]).toBe('248.00')
    const onlyBalance = phrasePage([
      [100, 100, 'Zimmer 2 Nächte 189,00'],
      [100, 700, 'Restbetrag 0,00'],
    ])
    expect(read(onlyBalance).values[P.TotalAmount]).toBeUndefined()
  })

  it('still proposes a rest to pay that is not nothing', () => {
    const bill = phrasePage([
      [100, 600, 'Total EUR 248,00'],
      [100, 650, 'Anzahlung EUR 48,00'],
      [100, 700, 'Restbetrag EUR 200,00'],
    ])
    expect(read(bill).values[P.TotalAmount]).not.toBeUndefined()
  })
})

describe("the buyer's VAT id", () => {
  it('is never the seller’s, by its label', () => {
    for (const label of ['verwendete USt-IdNr.', 'Ihre USt-IdNr.', 'Kunden-USt-IdNr.', 'Customer VAT'])
      expect(
        read(
          phrasePage([
            [100, 100, `${label} ATU62353134`],
            [100, 900, 'USt-IdNr. DE136695976'],
          ]),
        ).foreign,
        label,
      ).toEqual(['DE136695976'])
  })
})
