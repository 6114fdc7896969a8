// The reading methods measured on real documents: a total row of net, VAT and gross; receipt and French total
// labels; a Dutch VAT id printed as one word; invoice dates printed without a label (after the title's `du`,
// beside a receipt's time of day); two labels printed as one word; labels glued to their values; the labels
// and currencies of more countries; a receipt's total from its VAT table or its payment; a printing timestamp
// against a labelled date; a folio's column of dates and its dateline; a scanned total against its VAT lines'
// bases. Each test also shows what the method must not take.
import { describe, expect, it } from 'vitest'
import { OcrPropertyId as P } from '../common/ocr.ts'
import { generateBankAccount, generateOrgNumber } from '../common/norwegian.ts'
import {
  grossOfIncludedVat,
  interpretInvoice,
  paidAmount,
  paidLessChange,
  rowGross,
  splitGluedLabels,
  vatBaseRows,
  vatTableGross,
} from './interpret.ts'
import { buildLines, pairedLabels } from './layout.ts'
import { parseAmount, parseDate, shortSlashDate } from './values.ts'
import { scannedIban } from './foreign.ts'
import { changedPhrases, phrasePage } from './phrase-page.ts'
import type { OcrPageResult } from './types.ts'

/** A scanned page of the given lines, one under the other. */
const scannedLines = (lines: string[]) =>
  phrasePage(
    lines.map((l, i): [number, number, string] => [100, 100 + 60 * i, l]),
    'tesseract',
  )

function read(page: OcrPageResult) {
  const { properties, foreignSupplierIds } = interpretInvoice([page])
  const values = Object.fromEntries(properties.map((p) => [p.OcrPropertyId, p.ProposedCandidate.Value]))
  return { values, properties, foreign: foreignSupplierIds.map((f) => f.Value) }
}

/** The values proposed for a scanned page of the given lines. */
const scanned = (lines: string[]) => read(scannedLines(lines)).values

describe('a total row of net, VAT and gross', () => {
  it('takes the amount the two others add up to', () => {
    const words = phrasePage([[100, 100, 'Total facture 24.99 5.00 29.99']]).Words.slice(2)
    expect(rowGross(words)?.value).toBe('29.99')
    const receipt = phrasePage([[100, 100, 'Summe 0,47 6,69 7,16']]).Words.slice(1)
    expect(rowGross(receipt)?.value).toBe('7.16')
  })

  it('reads an amount whose thousands stand apart as one', () => {
    const row = phrasePage([[100, 100, 'Totalt 900,00 212,00 1 112,00']]).Words.slice(1)
    expect(rowGross(row)?.value).toBe('1112.00')
    const page = phrasePage([
      [100, 100, 'Fakturanr 10452'],
      [100, 560, 'Moms% Netto Moms Brutto'],
      [100, 600, '25% 800,00 200,00 1 000,00'],
      [100, 640, '12% 100,00 12,00 112,00'],
      [100, 700, 'Totalt 900,00 212,00 1 112,00'],
    ])
    expect(read(page).values[P.TotalAmount]).toBe('1112.00')
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

  it('knows the slip through a scan’s misreadings and specks read as lines', () => {
    const page = phrasePage(
      [
        [100, 100, 'Beleg-Nr. 1080'],
        [100, 130, 'f'],
        [100, 160, 'å'],
        [100, 190, 'i'],
        [100, 220, 'Trece-Nr. 074990'],
      ],
      'tesseract',
    )
    expect(read(page).values[P.InvoiceNumber]).toBeUndefined()
    // Three lines of words between them: the slip is too far to be the number's.
    const far = phrasePage(
      [
        [100, 100, 'Beleg-Nr. 1080'],
        [100, 130, 'Kunde Hansen'],
        [100, 160, 'Artikel Kabel'],
        [100, 190, 'Summe 12,00'],
        [100, 220, 'Trace-lr. 074990'],
      ],
      'tesseract',
    )
    expect(read(far).values[P.InvoiceNumber]).toBe('1080')
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

describe('two labels printed as one word', () => {
  it('reads the number and the date of a `nr./-datum` label in their order, in several languages', () => {
    const de = phrasePage([
      [100, 100, 'Rechnungsnr./-datum'],
      [500, 100, '6002298172'],
      [800, 100, '21.03.2023'],
    ])
    expect(read(de).values[P.InvoiceNumber]).toBe('6002298172')
    expect(read(de).values[P.InvoiceDate]).toBe('2023-03-21')
    const nb = phrasePage([[100, 100, 'Fakturanr./-dato 10442 03.03.2026']])
    expect(read(nb).values[P.InvoiceNumber]).toBe('10442')
    expect(read(nb).values[P.InvoiceDate]).toBe('2026-03-03')
    const nl = phrasePage([[100, 100, 'Factuurnr./-datum 2024-118 05-02-2024']], 'tesseract')
    expect(read(nl).values[P.InvoiceNumber]).toBe('2024-118')
    expect(read(nl).values[P.InvoiceDate]).toBe('2024-02-05')
  })

  it('takes neither value when one is missing, and none for labels that are not the invoice’s', () => {
    expect(pairedLabels('Lieferscheinnr./-datum')).toBeNull()
    expect(pairedLabels('Rechnungsnr./-nummer')).toBeNull()
    const delivery = phrasePage([[100, 100, 'Lieferscheinnr./-datum 606646086 21.03.2023']])
    expect(read(delivery).values[P.InvoiceNumber]).toBeUndefined()
    const alone = phrasePage([[100, 100, 'Rechnungsnr./-datum 6002298172']])
    expect(read(alone).values[P.InvoiceNumber]).toBeUndefined()
  })
})

describe("the buyer's VAT id at its label, the seller's printed without one", () => {
  it('proposes the seller’s, in German, English and French', () => {
    for (const buyerLabel of ['verwendete USt-IdNr.', 'Your VAT no.', 'N° TVA client']) {
      const page = phrasePage([
        [900, 100, buyerLabel],
        [1300, 100, 'DE136695976'],
        [100, 900, 'Shop GmbH Hauptstr. 1 ATU62353134'],
      ])
      expect(read(page).foreign, buyerLabel).toEqual(['ATU62353134'])
    }
  })
})

describe('a label glued to its value by its colon', () => {
  it('is read as label and value, in English, German and Norwegian', () => {
    expect(read(phrasePage([[100, 100, 'VAT INVOICE:3854615']])).values[P.InvoiceNumber]).toBe('3854615')
    expect(read(phrasePage([[100, 100, 'Rechnungsnummer:88412']])).values[P.InvoiceNumber]).toBe('88412')
    expect(read(phrasePage([[100, 100, 'Fakturadato:03.03.2026']])).values[P.InvoiceDate]).toBe('2026-03-03')
  })

  it('leaves a word whose part before the colon is no label', () => {
    const words = phrasePage([[100, 100, 'Tel:0341 12:30 Kasse:4']]).Words
    expect(splitGluedLabels(words).map((w) => w.Text)).toEqual(['Tel:0341', '12:30', 'Kasse:4'])
    const split = splitGluedLabels(phrasePage([[100, 100, 'INVOICE:3854615']]).Words)
    expect(split.map((w) => w.Text)).toEqual(['INVOICE:', '3854615'])
    expect(split[1]!.Left).toBe(split[0]!.Left + split[0]!.Width)
  })
})

describe('labels of Croatian, Czech, Polish, Spanish and Italian invoices', () => {
  it.each([
    ['UKUPNO ZA NAPLATU: HRK 1.232,74', '1232.74'],
    ['Celkem k úhradě 271,00 Kč', '271.00'],
    ['Do zapłaty 45,00 zł', '45.00'],
    ['TOTAL A PAGAR EUROS 0,70', '0.70'],
    ['Totale da pagare € 18,30', '18.30'],
  ])('reads the total at %s', (line, total) => {
    expect(read(phrasePage([[100, 100, line]])).values[P.TotalAmount]).toBe(total)
  })

  it.each([
    ['Račun br. 891-001010-1', '891-001010-1'],
    ['Račun broj: 1148-100-10', '1148-100-10'],
    ['Číslo faktury 2023071801', '2023071801'],
    ['N.FACT.S: 00036631 M.CAJA:003', '00036631'],
    ['Nº Factura 2022-A-0413', '2022-A-0413'],
  ])('reads the invoice number at %s', (line, number) => {
    expect(read(phrasePage([[100, 100, line]])).values[P.InvoiceNumber]).toBe(number)
  })

  it('reads the invoice date and due date, and never takes the net or the VAT for the total', () => {
    const page = phrasePage([
      [100, 100, 'Datum računa 26.08.2021'],
      [100, 140, 'Datum dospijeća 10.09.2021'],
      [100, 180, 'Osnovica 430,22'],
      [100, 220, 'PDV 107,55'],
    ])
    expect(read(page).values[P.InvoiceDate]).toBe('2021-08-26')
    expect(read(page).values[P.DueDate]).toBe('2021-09-10')
    expect(read(page).values[P.TotalAmount]).toBeUndefined()
    const cs = phrasePage([[100, 100, 'Datum vystavení 18.07.2023']])
    expect(read(cs).values[P.InvoiceDate]).toBe('2023-07-18')
  })

  it('reads amounts in the currencies of more countries, before and after the amount', () => {
    expect(parseAmount('CZK 271.00')).toBe('271.00')
    expect(parseAmount('537,77 kn')).toBe('537.77')
    expect(parseAmount('120,00 Kč')).toBe('120.00')
    expect(parseAmount('PLN 45,00')).toBe('45.00')
    expect(parseAmount('HUF 12 500')).toBe('12500.00')
    const column = phrasePage([
      [100, 100, 'TOTAL'],
      [700, 100, 'CZK'],
      [800, 100, '271.00'],
    ])
    expect(read(column).values[P.TotalAmount]).toBe('271.00')
  })
})

describe("a receipt's total from its VAT table or its payment", () => {
  const scan = (phrases: [number, number, string][]) => phrasePage(phrases, 'tesseract')

  it("takes the VAT table's gross where no sum label is read and the receipt prints it again", () => {
    const page = scan([
      [100, 100, 'Diesel 58,28 EUR A'],
      [100, 160, 'Gesanthetrag 58,28 ER'],
      [100, 220, 'A:19,00% 48,97 9,31 58,28'],
      [100, 280, 'EUR 58.28'],
    ])
    expect(read(page).values[P.TotalAmount]).toBe('58.28')
    const two = phrasePage([
      [100, 100, 'B 7% 7,45 0,52 7,97'],
      [100, 140, 'C 19% 20,18 3,83 24,01'],
    ])
    expect(vatTableGross(buildLines(two.Words, 'text-layer'))?.cents).toBe(3198)
  })

  it('takes no gross from a row that does not add up, nor one printed once', () => {
    const odd = scan([
      [100, 100, 'A:19,00% 48,97 9,31 58,82'],
      [100, 160, 'EUR 58.82'],
    ])
    expect(read(odd).values[P.TotalAmount]).toBeUndefined()
    const once = scan([[100, 100, '19% 48,97 9,31 58,28']])
    expect(read(once).values[P.TotalAmount]).toBeUndefined()
  })

  it('takes the sum of a table of two rates where the receipt prints it once, as the cash given', () => {
    // The sum line misread (`SUMME EUR 7,42`), the rows add up, and the cash given is their sum.
    const rows: [number, number, string][] = [
      [100, 100, 'SUMME EUR 7,42'],
      [100, 160, 'BAR EUR 27,42'],
      [100, 220, 'B 7% 23,45 1,64 25,09'],
      [100, 260, 'C 19% 1,96 0,37 2,33'],
    ]
    expect(read(scan(rows)).values[P.TotalAmount]).toBe('27.42')
    // Printed nowhere: the rows' sum alone is not proposed; nor when a row does not add up.
    expect(read(scan(rows.filter((_, i) => i !== 1))).values[P.TotalAmount]).toBeUndefined()
    const misread = changedPhrases(rows, '0,37', '0,87')
    expect(read(scan(misread)).values[P.TotalAmount]).toBeUndefined()
  })

  it('takes the amount paid by card where the slip prints it again, in German, English and Spanish', () => {
    for (const paid of ['Geg. Mastercard EUR 9,23', 'Paid VISA 9,23', 'Tarjeta 9,23']) {
      const page = scan([
        [100, 100, 'SUMME EUR g, 23'],
        [100, 160, paid],
        [100, 220, 'Betrag 9,23'],
      ])
      expect(read(page).values[P.TotalAmount], paid).toBe('9.23')
    }
  })

  it('takes no payment where change was given back, where payments disagree or are printed once', () => {
    const change = scan([
      [100, 100, 'Gegeben Bar 20,00'],
      [100, 160, 'Rückgeld 3,38'],
      [100, 220, 'EUR 20,00'],
    ])
    expect(paidAmount(buildLines(change.Words, 'tesseract'))).toBeNull()
    const disagree = scan([
      [100, 100, 'Geg. Mastercard 9,23'],
      [100, 160, 'Visa 4,00'],
      [100, 220, 'Betrag 9,23'],
    ])
    expect(read(disagree).values[P.TotalAmount]).toBeUndefined()
    expect(read(scan([[100, 100, 'Geg. Mastercard 9,23']])).values[P.TotalAmount]).toBeUndefined()
  })

  it('takes the cash given less the change where the receipt prints that sum, and none where it does not', () => {
    // The sum line misread (`SUMME EUR X`); the one item's price is the sum the cash and change make.
    const rows: [number, number, string][] = [
      [100, 100, '1.000 STK 19.99'],
      [100, 160, 'SUMME EUR X'],
      [100, 220, 'GEGEBEN BAR 20.00'],
      [100, 280, 'RUCKGELD EUR 0.01'],
    ]
    const total = read(scan(rows)).properties.find((p) => p.OcrPropertyId === P.TotalAmount)
    expect(total?.ProposedCandidate.Value).toBe('19.99')
    // The proposal points at the printed sum, not at the cash given.
    expect(total?.ProposedCandidate.HitWordText).toBe('19.99')
    // The change misread: 19.19 is printed nowhere, so nothing is proposed.
    const misread = changedPhrases(rows, '0.01', '0.81')
    expect(read(scan(misread)).values[P.TotalAmount]).toBeUndefined()
  })

  it("takes the card slip's amount that the VAT table's rows add up to, printed once", () => {
    // A Coop receipt: one row's net misread (53.63 for 53.53), its gross and the other row's still add up.
    const rows: [number, number, string][] = [
      [100, 100, 'ATT BETALA SEK 3 ARTIKLAR'],
      [100, 160, 'Belopp: SEK 91,90'],
      [100, 220, 'Moms Netto Brutto'],
      [100, 280, '12% 6.42 53.63 59.95'],
      [100, 340, '25% 6.39 25.56 31.95'],
    ]
    expect(read(scan(rows)).values[P.TotalAmount]).toBe('91.90')
    // Rows that add up to another sum bear nothing out, and an amount printed once stays unread.
    const other = changedPhrases(rows, '31.95', '30.95')
    expect(read(scan(other)).values[P.TotalAmount]).toBeUndefined()
  })

  it('lets a VAT table the card payment pays outweigh a labelled total nothing bears out', () => {
    // An Aral receipt: the card slip's `Amount` misread (33.52 for 39.52); the table adds up and is paid.
    const rows: [number, number, string][] = [
      [100, 100, 'Super E5 39,52 EUR-A*'],
      [100, 160, 'Mastercard 39,52 EUR'],
      [100, 220, 'Typ Netto MwSt Brutto'],
      [100, 280, 'A:19,00% 33,21 6,31 39,52'],
      [100, 400, 'Amount EUR 33.52'],
    ]
    expect(read(scan(rows)).values[P.TotalAmount]).toBe('39.52')
    // Paid in cash, the gross printed nowhere but in the table and the total two digits off it: the labelled
    // total stands, as with a table that lost a row to the scan and adds up to one rate's gross only.
    const cash = changedPhrases(
      changedPhrases(
        rows.filter(([, , t]) => !t.startsWith('Super')),
        'Mastercard 39,52',
        'Bargeld 50,00',
      ),
      '33.52',
      '43.52',
    )
    expect(read(scan(cash)).values[P.TotalAmount]).toBe('43.52')
  })

  it("reads the change's word as a scan misread it, and the euro sign read as an e", () => {
    // A Rossmann receipt: the sum's euro sign read as `e`, `Rückgeld` as `Rickeeld`.
    const rows: [number, number, string][] = [
      [100, 100, 'GILLETTE MACH3 6 KL €13,95'],
      [100, 160, 'Total e17.33'],
      [100, 220, 'Bar €20,00'],
      [100, 280, 'Rickeeld (ar) €2,67'],
    ]
    expect(paidLessChange(buildLines(scan(rows).Words, 'tesseract'))).toEqual([1733])
    expect(read(scan(rows)).values[P.TotalAmount]).toBe('17.33')
    expect(parseAmount('e17.33')).toBe('17.33')
    expect(parseAmount('e1733')).toBeNull()
    // A word more than two letters off the change's (`Rabatt`, `Rückseite`) gives no cash sum.
    for (const word of ['Rabatt', 'Rückseite']) {
      const other = changedPhrases(rows, 'Rickeeld', word)
      expect(paidLessChange(buildLines(scan(other).Words, 'tesseract')), word).toEqual([])
    }
  })

  it('reads a post office till: the cash as `Barzahlung`, the change beside the cash paid out', () => {
    // A Deutsche Post receipt: the sums' stars and the umlaut misread, the total's label not one of a total.
    const rows: [number, number, string][] = [
      [100, 100, 'Label freimachung 3,15 a1'],
      [100, 160, 'Bruttoumsatz *3,15 EUR'],
      [100, 220, 'Barzahlung 5,00 EUR'],
      [100, 280, 'Riickgeld/Auszahlung 1,85 EUR'],
    ]
    expect(paidLessChange(buildLines(scan(rows).Words, 'tesseract'))).toEqual([315])
    expect(read(scan(rows)).values[P.TotalAmount]).toBe('3.15')
    const other = changedPhrases(rows, 'Riickgeld/Auszahlung', 'Auszahlung/Storno')
    expect(paidLessChange(buildLines(scan(other).Words, 'tesseract'))).toEqual([])
  })

  it('joins a sum split at its decimal mark where the VAT table adds up to it, printed once', () => {
    // A Marktkauf receipt: `SUMME EUR 31, 98`, the cash and change misread; the table's rows make 31,98.
    const rows: [number, number, string][] = [
      [100, 100, 'SUMME EUR 31, 98'],
      [100, 160, 'BAR EUR 40,08'],
      [100, 220, 'Ruckgeld EUR =8,10'],
      [100, 280, 'MwSt NETTO MwSt UMSATZ'],
      [100, 340, 'B 7% 7,45 0,52 7,97'],
      [100, 400, 'C 19% 20,18 3,83 24,01'],
    ]
    const total = read(scan(rows)).properties.find((p) => p.OcrPropertyId === P.TotalAmount)
    expect(total?.ProposedCandidate.Value).toBe('31.98')
    expect(total?.ProposedCandidate.HitWordText).toBe('31,98')
    // A table that adds up to another sum joins nothing: the split sum stays unread.
    const other = changedPhrases(rows, '24,01', '25,01')
    expect(read(scan(changedPhrases(other, '3,83', '4,83'))).values[P.TotalAmount]).toBeUndefined()
  })

  it("takes a paid folio's charges, the sum of its rated lines printed twice more, over its balance of nothing", () => {
    // A hotel folio paid by card: the amount left to pay is 0,00; the lines with a VAT rate add up to 80,50,
    // which the services' balance and the payment print again.
    const rows: [number, number, string][] = [
      [100, 100, 'Frühstück 19,00% 1 11,50 11,50'],
      [100, 160, 'Logis 7,00% 1 69,00 69,00'],
      [100, 220, 'Saldo Leistungen EUR 80,50'],
      [100, 280, '18.11.2019 Mastercard E5052 -80,50'],
      [100, 340, 'Rechnungsbetrag 0,00'],
    ]
    const total = read(scan(rows)).properties.find((p) => p.OcrPropertyId === P.TotalAmount)
    expect(total?.ProposedCandidate.Value).toBe('80.50')
    expect(total?.ProposedCandidate.ProbabilityFactor).toBeLessThan(0.9)
    // Printed once more only (no payment line): the sum is not borne out, and nothing is proposed.
    const once = rows.filter(([, , t]) => !t.includes('Mastercard'))
    expect(read(scan(once)).values[P.TotalAmount]).toBeUndefined()
  })
})

describe('a printing timestamp against a labelled date', () => {
  it('lets the labelled date win however often the timestamp is printed', () => {
    const page = phrasePage([
      [100, 100, 'Datum'],
      [1200, 100, '12.11.2022'],
      [100, 400, 'Start 2.11.2022 18:10:59'],
      [100, 440, 'Stop 2.11.2022 18:11:18'],
    ])
    expect(read(page).values[P.InvoiceDate]).toBe('2022-11-12')
  })

  it('proposes no date on a scan whose labelled date is one digit off its timestamp', () => {
    const page = phrasePage(
      [
        [100, 100, '21.04.20 15:52 8665111'],
        [100, 400, 'Datum: 21.08.2020'],
      ],
      'tesseract',
    )
    expect(read(page).values[P.InvoiceDate]).toBeUndefined()
    const agree = phrasePage(
      [
        [100, 100, '21.04.20 15:52 8665111'],
        [100, 400, 'Datum: 21.04.2020'],
      ],
      'tesseract',
    )
    expect(read(agree).values[P.InvoiceDate]).toBe('2020-04-21')
  })

  it("reads a till's two-digit-year slash date beside its time only where its order shows", () => {
    expect(shortSlashDate('19/04/23')).toBe('2023-04-19')
    expect(shortSlashDate('08/30/23')).toBe('2023-08-30')
    expect(shortSlashDate('03/04/23')).toBeNull()
    const page = phrasePage([[100, 100, '20:31 19/04/23 2 Kassa']])
    expect(read(page).values[P.InvoiceDate]).toBe('2023-04-19')
    expect(read(phrasePage([[100, 100, '19/04/23 Tafel 47']])).values[P.InvoiceDate]).toBeUndefined()
  })

  it("reads an ambiguous two-digit-year slash date day first where the page's amounts have a decimal comma", () => {
    expect(shortSlashDate('07/10/19', true)).toBe('2019-10-07')
    expect(shortSlashDate('08/30/23', true)).toBe('2023-08-30')
    const receipt = (total: string) =>
      phrasePage(
        [
          [100, 100, '2 x americano'],
          [700, 100, total === '16,00' ? '5,60' : '5.60'],
          [100, 160, 'Totaal'],
          [700, 160, total],
          [100, 220, '10:24 07/10/19 203 Mgr.3'],
        ],
        'tesseract',
      )
    expect(read(receipt('16,00')).values[P.InvoiceDate]).toBe('2019-10-07')
    // Amounts with a decimal point (an American till's `16.00`): the order is not known, nothing is read.
    expect(read(receipt('16.00')).values[P.InvoiceDate]).toBeUndefined()
  })

  it('reads a scanned date with a space after both dots', () => {
    expect(parseDate('05. 10. 2022')).toBe('2022-10-05')
    expect(read(phrasePage([[100, 100, 'Datum 05. 10. 2022']], 'tesseract')).values[P.InvoiceDate]).toBe(
      '2022-10-05',
    )
  })

  it('reads a date in words as a scan misreads it: a dot as a colon or twice, a speck, a letter of the month', () => {
    expect(parseDate('25: April. 2026')).toBe('2026-04-25')
    expect(parseDate('15..Mai 2026.')).toBe('2026-05-15')
    expect(parseDate('3, mars 2026')).toBe('2026-03-03')
    expect(parseDate('25: Posten 2026')).toBeNull()
    // A quote mark read from a speck, and a month with one letter misread; two letters off is not read.
    expect(parseDate('3. Januar 2026"')).toBe('2026-01-03')
    expect(parseDate('14, nugust 2026')).toBe('2026-08-14')
    expect(parseDate('Dezernber 3, 2026')).toBeNull()
    expect(parseDate('4 julie 2026')).toBeNull()
    const page = phrasePage([[100, 100, 'Rechnungsdatum: 25: April. 2026']], 'tesseract')
    expect(read(page).values[P.InvoiceDate]).toBe('2026-04-25')
  })

  it('reads a short month name with one letter misread in place, where only one month is that close', () => {
    expect(parseDate('25 Nav 2021')).toBe('2021-11-25')
    expect(parseDate('3. Harz 2021')).toBe('2021-03-03')
    expect(parseDate('Sep 7, 2020')).toBe('2020-09-07')
    // `Jui` is `jul` or `jun`, `Mav` `mar` or `may`, `Dep` `des` or `sep`: none is read; nor a digit in the name.
    expect(parseDate('12 Jui 2021')).toBeNull()
    expect(parseDate('12 Mav 2021')).toBeNull()
    expect(parseDate('12 Dep 2021')).toBeNull()
    expect(parseDate('12 N0v 2021')).toBeNull()
    // Two letters off, or a letter added or lost, is not a month.
    expect(parseDate('12 Stk 2021')).toBeNull()
    expect(parseDate('12 Nobv 2021')).toBeNull()
    const page = phrasePage([[100, 100, 'Datum: 7. Harz 2020']], 'tesseract')
    expect(read(page).values[P.InvoiceDate]).toBe('2020-03-07')
  })

  it('does not propose a scanned date years after the day it is read (a misread year)', () => {
    const page = (due: string) =>
      phrasePage(
        [
          [100, 100, 'Fakturadatum 2025-10-26'],
          [100, 160, `Förfallodatum ${due}`],
        ],
        'tesseract',
      )
    expect(read(page('2025-11-15')).values[P.DueDate]).toBe('2025-11-15')
    expect(read(page('2095-11-15')).values[P.DueDate]).toBeUndefined()
  })

  it("does not propose a scan's invoice date ten years before its PDF was made", () => {
    // An Old Navy receipt scanned on 2021-12-11 whose `11/26/2021` was read `11/26/2001`.
    const receipt = (date: string, made?: string) => ({
      ...scannedLines(['OLD NAVY', `${date} 10:19:52 AM`, 'TOTAL 161.97']),
      ...(made ? { Made: made } : {}),
    })
    expect(read(receipt('11/26/2021', '2021-12-11')).values[P.InvoiceDate]).toBe('2021-11-26')
    // Twenty years before the scan: a digit of the year misread.
    expect(read(receipt('11/26/2001', '2021-12-11')).values[P.InvoiceDate]).toBeUndefined()
    // Years before the scan, but fewer than ten: an old receipt, read as printed.
    expect(read(receipt('11/26/2013', '2021-12-11')).values[P.InvoiceDate]).toBe('2013-11-26')
    // After the day the file says it was made: a template's own stamp, not a misread; read as printed.
    expect(read(receipt('12/21/2021', '2021-12-11')).values[P.InvoiceDate]).toBe('2021-12-21')
    // A file that says nothing of when it was made: the date is read as printed.
    expect(read(receipt('11/26/2001')).values[P.InvoiceDate]).toBe('2001-11-26')
  })
})

describe('VAT ids at Austrian and Belgian labels, and after a misread colon', () => {
  it('reads the id at `UID-Nr.` and `BTW/TVA no.`, and one a scan glued a colon to', () => {
    expect(read(phrasePage([[100, 100, 'UID-Nr. ATU 62353134']])).foreign).toEqual(['ATU62353134'])
    expect(read(phrasePage([[100, 100, 'BTW/TVA no. NL004495445B01']])).foreign).toEqual(['NL004495445B01'])
    const colon = phrasePage([[100, 100, 'Us dr. :DE 136 695 976']], 'tesseract')
    expect(read(colon).foreign).toEqual(['DE136695976'])
  })
})

describe("a seller's VAT id glued to its label or cut by the line's end", () => {
  const scan = (phrases: [number, number, string][]) => phrasePage(phrases, 'tesseract')

  it('reads the id after a label glued to it by a colon, its digits in groups', () => {
    const page = scan([[100, 100, 'USt-IdNr.:DE 813 129 242']])
    expect(read(page).foreign).toEqual(['DE813129242'])
  })

  it('joins the digits that begin the next line to an id the line cut, only when the whole checks', () => {
    const rows: [number, number, string][] = [
      [100, 100, '1) Echo Tankstellen GmbH, UStIDNr. DE31797'],
      [100, 132, '8637, Postfach 111864, 20418 Hamburg'],
    ]
    expect(read(scan(rows)).foreign).toEqual(['DE317978637'])
    const wrong: [number, number, string][] = [rows[0]!, [100, 132, '8638, Postfach 111864']]
    expect(read(scan(wrong)).foreign).toEqual([])
    // Digits far below, or a line that goes on after the id, are not its rest.
    expect(read(scan([rows[0]!, [100, 400, '8637, Postfach']])).foreign).toEqual([])
    expect(read(scan([[100, 100, 'UStIDNr. DE31797 Hamburg'], rows[1]!])).foreign).toEqual([])
  })

  it("reads a country prefix's letter a scan took for a look-alike where exactly one country's rule then holds", () => {
    // A faint D read as C without its upright, or round as O.
    expect(read(scan([[100, 100, 'UST-Ident-Nr. CE 281 260 691']])).foreign).toEqual(['DE281260691'])
    expect(read(scan([[100, 100, 'USt-IdNr. OE813129242']])).foreign).toEqual(['DE813129242'])
    // The German check fails with a digit off: no id, whatever the prefix.
    expect(read(scan([[100, 100, 'UST-Ident-Nr. CE 281 260 692']])).foreign).toEqual([])
    // A letter that is no look-alike of a prefix's is not changed (`DF`, `XE`).
    expect(read(scan([[100, 100, 'UST-Ident-Nr. XE 281 260 691']])).foreign).toEqual([])
    expect(read(scan([[100, 100, 'USt-IdNr. DF 813 129 242']])).foreign).toEqual([])
  })

  it('reads a digit a scan took for a letter where the id then checks, and only then', () => {
    expect(read(scan([[100, 100, 'UID Nr.: DEB12720447']])).foreign).toEqual(['DE812720447'])
    expect(read(scan([[100, 100, 'UID Nr.: DE 8l2 720 447']])).foreign).toEqual(['DE812720447'])
    expect(read(scan([[100, 100, 'UID Nr.: DEB12720448']])).foreign).toEqual([])
    // Three letters among the digits is not a misread id; a Dutch id keeps its `B01`.
    expect(read(scan([[100, 100, 'UID Nr.: DEBBB720447']])).foreign).toEqual([])
    expect(read(scan([[100, 100, 'BTW no. NL815254295B01']])).foreign).toEqual(['NL815254295B01'])
  })

  it('reads a Belgian id in the older form of nine digits, as printed', () => {
    expect(read(scan([[100, 100, 'BTW/TVA no. BE 885 463 114']])).foreign).toEqual(['BE885463114'])
    expect(read(scan([[100, 100, 'BTW/TVA no. BE 885 463 115']])).foreign).toEqual([])
  })
})

describe('a scan whose digits Tesseract doubted', () => {
  /** A scanned receipt; the words whose text is in `doubted` are those Tesseract read unsure of. */
  function scan(phrases: [number, number, string][], doubted: string[]): OcrPageResult {
    const page = phrasePage(phrases, 'tesseract')
    return { ...page, UnsureWords: page.Words.filter((w) => doubted.includes(w.Text)).map((w) => w.Id) }
  }
  const receipt: [number, number, string][] = [
    [100, 100, 'Datum: 24.02.2020'],
    [100, 160, 'Kaffee'],
    [700, 160, '3,20'],
    [100, 220, 'Kuchen'],
    [700, 220, '4,10'],
    [100, 280, 'Zu zahlen EUR 14,74'],
  ]

  it('proposes neither a date nor a total the page does not bear out, when their digits were doubted', () => {
    const sure = read(scan(receipt, [])).values
    expect(sure[P.InvoiceDate]).toBe('2020-02-24')
    expect(sure[P.TotalAmount]).toBe('14.74')
    const doubted = read(scan(receipt, ['24.02.2020', '14,74'])).values
    expect(doubted[P.InvoiceDate]).toBeUndefined()
    expect(doubted[P.TotalAmount]).toBeUndefined()
  })

  it('still proposes a doubted total its net and VAT add up to, and a date whose doubted word is its label', () => {
    const adds: [number, number, string][] = [
      ...changedPhrases(receipt, '14,74', '7,30'),
      [100, 340, 'Netto 6,13'],
      [100, 400, 'MwSt 19% 1,17'],
    ]
    const values = read(scan(adds, ['7,30', 'Datum:'])).values
    expect(values[P.TotalAmount]).toBe('7.30')
    expect(values[P.InvoiceDate]).toBe('2020-02-24')
  })

  it('proposes a doubted total the receipt prints once more, read sure, and not where that one is doubted too', () => {
    const paid: [number, number, string][] = [...receipt, [100, 340, 'Bar 14,74']]
    const witnessed = scan(paid, [])
    const doubtedOnce = {
      ...witnessed,
      UnsureWords: [witnessed.Words.filter((w) => w.Text === '14,74')[0]!.Id],
    }
    expect(read(doubtedOnce).values[P.TotalAmount]).toBe('14.74')
    expect(read(scan(paid, ['14,74'])).values[P.TotalAmount]).toBeUndefined()
  })

  it('proposes a doubted due date the invoice date and a common term bear out, and no other', () => {
    const invoice: [number, number, string][] = [
      [100, 100, 'Fakturadato: 14.04.2026'],
      [100, 160, 'Forfall: 28.04.2026'],
      [100, 220, 'Sum å betale 1 250,00'],
    ]
    // Fourteen days after a sure invoice date: the doubted due date stands.
    expect(read(scan(invoice, ['28.04.2026'])).values[P.DueDate]).toBe('2026-04-28')
    // A digit misread into 29.04 makes fifteen days, no common term: not proposed.
    const misread = changedPhrases(invoice, 'Forfall: 28.04.2026', 'Forfall: 29.04.2026')
    expect(read(scan(misread, ['29.04.2026'])).values[P.DueDate]).toBeUndefined()
    // Both dates doubted: neither is a witness for the other.
    const both = read(scan(invoice, ['28.04.2026', '14.04.2026'])).values
    expect(both[P.DueDate]).toBeUndefined()
    expect(both[P.InvoiceDate]).toBeUndefined()
    // A doubted invoice date a sure due date bears out stands the same way.
    expect(read(scan(invoice, ['14.04.2026'])).values[P.InvoiceDate]).toBe('2026-04-14')
  })

  it('bears a doubted date out by the term the page states, not by a common one', () => {
    const invoice: [number, number, string][] = [
      [100, 100, 'Fakturadato: 14.04.2026'],
      [100, 160, 'Forfall: 28.04.2026'],
      [100, 220, 'Betalingsbetingelser: 20 dager netto'],
      [100, 280, 'Sum å betale 1 250,00'],
    ]
    // Stated twenty days, printed fourteen: the doubted due date is not borne out.
    expect(read(scan(invoice, ['28.04.2026'])).values[P.DueDate]).toBeUndefined()
    const twenty = changedPhrases(invoice, 'Forfall: 28.04.2026', 'Forfall: 04.05.2026')
    expect(read(scan(twenty, ['04.05.2026'])).values[P.DueDate]).toBe('2026-05-04')
  })

  it('leaves a text layer alone: only Tesseract doubts', () => {
    const page = phrasePage(receipt)
    const values = read({ ...page, UnsureWords: page.Words.map((w) => w.Id) }).values
    expect(values[P.InvoiceDate]).toBe('2020-02-24')
  })
})

describe('a fax’s leader lines', () => {
  it('are not part of a label or a date: `_Forfallsdato.. 06.11.2025...`', () => {
    const page = phrasePage(
      [
        [100, 100, 'Fakturadato 27.10.2025'],
        [100, 160, '_Forfallsdato.. 06.11.2025...'],
      ],
      'tesseract',
    )
    expect(read(page).values[P.DueDate]).toBe('2025-11-06')
  })
})

describe('an organisation number with digits a scan read as letters', () => {
  const orgOf = (line: string) => read(phrasePage([[100, 100, line]], 'tesseract')).values[P.OfficialNumber]

  it('is read where one reading of the letters as digits holds its check digit', () => {
    expect(orgOf('Organisasjonsnummer B3554G588')).toBe('835540588')
    expect(orgOf('Organisasjonsnummer B35 540 588')).toBe('835540588')
  })

  it('is not read where no reading holds, nor with more than two letters', () => {
    expect(orgOf('Organisasjonsnummer B3554G589')).toBeUndefined()
    expect(orgOf('Organisasjonsnummer BBSS4G588')).toBeUndefined()
  })
})

describe('an invoice number followed by a period', () => {
  it('is read without it, as after a comma or a colon', () => {
    const page = phrasePage([[100, 100, 'Fakturanummer 2026/852683.']], 'tesseract')
    expect(read(page).values[P.InvoiceNumber]).toBe('2026/852683')
  })
})

describe('an IBAN whose digits a scan read as letters', () => {
  it('is read with the digits where its country has digits, when MOD 97 then holds', () => {
    expect(scannedIban('DEOS 2394 3910 0866 2440 99')).toBe('DE05239439100866244099')
    // GB's bank code is letters: those are never changed, and its digits still are.
    expect(scannedIban('GB19 LOYD 5O59 7772 4769 72')).toBe('GB19LOYD50597772476972')
    // A fax's 0 with a speck at its foot reads as Q.
    expect(scannedIban('SEQ5 8335 0228 7179 6613 2545')).toBe('SE0583350228717966132545')
    const page = phrasePage([[100, 100, 'IBAN DEOS 2394 3910 0866 2440 99']], 'tesseract')
    expect(read(page).values[P.Iban]).toBe('DE05239439100866244099')
  })

  it('is not guessed at when MOD 97 fails, three letters stand for digits, or its length is wrong', () => {
    expect(scannedIban('DEOS 2394 3910 0866 2440 98')).toBeNull()
    expect(scannedIban('DEOS 2394 391O 0866 244O 99')).toBeNull()
    // A character read twice (`LOYDS`): the length is not GB's.
    expect(scannedIban('GB19 LOYDS 5059 7772 4769 72')).toBeNull()
    // Nothing misread: a valid IBAN is parseIban's, and an invalid one with no letters stays invalid.
    expect(scannedIban('DE05 2394 3910 0866 2440 98')).toBeNull()
  })
})

describe('an amount whose decimal mark a scan read as the thousands mark', () => {
  it('is read with two decimals after groups of three digits, and nothing else changes', () => {
    expect(parseAmount('64,515,87')).toBe('64515.87')
    expect(parseAmount('1.234.56')).toBe('1234.56')
    expect(parseAmount('-15,133,35 GBP')).toBe('-15133.35')
    expect(parseAmount('1,234,567')).toBe('1234567.00')
    expect(parseAmount('1,234.56')).toBe('1234.56')
    expect(parseAmount('12,345,6')).toBeNull()
  })
})

describe('the balance due after a payment', () => {
  const invoice = (paid: boolean, balance: string) =>
    read(
      phrasePage(
        [
          [100, 100, 'INVOICE'],
          [100, 600, 'Net amount 69,870.23 GBP'],
          [100, 640, 'VAT 20 % 8,380.64 GBP'],
          [100, 680, 'VAT 5 % 1,398.35 GBP'],
          [100, 720, 'Total incl. VAT 79,649.22 GBP'],
          ...(paid ? [[100, 760, 'Paid -15,133.35 GBP'] as [number, number, string]] : []),
          [100, 800, `Balance due ${balance} GBP`],
        ],
        'tesseract',
      ),
    ).values[P.TotalAmount]

  it('is the total to pay where the total less what was paid gives it, and the total where nothing was', () => {
    expect(invoice(true, '64,515,87')).toBe('64515.87')
    expect(invoice(false, '79,649.22')).toBe('79649.22')
  })
})

describe("a hotel folio's dates", () => {
  // Without its departure, which dates a bill that prints nothing else (below).
  const folio = (dateline: string, departure = 'Departure 06.05.19') =>
    phrasePage([
      [100, 100, 'Arrival 30.04.19'],
      [100, 140, departure],
      [100, 200, dateline],
      [100, 260, 'Date'],
      [300, 260, 'Description'],
      [900, 260, 'Sum'],
      [100, 300, '30.04.19 Accommodation'],
      [900, 300, '1,200.00'],
      [100, 340, '01.05.19 Accommodation'],
      [900, 340, '1,500.00'],
      [100, 400, 'Total 2,700.00'],
    ])

  it('are not its own: a Date heading over dated rows dates the rows', () => {
    expect(read(folio('Scandic Klara', 'Room 1242')).values[P.InvoiceDate]).toBeUndefined()
    // The departure, not a row's date.
    expect(read(folio('Scandic Klara')).values[P.InvoiceDate]).toBe('2019-05-06')
  })

  it("is the dateline's: the place, a comma and the date ending the line", () => {
    expect(read(folio('Scandic Klara, Stockholm, 06.05.19')).values[P.InvoiceDate]).toBe('2019-05-06')
    expect(read(folio('Hotel Amsterdam Rembrandtpark, 11-10-19')).values[P.InvoiceDate]).toBe('2019-10-11')
    expect(read(folio('Berlin, den 3. März 2021')).values[P.InvoiceDate]).toBe('2021-03-03')
  })

  it('is not a date after a comma that is no place, nor one the line goes on after', () => {
    expect(read(folio('Room 1242, 06.05.19', 'Room 1242')).values[P.InvoiceDate]).toBeUndefined()
    expect(
      read(folio('Stockholm, 06.05.19 Room 1242 Suite 12 Floor 3', 'Room 1242')).values[P.InvoiceDate],
    ).toBeUndefined()
  })

  it('still reads a date under its heading where only one row is dated', () => {
    const single = phrasePage([
      [100, 100, 'Invoice date'],
      [400, 100, 'Due date'],
      [100, 140, '02.05.2019'],
      [400, 140, '16.05.2019'],
      [100, 200, 'Total 2,700.00'],
    ])
    expect(read(single).values[P.InvoiceDate]).toBe('2019-05-02')
    const stacked = phrasePage([
      [100, 100, 'Invoice date'],
      [100, 140, '02.05.2019'],
      [100, 180, 'Due date'],
      [100, 220, '16.05.2019'],
      [100, 300, 'Total 2,700.00'],
    ])
    expect(read(stacked).values[P.InvoiceDate]).toBe('2019-05-02')
  })
})

describe("a scanned total against its VAT lines' bases", () => {
  const invoice = (total: string): [number, number, string][] => [
    [100, 100, 'Faktura 53544'],
    [100, 760, 'MVA 12'],
    [400, 760, 'av 6 370,38'],
    [900, 760, '764,45'],
    [100, 820, 'MVA 0'],
    [400, 820, 'av 89 206,04'],
    [900, 820, '0,00'],
    [100, 880, 'Sum å betale'],
    [900, 880, total],
  ]
  const totalOf = (rows: [number, number, string][], source: OcrPageResult['Source'] = 'tesseract') =>
    read(phrasePage(rows, source)).values[P.TotalAmount]

  it('reads the lines as base and VAT at their rate, a misread pair as none', () => {
    const lines = (rows: [number, number, string][]) => buildLines(phrasePage(rows, 'tesseract').Words)
    expect(vatBaseRows(lines(invoice('96 340,87')))).toEqual({ gross: 9634087, largestBase: 8920604 })
    // 12 % of 6 370,38 is not 754,45.
    const misread = changedPhrases(invoice('96 340,87'), '764,45', '754,45')
    expect(vatBaseRows(lines(misread))).toBeNull()
  })

  it('takes the gross of a total that lost its leading thousands, and no total below a base', () => {
    expect(totalOf(invoice('96 340,87'))).toBe('96340.87')
    // The scan lost `96 `: the lines' gross ends in the digits read.
    expect(totalOf(invoice('340,87'))).toBe('96340.87')
    // Below a base and no tail of the gross: not the total, nothing proposed.
    expect(totalOf(invoice('340,86'))).toBeUndefined()
    // A text layer prints what it prints.
    expect(totalOf(invoice('340,87'), 'text-layer')).toBe('340.87')
    // A credit note's total is negative; its VAT lines print unsigned amounts.
    const credit = changedPhrases(invoice('340,87'), 'Faktura', 'Kreditnota')
    expect(totalOf(credit)).toBe('-96340.87')
  })
})

describe('a scanned total with a character glued to it', () => {
  const invoice = (total: string, vat = '2.088,51'): [number, number, string][] => [
    [100, 100, 'Rechnung 883154'],
    [100, 740, 'Nettobetrag'],
    [900, 740, '29.835,88 EUR'],
    [100, 780, 'MwSt. 7 %'],
    [900, 780, `${vat} EUR`],
    [100, 820, 'Zahlbetrag'],
    [900, 820, total],
  ]
  const totalOf = (rows: [number, number, string][], source: OcrPageResult['Source'] = 'tesseract') =>
    read(phrasePage(rows, source)).values[P.TotalAmount]

  it("is the total where the page's net and VAT make it", () => {
    expect(totalOf(invoice('31.924,39 EUR'))).toBe('31924.39')
    // A sign or a letter read beside the amount: its label reads nothing, the arithmetic bears it out.
    expect(totalOf(invoice('31.924,39% EUR'))).toBe('31924.39')
    expect(totalOf(invoice('EURI31924,39'))).toBe('31924.39')
    // The VAT label with one letter misread is still the VAT line on a scan; two letters off, it is not.
    expect(totalOf(changedPhrases(invoice('31.924,39% EUR'), 'MwSt.', 'MwsSt.'))).toBe('31924.39')
    expect(totalOf(changedPhrases(invoice('31.924,39% EUR'), 'MwSt.', 'MusSl.'))).toBeUndefined()
  })

  it('is nothing where the arithmetic does not make it, or on a text layer', () => {
    // One digit misread as well: net and VAT make another sum.
    expect(totalOf(invoice('31.924,89% EUR'))).toBeUndefined()
    // The VAT line misread: nothing bears the amount out.
    expect(totalOf(invoice('31.924,39% EUR', '2.088,57'))).toBeUndefined()
    // A text layer prints what it prints; a glued amount there is no misreading.
    expect(totalOf(invoice('31.924,39% EUR'), 'text-layer')).toBeUndefined()
  })
})

describe("a till's dates", () => {
  it('reads a day, a month abbreviated and a year after dashes or an apostrophe, and a space after a dash', () => {
    expect(parseDate('30-Sep-20')).toBe('2020-09-30')
    expect(parseDate('15-Dez-18')).toBe('2018-12-15')
    expect(parseDate('22-May-2022')).toBe('2022-05-22')
    expect(parseDate('21Mai’19')).toBe('2019-05-21')
    expect(parseDate('12 Jul”22')).toBe('2022-07-12')
    expect(parseDate('Sonntag 2- 8-2020')).toBe('2020-08-02')
    expect(parseDate('22 mayo 2022')).toBe('2022-05-22')
    expect(parseDate('12-Total-2022')).toBeNull()
    // Spanish names are read only as printed: `julio` and `junio` are one misread letter apart.
    expect(parseDate('4 jnlio 2026')).toBeNull()
  })

  it('reads a date glued to its time, and a date in words that ends right before the time', () => {
    const dateOf = (line: string) => read(phrasePage([[100, 100, line]], 'tesseract')).values[P.InvoiceDate]
    expect(dateOf('30-Sep-20/20:11 RgNr:AR1316347')).toBe('2020-09-30')
    expect(dateOf('NOVEMBER 28, 2021 8:28 PM')).toBe('2021-11-28')
    expect(dateOf('Sonntag 2- 8-2020 14:37:56')).toBe('2020-08-02')
    expect(dateOf('Chk 2099 21Mai’19 14:58')).toBe('2019-05-21')
    // Words before a time that are no date, and a date with no time beside it.
    expect(dateOf('Tisch 12 20:11')).toBeUndefined()
    expect(dateOf('Ab 6. Juli 2018 geöffnet')).toBeUndefined()
  })

  it("reads a two-digit year's slash date month first on a page in dollars, day first on one in euros", () => {
    const taxi = (amount: string) =>
      phrasePage(
        [
          [100, 100, 'DATE: 12/02/18'],
          [100, 160, `TOTAL: ${amount}`],
        ],
        'tesseract',
      )
    expect(read(taxi('$21.68')).values[P.InvoiceDate]).toBe('2018-12-02')
    expect(read(taxi('21,68 EUR')).values[P.InvoiceDate]).toBe('2018-02-12')
    expect(shortSlashDate('12/04/19', false, true)).toBe('2019-12-04')
    expect(shortSlashDate('12/04/19')).toBeNull()
    const server = phrasePage(
      [
        [100, 100, 'SvrCk: 13 8:17p 12/04/19'],
        [100, 160, 'Tip $4.00'],
      ],
      'tesseract',
    )
    expect(read(server).values[P.InvoiceDate]).toBe('2019-12-04')
  })
})

describe("a till's total as a scan misreads it", () => {
  it('reads Summe with m read as n, and a euro sign read as a cent sign', () => {
    const page = (label: string, source: OcrPageResult['Source'] = 'tesseract') =>
      phrasePage(
        [
          [100, 100, '1 Kuchen 3,20'],
          [100, 160, `${label} 53,20€`],
          [100, 220, 'Bargeld 53,20¢'],
        ],
        source,
      )
    expect(read(page('Sunne:')).values[P.TotalAmount]).toBe('53.20')
    expect(read(page('Sumne:')).values[P.TotalAmount]).toBe('53.20')
    expect(parseAmount('61,00¢€')).toBe('61.00')
    expect(parseAmount('35¢')).toBeNull()
    // A text layer prints its labels as they are: `Sunne` there is no label.
    expect(read(page('Sunne:', 'text-layer')).values[P.TotalAmount]).toBeUndefined()
  })

  it("takes a sum row's net and VAT where its gross is misread and the page prints their sum", () => {
    const rows = (payment: string): [number, number, string][] => [
      [100, 100, 'SUMME EUR 28,84'],
      [100, 160, payment],
      [100, 220, 'Gesamtbetrag 26,25 2,23 8,4'],
    ]
    expect(read(phrasePage(rows('Betrag EUR 28,48'), 'tesseract')).values[P.TotalAmount]).toBe('28.48')
    const row = phrasePage([[100, 100, 'Gesamtbetrag 26,25 2,23 8,4']]).Words.slice(1)
    expect(rowGross(row, (c) => c === 2848)?.value).toBe('28.48')
    expect(rowGross(row)).toBeNull()
  })

  it('reads the Estonian and Czech totals', () => {
    const total = (line: string) => read(phrasePage([[100, 100, line]])).values[P.TotalAmount]
    expect(total('Kokku EUR 6.00')).toBe('6.00')
    expect(total('K platbě 218.00')).toBe('218.00')
  })
})

describe('a total no label reads', () => {
  it("is an amount the page's net and VAT make that is printed twice, the one such amount", () => {
    const slip = (auth: string): [number, number, string][] => [
      [100, 100, '1 South West Meal 185.00'],
      [100, 160, '1 Bastard Original Dip 62.00'],
      [100, 220, `Auth#: 170741 ${auth}`],
      [100, 280, 'Net 220.54'],
      [100, 340, 'VAT 12% 26.46'],
      [100, 400, 'Subtotal 247.00'],
    ]
    expect(read(phrasePage(slip('247.00'), 'tesseract')).values[P.TotalAmount]).toBe('247.00')
    // Printed once: nothing bears the reading out.
    expect(read(phrasePage(slip('241.00'), 'tesseract')).values[P.TotalAmount]).toBeUndefined()
  })

  it('is the one amount a card slip or ticket prints, with its currency', () => {
    const total = (lines: string[]) => read(scannedLines(lines)).values[P.TotalAmount]
    expect(total(['MOZ CAFE', 'CREDIT CARD PURCHASE $37.22', 'APPROVED'])).toBe('37.22')
    expect(total(['TransLink', 'Product Price: $ 7.95'])).toBe('7.95')
    // Without its currency, or beside another amount, it is not told from a line's amount.
    expect(total(['MOZ CAFE', 'CREDIT CARD PURCHASE 37.22'])).toBeUndefined()
    expect(total(['Coffee $4.50', 'CREDIT CARD PURCHASE $37.22'])).toBeUndefined()
  })
})

describe("a restaurant till's invoice number and VAT table", () => {
  it('reads RgNr glued to its number, never the original invoice a correction names', () => {
    const number = (rows: string[]) => read(scannedLines(rows)).values[P.InvoiceNumber]
    expect(number(['Rechnung', '30-Sep-20/20:11 RgNr:AR1316347'])).toBe('AR1316347')
    expect(
      number([
        'Rechnungsnummer : GABCI20000490',
        'Ursprüngliche Rg.nr.: GABDI20000263',
        'Rechnungsnummer GABDI20000263',
      ]),
    ).toBe('GABCI20000490')
    // The qualifier misread by the scan still makes the label the original's.
    expect(
      number([
        'Rechnungsnummer : GABCI20000490',
        'Urspringliche Rg.nr.: GABDI20000263',
        'Rechnungsnummer GABDI20000263',
      ]),
    ).toBe('GABCI20000490')
  })

  it("takes a table's gross over a once-printed labelled total the page prints it against", () => {
    const table = ['A=16,000 15,00 2,40 17,40', 'B= 5,000 32,95 1,65 34,60', 'Kredit Total: EUR 22,00']
    const total = (rows: string[]) => read(scannedLines(rows)).values[P.TotalAmount]
    // The rates' `%` read as a zero; the sum of the two rows printed twice more.
    expect(total([...table, '52,00 *Kredit* = EUR 52,00', '52,00 #Kredit = EUR 52,00'])).toBe('52.00')
    // Printed nowhere else, the labelled total more than a digit off: it stands.
    expect(total(table.map((l) => l.replace('22,00', '27,00')))).toBe('27.00')
    // A rate whose VAT is not that rate of the net is no rate row.
    expect(total(['A=16,000 15,00 2,90 17,90', 'Kredit Total: EUR 22,00', '17,90 EUR', '17,90 EUR'])).toBe(
      '22.00',
    )
    // One digit off the gross of a row whose net and VAT make it: the same sum misread.
    expect(total(['A=19,000 40,84 7,76 48,60', 'Bar Total: EUR 48,00'])).toBe('48.60')
    expect(total(['A=19,000 40,84 7,76 48,60', 'Bar Total: EUR 58,00'])).toBe('58.00')
  })

  it('never takes a German VAT id whose check fails for a Norwegian organisation number', () => {
    const page = (line: string) => read(phrasePage([[100, 100, line]], 'tesseract'))
    expect(page('Ust-IdNr. DE 130145566').values[P.OfficialNumber]).toBeUndefined()
    expect(page('Org.nr. NO 974 760 673 MVA').values[P.OfficialNumber]).toBe('974760673')
  })
})

describe('a VAT id glued to its label without a colon', () => {
  it("reads the id after the label's dot, or after a short label's dash, where its check holds", () => {
    const ids = (line: string) => read(phrasePage([[100, 100, line]], 'tesseract')).foreign
    expect(ids('Ust-ID-Nr.DE 212829784')).toEqual(['DE212829784'])
    expect(ids('Stir.-DE212829784')).toEqual(['DE212829784'])
    expect(ids('Stir.-DE212829785')).toEqual([])
  })

  it('reads the id after a label glued to its country prefix, printed in groups', () => {
    const ids = (line: string) => read(phrasePage([[100, 100, line]], 'tesseract')).foreign
    expect(ids('UmSt-.D.Nr.DE 115 055 186')).toEqual(['DE115055186'])
    expect(ids('UmSt-.D.Nr.DE 115 055 187')).toEqual([])
    expect(ids('Tel.-DE 0525 150420')).toEqual([])
    // Glued by the label's colon, with the prefix apart from the digits as a thermal receipt prints it.
    expect(ids('Ust-Nr:DE 115 055 186')).toEqual(['DE115055186'])
    expect(ids('Ust-Nr:DE 115 055 187')).toEqual([])
  })
})

describe("a receipt's one date", () => {
  const dateOf = (lines: string[]) => read(scannedLines(lines)).values[P.InvoiceDate]

  it('is the date where the document prints no other and no label or time gives one', () => {
    expect(dateOf(['SHAKE SHACK', 'Host: 11/25/2022', 'Total 49.05'])).toBe('2022-11-25')
    expect(dateOf(['Server: MARCO 28/08/2019', 'Total £48.90'])).toBe('2019-08-28')
  })

  it('is nothing where two dates disagree, or a slash date reads both ways on a page not in dollars', () => {
    expect(dateOf(['Host: 11/25/2022', 'Return by 12/25/2022', 'Total 49.05'])).toBeUndefined()
    expect(dateOf(['Haleigh M. 12/1/2023', 'Total 155.68'])).toBeUndefined()
    expect(dateOf(['Haleigh M. 12/1/2023', 'Total $155.68'])).toBe('2023-12-01')
  })

  it('is not read month first on a bill in dollars that prints a VAT', () => {
    // An Irish restaurant's till set up in dollars: its 12/07/2022 is the 12th of July.
    const irish = ['Host: Allen 12/07/2022', 'Total 21.90', 'MasterCard $21.90']
    expect(dateOf(irish)).toBe('2022-12-07')
    expect(dateOf([...irish, 'VAT RATE', '9% NET: 20.09 VAT: 1.81'])).toBeUndefined()
    // At a label too, the order stays unsettled: no sure month-first reading.
    const labelled = read(scannedLines(['Date: 12/07/2022', 'Total $21.90', 'VAT 1.81']))
    expect(labelled.values[P.InvoiceDate]).not.toBe('2022-12-07')
    // A day-first date beside it still settles the order.
    expect(dateOf(['Host: Allen 13/07/2022', 'Total $21.90', 'VAT 1.81'])).toBe('2022-07-13')
  })
})

describe("a receipt's one date told by the day its scan was made", () => {
  const receipt = (lines: string[], made?: string) => ({
    ...scannedLines(lines),
    ...(made ? { Made: made } : {}),
  })
  const dateOf = (lines: string[], made?: string) => read(receipt(lines, made)).values[P.InvoiceDate]

  it('takes the one reading of a slash date that falls before the day the file was made', () => {
    // A Swedish restaurant's bill scanned on 2024-02-11: the 7th of February, not the 2nd of July.
    const bill = ['Server: Zakariya 07/02/2024', 'Totalt 617,00']
    expect(dateOf(bill, '2024-02-11')).toBe('2024-02-07')
    expect(dateOf(['1:18:03 10/9/2022', 'Total 4.85'], '2022-09-18')).toBe('2022-09-10')
    // At a label too.
    expect(dateOf(['Date: 12/07/2022', 'Total 21.90'], '2022-07-22')).toBe('2022-07-12')
    // Without the day it was made, the order stays unknown.
    expect(dateOf(bill)).toBeUndefined()
  })

  it('leaves a slash date both or neither of whose readings fall before that day, and a day-first page', () => {
    // Both readings before the scan (the 6th of October and the 10th of June, scanned on the 19th of October).
    expect(dateOf(['GVB 06/10/2019', 'Total 10.00'], '2019-10-19')).toBeUndefined()
    // Both after it: a file's date that is not the scan's.
    expect(dateOf(['Server: Zakariya 07/02/2024', 'Totalt 617,00'], '2023-12-01')).toBeUndefined()
    // The page's own day-first date settles the order against the made day.
    const dayFirst = ['Date: 07/02/2024', 'Delivered 15/01/2024', 'Total 617.00']
    expect(read(receipt(dayFirst, '2024-02-05')).values[P.InvoiceDate]).toBe('2024-02-07')
  })
})

describe("a receipt's one date with its month named in words", () => {
  it('is read from the day and month in the two words before its year, a misread month letter too', () => {
    const dateOf = (line: string) => read(scannedLines([line, 'Total: 3.86'])).values[P.InvoiceDate]
    expect(dateOf('Device Id: CoffeeBean POS R 25 Nav 2021')).toBe('2021-11-25')
    expect(dateOf('Register 3 Nov 25, 2021')).toBe('2021-11-25')
    // Words that name no month, and a day another word makes another day's, are not a date.
    expect(dateOf('Device Id: CoffeeBean POS R 25 2021')).toBeUndefined()
    expect(dateOf('Valid until 25 Nov 2021')).toBeUndefined()
  })
})

describe('a British VAT number printed without its GB', () => {
  it('is the GB VAT id on a page priced in pounds, never a Norwegian organisation number', () => {
    const pub = (vat: string, total: string) => read(scannedLines(['THE LEBOWSKI', vat, `Total ${total}`]))
    // `170510151` passes both the British check and the Norwegian MOD11.
    const british = pub('VAT No: 170 5101 51', '£48.90')
    expect(british.foreign).toEqual(['GB170510151'])
    expect(british.values[P.OfficialNumber]).toBeUndefined()
    // Not priced in pounds, or printed as a Norwegian number: the organisation number, as before.
    expect(pub('VAT No: 170 5101 51', '48.90').values[P.OfficialNumber]).toBe('170510151')
    expect(pub('VAT No: 170 5101 51 MVA', '£48.90').values[P.OfficialNumber]).toBe('170510151')
    // Digits the British check refuses are not made British.
    expect(pub('VAT No: 999 999 999', '£48.90').foreign).toEqual([])
  })
})

describe("a receipt's one date, and another day's", () => {
  it("is not a date after a word that makes it a delivery's, a return's or an offer's end, nor on a text layer", () => {
    const dateOf = (line: string, source: OcrPageResult['Source'] = 'tesseract') =>
      read(phrasePage([[100, 100, line]], source)).values[P.InvoiceDate]
    expect(dateOf('Lieferung 05.03.2020')).toBeUndefined()
    expect(dateOf('Return by 12/25/2022')).toBeUndefined()
    expect(dateOf('Angebot gültig bis 31.12.2022')).toBeUndefined()
    expect(dateOf('Kasse 3 05.03.2020')).toBe('2020-03-05')
    expect(dateOf('Kasse 3 05.03.2020', 'text-layer')).toBeUndefined()
  })
})

describe('an American receipt without a dollar sign', () => {
  it("reads its slash date month first by its address's state and ZIP code", () => {
    const receipt = (city: string) =>
      phrasePage(
        [
          [100, 100, city],
          [100, 160, '209 5586 0021 05/10/2019 8:27 PM'],
          [100, 220, 'TOTAL 5.82'],
        ],
        'tesseract',
      )
    expect(read(receipt('SAN FRANCISCO, CA 94103')).values[P.InvoiceDate]).toBe('2019-05-10')
    // A European postcode is no state and ZIP: day first as parseDate reads it.
    expect(read(receipt('20457 Hamburg')).values[P.InvoiceDate]).toBe('2019-10-05')
  })
})

describe("an invoice number under the document's title", () => {
  it('is the number after a bare Nr. that begins the line under a title standing alone', () => {
    const number = (rows: string[]) => read(scannedLines(rows)).values[P.InvoiceNumber]
    expect(number(['Café Luise', 'RECHNUNG', 'Nr.: 165912 09.06.2021 21:08'])).toBe('165912')
    // A receipt's title: its number is the till's. A title with more on its line, or a line between.
    expect(number(['QUITTUNG', 'Nr.: 165912 09.06.2021 21:08'])).toBeUndefined()
    expect(number(['Rechnungsempfänger', 'Nr.: 165912'])).toBeUndefined()
    expect(number(['RECHNUNG', 'Tisch 4', 'Nr.: 165912'])).toBeUndefined()
  })
})

describe('a tip added to the bill', () => {
  // A scanned American receipt: the bill with its tax, the tip, and the total paid, printed twice.
  const receipt = (doubted: string[]) => {
    const page = scannedLines([
      'Subtotal 41.44',
      'Tax 3.47',
      'To Stay Total 44.91',
      'Tip 4.14',
      'Total 49.05',
      'Grand Total 49.05',
    ])
    return { ...page, UnsureWords: page.Words.filter((w) => doubted.includes(w.Text)).map((w) => w.Id) }
  }

  it('makes the total paid: the bill and its tip bear out a total whose digits were doubted', () => {
    expect(read(receipt([])).values[P.TotalAmount]).toBe('49.05')
    expect(read(receipt(['49.05'])).values[P.TotalAmount]).toBe('49.05')
  })

  it('bears out nothing without its own line: the same amounts with no tip line propose no doubted total', () => {
    const page = scannedLines(['Subtotal 41.44', 'Tax 3.47', 'Total 44.91', 'Service 4.14', 'Total 49.05'])
    const doubted = { ...page, UnsureWords: page.Words.filter((w) => w.Text === '49.05').map((w) => w.Id) }
    expect(read(doubted).values[P.TotalAmount]).not.toBe('49.05')
  })
})

describe("a scanned receipt's timestamps one digit apart", () => {
  it('propose neither date, one of them misread; the one printed more often where the receipt says so', () => {
    const date = (rows: string[]) => read(scannedLines(rows)).values[P.InvoiceDate]
    expect(date(['30/08/2014 09:26', 'Total 51.48', '30.08.2019 09:25:17'])).toBeUndefined()
    expect(date(['30/08/2014 09:26', 'Total 51.48', '30.08.2019 09:25:17', '30.08.2019 09:25'])).toBe(
      '2019-08-30',
    )
    // Two dates further apart are two dates: the receipt's first timestamp, as before.
    expect(date(['30/08/2019 09:26', 'Total 51.48', '28.07.2019 09:25:17'])).toBe('2019-08-30')
  })
})

describe('a label of two words with one character misread', () => {
  it('is read on a scan as the label it is one character from, and not on a text layer', () => {
    const rows = ['RECHNUNG', 'Steuernr.: 50/19/0122', 'kechnung Nr.: 489 / ID 1-7360', 'Summe 10,10']
    expect(read(scannedLines(rows)).values[P.InvoiceNumber]).toBe('489')
    const text = phrasePage(rows.map((l, i): [number, number, string] => [100, 100 + 60 * i, l]))
    expect(read(text).values[P.InvoiceNumber]).toBeUndefined()
  })
})

describe("a ticket's date in words with a letter printed onto its day", () => {
  it('is read without the letter before a time of day, and not without the time', () => {
    const date = (rows: string[]) => read(scannedLines(rows)).values[P.InvoiceDate]
    expect(date(['ONEWAY', 'P10 MAY 19 1.15PM', '00915 JPB099 368156 $8.25'])).toBe('2019-05-10')
    expect(date(['ONEWAY', 'P10 MAY 19', '00915 JPB099 368156 $8.25'])).toBeUndefined()
  })
})

describe('a VAT table that prints its gross first', () => {
  // dm's receipts: `MwSt-Satz Brutto Netto MwSt`, each rate after its index (`1=19,00%`).
  const table = ['MwSt-Satz Brutto Netto MwSt', '1=19,00% 0,85 0,71 0,14', '2=7,00% 2,70 2,52 0,18']

  it('adds up the column the other two make, wherever it stands', () => {
    const lines = buildLines(scannedLines(table).Words, 'tesseract')
    expect(vatTableGross(lines)?.cents).toBe(355)
  })

  it('takes its gross where the labelled sum is that gross with one digit misread, and nothing else', () => {
    const receipt = (sum: string) =>
      read(
        scannedLines([
          'dm-drogerie markt',
          'Ricola Krauter 0,85',
          'Kokos Riegel 2,70',
          `Summe ${sum}`,
          ...table,
        ]),
      )
    expect(receipt('8,55').values[P.TotalAmount]).toBe('3.55')
    // Three digits apart: two readings of different sums, neither borne out by the other.
    expect(receipt('9,99').values[P.TotalAmount]).toBeUndefined()
  })
})

describe('a cash payment the page’s net and VAT make', () => {
  const receipt = (lines: string[]) =>
    read(scannedLines(['Bistro Bar PENDEL', 'RECHNUNG NR. 54309 vom 08.02.2020', ...lines]))

  it('is the total where the labelled sum was misread, also split at its decimal mark', () => {
    const vat = ['Netto 29,41', 'MwSt. 19% 5,59']
    expect(receipt(['Bar 35,00', ...vat, 'RECHNUNGSBETRAG 5,0']).values[P.TotalAmount]).toBe('35.00')
    expect(receipt(['Bar 35, 00', ...vat, 'RECHNUNGSBETRAG 5,0']).values[P.TotalAmount]).toBe('35.00')
  })

  it('is not taken on its one printing alone', () => {
    expect(receipt(['Bar 35,00', 'Netto 29,41', 'RECHNUNGSBETRAG 5,0']).values[P.TotalAmount]).toBeUndefined()
  })
})

describe('a receipt whose items add up to an amount printed after them', () => {
  const receipt = (lines: string[]) => read(scannedLines(['CVS pharmacy', 'REG#08 TRN#8163', ...lines]))

  it('takes that amount as the total where no label was read, the tax class glued to the items left out', () => {
    const items = ['1 AQFNA WATER 12PK 5.79F', '1 DD PITA CLUB EACH 5.49F', '2 ITEMS']
    expect(receipt([...items, '11.28', 'Debit MasterCard']).values[P.TotalAmount]).toBe('11.28')
    // The last such amount: the first two items' sum is not the bill's.
    const three = ['Coffee 1.00', 'Tea 2.00', 'Cake 3.00', 'Cookies 1.50', '7.50']
    expect(receipt(three).values[P.TotalAmount]).toBe('7.50')
  })

  it('takes nothing where they do not add up, or where the receipt prints its tax', () => {
    const items = ['1 AQFNA WATER 12PK 5.79F', '1 DD PITA CLUB EACH 5.49F']
    expect(receipt([...items, '11.29']).values[P.TotalAmount]).toBeUndefined()
    expect(receipt([...items, '11.28', 'Sales tax 8.25% 0.93']).values[P.TotalAmount]).toBeUndefined()
  })
})

describe('a ticket that prints one amount, its currency sign a column apart', () => {
  it('takes the amount with the sign up to three heights before it, and not without a sign', () => {
    const ticket = (sign: [number, number, string][]) =>
      read(
        phrasePage(
          [[100, 100, 'TransLink RECEIPT'], [100, 160, 'Product Price:'], ...sign, [460, 160, '7.95']],
          'tesseract',
        ),
      ).values[P.TotalAmount]
    // The sign ends 51 px before the amount, whose height is 20 px.
    expect(ticket([[400, 160, '$']])).toBe('7.95')
    expect(ticket([])).toBeUndefined()
  })
})

describe('a ticket that says which VAT its price includes', () => {
  const ticket = (vat: string) =>
    scannedLines(['STOCKHOLM ARLANDA', 'One-way ticket', 'SEK 295 Receipt', vat])

  it('takes the price whose VAT at that rate is the VAT printed, also a whole price after its currency', () => {
    expect(read(ticket('Incl 6% VAT 16,70')).values[P.TotalAmount]).toBe('295.00')
    const lines = buildLines(scannedLines(['Summe 23,80', 'inkl. 19% MwSt 3,80']).Words, 'tesseract')
    expect(grossOfIncludedVat(lines)?.cents).toBe(2380)
  })

  it('takes nothing where no amount’s VAT is the VAT printed', () => {
    expect(read(ticket('Incl 6% VAT 17,70')).values[P.TotalAmount]).toBeUndefined()
    // A whole number not after a currency (a ticket number) is no price.
    const lines = buildLines(scannedLines(['Ticket 295', 'Incl 6% VAT 16,70']).Words, 'tesseract')
    expect(grossOfIncludedVat(lines)).toBeNull()
  })
})

describe('a number printed in parts around spaced dashes', () => {
  const segments = (line: string) =>
    buildLines(scannedLines([line]).Words, 'tesseract').flatMap((l) =>
      l.segments.map((s) => s.words.map((w) => w.Text).join(' ')),
    )

  it('is read whole, not as its last part', () => {
    const page = scannedLines(['RECHNUNG', 'Rechnungs.-Nr. HA007 - 123123 - 37816396', 'Datum 05.07.2019'])
    expect(read(page).values[P.InvoiceNumber]).toBe('HA007-123123-37816396')
  })

  it('leaves dates, short numbers and words around a dash apart', () => {
    expect(segments('Zeitraum 04.07.2019 - 05.07.2019')).toEqual(['Zeitraum 04.07.2019 05.07.2019'])
    expect(segments('Seite 1 - 2')).toEqual(['Seite 1 2'])
    expect(segments('Nr. 4711 - Kopie')).toEqual(['Nr. 4711 Kopie'])
  })
})

describe('the labels of hotel folios and of more countries', () => {
  it('reads a folio’s number, a Croatian total and an Estonian invoice’s number and date', () => {
    const cases: [string[], Partial<Record<P, string>>][] = [
      [
        ['Hotel Bristol', 'Folio No. 448812', 'Date 14.03.2023', 'Total Charges EUR 312,40'],
        { [P.InvoiceNumber]: '448812', [P.TotalAmount]: '312.40' },
      ],
      [
        ['Br. računa 1148-100-10', 'Datum računa 26.08.2021.', 'UKUPNO 537,77 kn'],
        { [P.InvoiceNumber]: '1148-100-10', [P.TotalAmount]: '537.77' },
      ],
      [
        ['Arve nr 2023-0411', 'Arve kuupäev 11.04.2023', 'Kokku tasuda 48,00'],
        { [P.InvoiceNumber]: '2023-0411', [P.InvoiceDate]: '2023-04-11', [P.TotalAmount]: '48.00' },
      ],
    ]
    for (const [lines, want] of cases) {
      // The last line (the total) stands well below the others, as on a page.
      const page = phrasePage(
        lines.map((l, i): [number, number, string] => [100, i === lines.length - 1 ? 600 : 100 + 50 * i, l]),
      )
      expect(read(page).values, lines[0]).toMatchObject(want)
    }
  })

  it('reads a till’s number after the word for invoice (Estonian `Arve`) or its abbreviation (Catalan `Fact.`)', () => {
    const cases: [string[], string][] = [
      [['Hesburger AS', 'Reede 17.05.2019 18:08', 'Kassa: 61364 Arve: 645907', 'Kokku EUR 6.00'], '645907'],
      [
        [
          'FACTURA SIMPLIFICADA',
          'Fact. N002240313017390005507330025',
          'Data factura: 13/03/2024 18:53',
          'Import: 33,30 EUR',
        ],
        'N002240313017390005507330025',
      ],
    ]
    for (const [lines, number] of cases)
      expect(read(scannedLines(lines)).values[P.InvoiceNumber], lines[0]).toBe(number)
  })

  it('takes a Croatian receipt’s total over its VAT table’s UKUPNO, the sum it is weighed against', () => {
    const receipt = read(
      scannedLines([
        'RAČUN BROJ: 55/PP1/1',
        'Datum 26.08.2021.',
        'Za platiti 537,77 kn',
        'Porez Osnovica Iznos',
        'PDV 25% 430,22 107,55',
        'UKUPNO 107,55 kn',
      ]),
    )
    expect(receipt.values[P.TotalAmount]).toBe('537.77')
  })
})

describe('receipts of American, Polish, Estonian and German tills', () => {
  it('reads a slash date month first under an American address without its comma or its ZIP code', () => {
    const receipt = (address: string, date: string) =>
      scanned(['Old Navy', address, `${date} 6:25:46 PM`, 'Subtotal 99.04', 'Total Tax 8.41', 'Total 107.45'])
    expect(receipt('San Francisco CA. 94103', '05/11/2019')[P.InvoiceDate]).toBe('2019-05-11')
    expect(receipt('Las Vegas, NV', '12/1/2019')[P.InvoiceDate]).toBe('2019-12-01')
    // Germany's country code is Delaware's too: a German address says nothing of the order.
    expect(receipt('München DE 80331', '05/11/2019')[P.InvoiceDate]).not.toBe('2019-05-11')
  })

  it("reads a restaurant's slash date month first under its tip guide", () => {
    const bill = (guide: string) =>
      scanned([
        'THE CHEESECAKE FACTORY',
        'SvrCk: 32 19:34 12/06/19',
        'Sub Total: 41.45',
        'Tax: 3.42',
        'TOTAL : 44.87',
        guide,
        '20% 8.97',
      ])
    expect(bill('Suggested Gratuity:')[P.InvoiceDate]).toBe('2019-12-06')
    expect(bill('Thank you')[P.InvoiceDate]).toBeUndefined()
  })

  // One receipt, the one value it must give.
  const oneValue: { name: string; lines: string[]; field: P; want: string }[] = [
    {
      name: 'takes the cash given less the change where the till prints the cash given as negative',
      lines: ['Hydro sensitive 200ml 2,25 1', 'Sumnme 2,25', 'BAR EUR -3,00', 'Rückgeld EUR 0,75'],
      field: P.TotalAmount,
      want: '2.25',
    },
    {
      name: "never takes a hotel guest's arrival for the bill's date",
      lines: [
        'HAMPTON BY HILTON',
        'Arrival Date: 22/09/2020 21:37:00',
        'Departure Date: 23/09/2020',
        'VAT INVOICE:38014',
        'HAMPTON BY HILTON HAMBURG 23/09/2020 09:05:00',
      ],
      field: P.InvoiceDate,
      want: '2020-09-23',
    },
    {
      name: 'reads a date after its time with a word between',
      lines: ['Oban Distillery', 'On Till 2 at 13:00:23 on 30/08/2019', 'Sub Total 2 24.00'],
      field: P.InvoiceDate,
      want: '2019-08-30',
    },
    {
      name: 'reads a payment with its currency glued on',
      lines: [
        '1 Spicy Brioche Beef 102.00',
        'Mastercard 102.00SEK',
        'Subtotal 102.00SEK',
        'Payment 102.00SEK',
        '10.93 Take Out 12% 102.00',
      ],
      field: P.TotalAmount,
      want: '102.00',
    },
    {
      name: 'takes a Lithuanian amount to pay, never a column headed `Suma`',
      lines: [
        'SASKAITA',
        '| Pavadinimas |Kiek.|Kaina| Suma',
        'Alaus 1.00 3.65 3.65',
        'Burgeris 1.00 6.55 6.55',
        'VISO MOKĖTI 10.20',
      ],
      field: P.TotalAmount,
      want: '10.20',
    },
    {
      name: 'reads a slash date with its comma before the time',
      lines: ['LA COCINA', '5/21/24, 7:23 PM Ticket: 20815', 'Total 36.38'],
      field: P.InvoiceDate,
      want: '2024-05-21',
    },
    {
      name: "takes a date printed year first as the receipt's one date, its time misread",
      lines: ['COFFEE', 'Incl 6% VAT 18.11', '2024-02-09 pt; Aly 3', 'Total 320.00'],
      field: P.InvoiceDate,
      want: '2024-02-09',
    },
    {
      name: 'reads a French date in words after the time and its weekday',
      lines: ['EGGSPECTATION', '10:12:01 Ven., 28 Septembre 2018', '1 CAFE 3,50', 'TOTAL 19,78'],
      field: P.InvoiceDate,
      want: '2018-09-28',
    },
  ]
  it.each(oneValue.map((c) => [c.name, c] as const))('%s', (_, { lines, field, want }) => {
    expect(scanned(lines)[field]).toBe(want)
  })

  it('reads a French weekday before a date, never March for a Tuesday (`mar`)', () => {
    expect(parseDate('Ven., 28 Septembre 2018')).toBe('2018-09-28')
    expect(parseDate('sam 3 mars 2026')).toBe('2026-03-03')
    expect(parseDate('Mar 3, 2026')).toBe('2026-03-03')
  })

  it("reads an Oracle Micros till's date, its O read as a zero too", () => {
    expect(parseDate("NOV28'18")).toBe('2018-11-28')
    expect(parseDate('0ct09’19')).toBe('2019-10-09')
    expect(parseDate("Abc12'19")).toBeNull()
    // The day first, its zero read as an O; the only date on the receipt though no time is read beside it.
    expect(parseDate("O4Mar'18")).toBe('2018-03-04')
    expect(scanned(['STARBUCKS', "Chk 1764 O4Mar'18 17!", 'Subtotal 4.29'])[P.InvoiceDate]).toBe('2018-03-04')
    expect(scanned(['STEAKHOUSE', "NOV28'18 8:37PM", '1 SALMON 16.00', 'Total 16.00'])[P.InvoiceDate]).toBe(
      '2018-11-28',
    )
    // The month's O read as a zero, the receipt's only date, no time read beside it: October's.
    expect(
      scanned(['KFC Nederland', 'Tbl K1/20 Chk 5460', '0ct09’19', 'Subtotal EUR12.60'])[P.InvoiceDate],
    ).toBe('2019-10-09')
  })

  it('weighs a total against the subtotal and its sales tax, and takes the total with the tip', () => {
    const misread = scanned([
      'Subtotal 76.00',
      'Sales Tax 6.27',
      'Total 82.21',
      'Mastercard EMV 82.27',
      'Total Payments 82.27',
    ])
    expect(misread[P.TotalAmount]).toBe('82.27')
    const tipped = scanned(['Subtotal 41.44', 'Tax 3.47', 'To Stay Total 44.91', 'Tip 4.14', 'Total 49.05'])
    expect(tipped[P.TotalAmount]).toBe('49.05')
  })

  it('never takes the tax included, a discount or a taxable amount for the total', () => {
    expect(scanned(['Subtotal: €5.55', 'Total Tax Included: €0.93', 'Total: €5.55'])[P.TotalAmount]).toBe(
      '5.55',
    )
    expect(
      scanned([
        'Total Discount - 79.00',
        'Subtotal 146.91',
        'Taxable Amount 146.91',
        'Total Tax 15.06',
        'Total 161.97',
      ])[P.TotalAmount],
    ).toBe('161.97')
  })

  it('reads no short label from a word of another language a scan makes look like it', () => {
    // `lait` is one letter from Danish `I alt` (in all) as a scanner confuses them; `Sunne` is `Summe` misread.
    const receipt = scanned([
      'Rechnung Nr. 17',
      'Datum:29.07.2018/15:31',
      '2 Cafe au lait 7,80',
      'Sunne EUR 68,10',
      'enthålt 19,00% (1) MwSt.: 10,87',
      'Netto-Warenwert: 57,23',
    ])
    expect(receipt[P.TotalAmount]).toBe('68.10')
    expect(receipt[P.InvoiceDate]).toBe('2018-07-29')
  })

  it("takes a VAT summary row's net and VAT where its gross was misread and the page prints their sum", () => {
    const words = scannedLines(['Totalt 27,80 111,20 134,00']).Words.slice(1)
    expect(rowGross(words, (sum) => sum === 13_900)?.value).toBe('139.00')
    expect(rowGross(words)).toBeNull()
    const receipt = scanned([
      'Apoteket solskydd 139,00',
      'SUMMA 139,00',
      'Moms Moms Netto Totalt',
      '25,00 27,80 111,20 139,00',
      'Totalt 27,80 111,20 134,00',
    ])
    expect(receipt[P.TotalAmount]).toBe('139.00')
  })

  it('reads a Polish fiscal receipt’s sum and a payment by card as the total', () => {
    expect(
      scanned([
        'PARAGON FISKALNY',
        'PTU A 23% 3,27',
        'SUMA PTU 3,93',
        'SUMA PLN 26,45',
        'KARTA Płatnicza 26,45 PLN',
      ])[P.TotalAmount],
    ).toBe('26.45')
    expect(
      scanned([
        '1 Chai Latte 3.30',
        '1 Latte Grande 3.05',
        'Credit Card GBP 9.30',
        'Subtotal GBP 9.30',
        'Payment GBP 9.30',
      ])[P.TotalAmount],
    ).toBe('9.30')
  })
})

describe('a scanned total misread, and what bears the right one out', () => {
  it('takes no gross from a VAT table one of whose rows the scan misread', () => {
    const rows = (first: string) =>
      scannedLines([
        'MINERALVATTEN 59.95',
        'ROSTBIFF 31.95',
        'ATT BETALA SEK 3 ARTIKLAR 91.90',
        'Belopp: SEK 91,90',
        first,
        '25% 6.39 25.56 31.95',
      ])
    // The 12 % row lost its amounts to the scan: the 25 % row alone is not the table's gross.
    expect(vatTableGross(buildLines(rows('12% 6.4% 53 63 59.95').Words))).toBeNull()
    expect(read(rows('12% 6.4% 53 63 59.95')).values[P.TotalAmount]).toBe('91.90')
    // Both rows read: their sum is.
    expect(vatTableGross(buildLines(rows('12% 6.42 53.53 59.95').Words))?.cents).toBe(9_190)
  })

  /** The total proposed for a card receipt of these items whose labelled total was read `total`. */
  const paidByCard = (items: string[], total: string) =>
    scanned([...items, `INCLUSIVE TOTAL DUE ${total}`, 'CARD 6.99', 'VAT BREAKDOWN'])[P.TotalAmount]

  it('takes the payment over a labelled total one digit off it where the items above add up to it', () => {
    expect(paidByCard(['1 CLASSIC SUPER CLUB 3.49', '1 HOISIN DUCK WRAP 3.50'], '6.94')).toBe('6.99')
    // More than one digit off: the label's reading stands.
    expect(paidByCard(['1 CLASSIC SUPER CLUB 3.49', '1 HOISIN DUCK WRAP 3.50'], '5.94')).toBe('5.94')
  })

  it('proposes no total where the labelled total and the payment are one digit apart and nothing settles which', () => {
    // The items add up to neither: one of the two printings is misread, and nothing tells which.
    expect(paidByCard(['1 CLASSIC SUPER CLUB 3.49', '1 HOISIN DUCK WRAP 3.55'], '6.94')).toBeUndefined()
    // A Walgreens receipt's `TOTAL 3.48` over `MASTERCARD 8.48`, its items read as other amounts.
    expect(
      scanned([
        'LAYS DILL PICKLE 7.7502',
        'RETURN VALUE 3.49',
        'SUN CHIPS 1.99',
        'TOTAL 3.48',
        'MASTERCARD 8.48',
        'CHANGE .00',
      ])[P.TotalAmount],
    ).toBeUndefined()
  })

  it('takes the cash paid over a labelled total that lost one of its digits where the VAT at its rate is printed', () => {
    // A café's bill: the label's `41,80` read without its `1`, the cash line and the VAT line split at their
    // decimal marks; the VAT at 19 % of 41,80 is the 6,67 printed, of 4,80 it is not.
    const bill = (vat: string, total = '4,80') =>
      scanned([
        'RECHNUNG NR. 51219 vom 25.01.2020',
        '4 Kaffee XL 3,40 13,60',
        '2 Milchkaffee 2,90 5,80',
        '1 Amerikan. Frühst 11,90 11,90',
        '1 Großes Frühstück 10,50 10,50',
        'Bar 41, 80',
        `MwSt. 1=19, 00% ${vat}`,
        `RECHNUNGSBETRAG ${total}`,
      ])[P.TotalAmount]
    expect(bill('6, 67')).toBe('41.80')
    // A VAT the cash does not make: the cash line bears nothing out and the label's reading stands.
    expect(bill('6, 97')).toBe('4.80')
    // A label that is not the cash with one digit lost is no misreading of it: it stands as read.
    expect(bill('6, 67', '8,80')).toBe('8.80')
  })

  it('takes the cash given less the change over a labelled total one digit off it', () => {
    const receipt = (total: string, change = '$15.00') =>
      scanned([
        'Pork Cutlet Omelette 1 $30.00',
        '(for rice) 1 $15.00',
        `Grand Total ${total}`,
        'Cash $100.00',
        `Change ${change}`,
      ])[P.TotalAmount]
    expect(receipt('$84')).toBe('85.00')
    // More than one digit off the till's arithmetic: nothing the label bears out either.
    expect(receipt('$74')).toBeUndefined()
    // The label's reading agrees with the arithmetic: it stands.
    expect(receipt('$85.00')).toBe('85.00')
    expect(receipt('$84', '$16.00')).toBe('84.00')
  })

  it('reads a total that lost its leading digits as the one sum of net and tax that ends in them', () => {
    const receipt = (total: string, tax = '2.32') =>
      scanned(['1 Bigger Plate 11.20', '1 Plate 9.70', 'SubTotal 28.10', `TAX ${tax}`, `Total ${total}`])[
        P.TotalAmount
      ]
    expect(receipt('0.42')).toBe('30.42')
    // No sum of net and tax ends in the digits read: the reading stands as it is.
    expect(receipt('0.47')).toBe('0.47')
    expect(receipt('0.42', '2.30')).toBe('0.42')
  })

  it("reads a scanned label of two words with one letter misread in place (`Å batale`), never a shorter one's", () => {
    const total = (label: string) =>
      scanned(['Sum eks. mva 27 204,68', 'MVA 25 1 674,48', `${label} 31 906,26`])[P.TotalAmount]
    expect(total('Å batale')).toBe('31906.26')
    expect(total('Å betale')).toBe('31906.26')
    // Two letters off, or a letter lost: not a label.
    expect(total('Å batole')).toBeUndefined()
    expect(total('Å betle')).toBeUndefined()
  })

  it('reads a VAT id printed without a label with a dash after its country prefix, where its check holds', () => {
    const ids = (line: string) => read(scannedLines(['KENNZ RATE NETTO STEUER', line])).foreign
    expect(ids('DE-130504827')).toEqual(['DE130504827'])
    expect(ids('DE-130504828')).toEqual([])
  })

  it('is borne out by a card line that printed it with a digit read as a letter', () => {
    const totalOf = (card: string) =>
      scanned(['APFELSAFT 1,69', 'TONIC WATER 1,19', 'SUMME EUR 28,81', `Mastercard EUR ${card}`])[
        P.TotalAmount
      ]
    expect(totalOf('2B, 81')).toBe('28.81')
    expect(totalOf('2B,81')).toBe('28.81')
    // The Summe alone, its digits borne out by nothing: not proposed, as before.
    expect(totalOf('')).toBeUndefined()
    // Another amount, or a letter nothing reads for a digit: no second printing.
    expect(totalOf('2B, 18')).toBeUndefined()
    expect(totalOf('2X, 81')).toBeUndefined()
  })
})

describe("a hotel bill's date where nothing else gives one", () => {
  const dateOf = (rows: string[]) => read(scannedLines(rows)).values[P.InvoiceDate]

  it("is the guest's departure, its order as the page writes a two-digit year", () => {
    const folio = (arrival: string, departure: string, amount = '1,125.00') => [
      'OZO Wesley Hong Kong',
      `Arrival ${arrival}`,
      `Departure ${departure}`,
      `Accommodation ${amount}`,
    ]
    expect(dateOf(folio('06-07-19', '13-07-19'))).toBe('2019-07-13')
    // An American page: month first.
    expect(
      dateOf([...folio('04-07-19', '04-14-19', '233.75'), 'Munich, CA 94105', 'Balance $2,512.87']),
    ).toBe('2019-04-14')
    expect(dateOf(folio('06.07.2019', '13.07.2019'))).toBe('2019-07-13')
  })

  it('is not where the bill prints its own date, or prints no arrival', () => {
    expect(
      dateOf(['Rechnungsdatum 10.01.2020', 'Anreise 10.01.2020', 'Abreise 17.01.2020', 'Summe 120,00']),
    ).toBe('2020-01-10')
    expect(dateOf(['Departure 13-07-19', 'Accommodation 1,125.00'])).toBeUndefined()
    // Two departures that disagree: neither.
    expect(
      dateOf(['Arrival 06.07.2019', 'Departure 13.07.2019', 'Departure 14.07.2019', 'Total 1,125.00']),
    ).toBeUndefined()
  })
})

describe('captions printed under their values', () => {
  // A grid of boxes (value, then its caption small under it) and a strip of sums read the same way.
  const boxes = (captionsUnder: boolean) => {
    const rows: [string, string][][] = [
      [
        ['787855-2026', 'Rechnungsnummer'],
        ['15.12.2025', 'Rechnungsdatum'],
      ],
      [
        ['04.01.2026', 'Fälligkeitsdatum'],
        ['11565', 'Kundennummer'],
      ],
      [
        ['EUR 8.368,79', 'Nettobetrag'],
        ['EUR 9.001,97', 'Zahlbetrag'],
      ],
    ]
    const phrases: [number, number, string][] = [[100, 100, 'Schmidt Elektronik GmbH']]
    rows.forEach((row, r) =>
      row.forEach(([value, caption], c) => {
        const [first, second] = captionsUnder ? [value, caption] : [caption, value]
        phrases.push([600 + c * 400, 300 + r * 70, first], [600 + c * 400, 325 + r * 70, second])
      }),
    )
    return read(phrasePage(phrases)).values
  }

  it('name the value above them, never the next row', () => {
    expect(boxes(true)).toMatchObject({
      [P.InvoiceNumber]: '787855-2026',
      [P.InvoiceDate]: '2025-12-15',
      [P.DueDate]: '2026-01-04',
      [P.TotalAmount]: '9001.97',
    })
  })

  it('leave a page of labels over their values read as before', () => {
    expect(boxes(false)).toMatchObject({
      [P.InvoiceNumber]: '787855-2026',
      [P.InvoiceDate]: '2025-12-15',
      [P.DueDate]: '2026-01-04',
      [P.TotalAmount]: '9001.97',
    })
  })
})

describe('an invoice number printed in groups of digits', () => {
  const number = (line: string) =>
    read(
      phrasePage([
        [100, 100, 'Acme AS'],
        [100, 160, line],
        [100, 600, 'Å betale 1 250,00'],
      ]),
    ).values[P.InvoiceNumber]

  it('is not taken for its first group', () => {
    expect(number('Fakturanr. 2026 0042')).toBeUndefined()
    expect(number('Invoice No. 10 452')).toBeUndefined()
  })

  it('leaves a number followed by other words read as before', () => {
    expect(number('Faktura nr 10452 Dato 07.12.2026')).toBe('10452')
    expect(number('Invoice number: 10452-A')).toBe('10452-A')
  })
})

describe('a bank account known by its printed grouping', () => {
  const grouped = (a: string) => `${a.slice(0, 4)} ${a.slice(4, 6)} ${a.slice(6)}`
  const [first, second] = [generateBankAccount(7101), generateBankAccount(7102)]
  const accountOf = (...extra: [number, number, string][]) =>
    read(
      phrasePage([
        [100, 100, 'Acme AS'],
        [100, 160, 'Fakturanr 10452'],
        [100, 600, 'Å betale 1 250,00'],
        ...extra,
      ]),
    ).values[P.BankAccount]

  it('is the account where a scan misread its label, or none was printed', () => {
    expect(accountOf([100, 700, `Kantohummer ${grouped(first)}`])).toBe(first)
    expect(accountOf([100, 700, `${first.slice(0, 4)}.${first.slice(4, 6)}.${first.slice(6)}`])).toBe(first)
  })

  it('is not an account at a label naming another, one whose check fails, or one of two', () => {
    expect(accountOf([100, 700, `Debiteres konto ${grouped(first)}`])).toBeUndefined()
    const wrong = `${first.slice(0, 10)}${(Number(first[10]) + 1) % 10}`
    expect(accountOf([100, 700, grouped(wrong)])).toBeUndefined()
    expect(accountOf([100, 700, grouped(first)], [100, 760, grouped(second)])).toBeUndefined()
  })
})

describe("another day's date in an information block", () => {
  // A business letter's block of references right of the address: the buyer's letter, the delivery, the invoice.
  const block = (rows: [string, string][]) =>
    read(
      phrasePage([
        [100, 100, 'Utrecht Elektro B.V.'],
        ...rows.flatMap(([label, value], i): [number, number, string][] => [
          [985, 400 + 33 * i, label],
          [1380, 400 + 33 * i, value],
        ]),
        [100, 900, 'Invoice total'],
        [1300, 900, '€7,450.80'],
      ]),
    ).values

  it('is never the invoice date, whichever comes first', () => {
    const rows: [string, string][] = [
      ['Your message of:', '17/09/2025'],
      ['Delivery date:', '12/10/2025'],
      ['Date:', '19/10/2025'],
    ]
    expect(block(rows)[P.InvoiceDate]).toBe('2025-10-19')
    expect(block([rows[2]!, rows[1]!])[P.InvoiceDate]).toBe('2025-10-19')
    expect(
      block([
        ['Ihre Nachricht vom:', '10.11.2026'],
        ['Datum:', '22.11.2026'],
      ])[P.InvoiceDate],
    ).toBe('2026-11-22')
  })

  it('dates the invoice, well below sure, only where nothing else does', () => {
    const page = phrasePage([
      [100, 100, 'Acme Online Ltd'],
      [985, 400, 'Order date:'],
      [1380, 400, '12/10/2025'],
      [100, 900, 'Total'],
      [1300, 900, '€7,450.80'],
    ])
    const date = read(page).properties.find((p) => p.OcrPropertyId === P.InvoiceDate)
    expect(date?.ProposedCandidate.Value).toBe('2025-10-12')
    expect(date?.ProposedCandidate.ProbabilityFactor).toBeLessThan(0.7)
  })
})

describe('a payment term that offers a discount for paying early', () => {
  const due = (term: string, source: OcrPageResult['Source'] = 'text-layer') =>
    read(
      phrasePage(
        [
          [100, 100, 'Rechnung Nr. 4711'],
          [985, 200, 'Datum:'],
          [1380, 200, '22.11.2026'],
          [100, 600, term],
        ],
        source,
      ),
    ).values[P.DueDate]

  it('is due in full on its date without the discount', () => {
    const term = 'Zahlbar bis zum 26.11.2026 mit 2 % Skonto (107,28 €) oder bis zum 30.11.2026 ohne Abzug.'
    expect(due(term)).toBe('2026-11-30')
    expect(due(term, 'tesseract')).toBe('2026-11-30')
    expect(due('Payable by 26/11/2026 less 2% discount, or by 30/11/2026 net.')).toBe('2026-11-30')
  })

  it('gives no due date where only the discount is dated, and the plain term its date', () => {
    expect(due('Zahlbar bis zum 26.11.2026 mit 2 % Skonto.')).toBeUndefined()
    expect(due('Zahlbar bis zum 30.11.2026 ohne Abzug.')).toBe('2026-11-30')
  })
})

describe('an address for the attention of someone', () => {
  const [seller, buyer] = [generateOrgNumber(7201), generateOrgNumber(7202)]
  const spaced = (n: string) => `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`
  // The recipient's address in the window left, the facts in a middle column, the seller's address right.
  const official = (attention: string, source: OcrPageResult['Source'] = 'text-layer') =>
    read(
      phrasePage(
        [
          [125, 140, 'INVOICE'],
          [125, 260, 'Aurora Regnskap AS'],
          [125, 296, attention],
          [125, 332, 'Storgata 12'],
          [125, 368, '9008 Tromsø'],
          [125, 404, `Org.nr. ${spaced(buyer)}`],
          [720, 225, 'Invoice Number'],
          [720, 260, '142228'],
          [720, 415, 'VAT Number'],
          [720, 450, seller],
          [1130, 230, 'Innlandet Transport AS'],
          [1000, 1750, 'TOTAL NOK'],
          [1330, 1750, '1,250.00'],
        ],
        source,
      ),
    ).values[P.OfficialNumber]

  it("is the buyer's: its organisation number is never the seller's", () => {
    for (const line of [
      'Att. James Carter',
      'Attn: James Carter',
      'z. Hd. Herrn Weber',
      'T.a.v. de heer Jansen',
    ])
      expect(official(line), line).toBe(seller)
    expect(official('Att: Ola Hansen', 'tesseract')).toBe(seller)
  })

  it('is not told by a line that only begins with the word (Swedish `Att betala`)', () => {
    // A receipt's one column: the sum to pay above the seller's number.
    const page = scannedLines([
      'Kaffebaren AS',
      'Att betala 125,00',
      `Org.nr ${spaced(seller)}`,
      '07.12.2026',
    ])
    expect(read(page).values[P.OfficialNumber]).toBe(seller)
  })
})

describe("a till's total with the GST it includes, its tax summary and its rounding for cash", () => {
  const total = (lines: string[]) => scanned(lines)[P.TotalAmount]

  it('is the total with the GST, never the sales without it, the tax, or the quantity', () => {
    const lines = [
      'Doc No C800012664 Date: 11/01/2018',
      'Total Qty: 4 116.28',
      'Total Sales (Excluding GST) 109.70',
      'Discount 0.00',
      'Total GST 6.58',
      'Rounding 0.00',
      'Total Sales (Inclusive of GST) 116.28',
      'CASH 116.28',
      'Change 0.00',
    ]
    expect(total(lines)).toBe('116.28')
    expect(total(['TOTAL QUANTITY 4', 'SUB-TOTAL 45.28', 'TAX 2.72', 'TOTAL 48.00', 'TAX TOTAL: 2.72'])).toBe(
      '48.00',
    )
  })

  it("is never the tax summary's total row of the net and the tax on it", () => {
    const summary = ['GST Summary Amount (RM) Tax (RM)', 'SR 6% 52.00 3.12', 'TOTAL 52.00 3.12']
    // The total paid above it, the net and tax adding up to it less the rounding.
    expect(total(['SUB-TOTAL (EX) 52.00', 'TOTAL TAX 3.12', 'TOTAL 55.10', 'CASH 55.10', ...summary])).toBe(
      '55.10',
    )
    // The total's label lost to the scan: the printing the net and the tax make is the total.
    expect(total(['Receipt No. CS18/26717', 'Sub-total 55.12', '55.12', ...summary])).toBe('55.12')
    // A total and the VAT it includes on one line, no sum of them printed: the total stays.
    expect(total(['Total 125.00 25.00', 'Card 125.00'])).toBe('125.00')
  })

  it("is never read in a tax summary's rows, whatever their figures add up to", () => {
    const summary = ['GST Summary Amount Tax', 'SR 6% 449,82 26,98', 'Total 449,82 26.55']
    // The row's tax misread: no sum of net and tax is printed, and the summary's total is still not the bill's.
    expect(total(['Total Sales Incl GST 476.81', 'Rounding Adj -0.01', 'TOTAL 476.80', ...summary])).toBe(
      '476.80',
    )
    // The bill's total lost to the scan: no total rather than the net.
    expect(total(['Sub-total jQ', 'Total Sales Incl GST', 'CASH', ...summary])).toBeUndefined()
    // A summary whose rows end with their gross, and the total to pay under it, are read as ever.
    const vat = ['VAT summary Rate Net VAT Gross', '25% 100.00 25.00 125.00', 'Total 100.00 25.00 125.00']
    expect(total([...vat, 'Total to pay 125.00'])).toBe('125.00')
    expect(total(vat)).toBe('125.00')
  })

  it('is read in ringgit, the currency glued to the amount or not', () => {
    expect(total(['Parking Fee Rate A RM7.00', 'GST (Included) RM0.40', 'Total RM7.00', 'Paid RM7.00'])).toBe(
      '7.00',
    )
    expect(total(['SUBTOTAL RM 26.70', 'TOTAL MYR 28.70', 'CASH RM 100.00'])).toBe('28.70')
  })

  it('is never the row under a column heading Total, nor the rounding a till glues its currency to', () => {
    const page = phrasePage(
      [
        [100, 100, 'Item'],
        [700, 100, 'Qty'],
        [1000, 100, 'Total'],
        [160, 160, 'RM6.69'],
        [980, 160, 'RM6.69'],
        [100, 220, 'NASI LEMAK BUNGKUS'],
        [160, 280, 'RM1.03'],
        [700, 280, '1'],
        [1000, 280, 'RM1.03'],
        [100, 340, 'TEH O AIS'],
        [100, 420, 'Total Amount: RM7.72'],
        [100, 480, 'GST @0%: RM0.00'],
        [100, 540, 'Rounding: -RM0.02'],
        [100, 600, 'Nett Total: RM7.70'],
        [100, 680, 'CASH RM7.70'],
      ],
      'tesseract',
    )
    expect(read(page).values[P.TotalAmount]).toBe('7.70')
  })

  it('is the sum rounded for cash, the rounding printed or told by the cash and the change', () => {
    expect(
      total([
        'Total (Excluding GST): 26.60',
        'GST Payable: 1.76',
        'Total (Inclusive of GST): 31.02',
        'Rounding Adj: -0.02',
        'TOTAL: 31.00',
        'CASH 31.00',
      ]),
    ).toBe('31.00')
    expect(
      total(['Total Sales (Inclusive GST) RM 177.22', 'Rounding Adjustment RM -.02', 'CREDIT RM 177.20']),
    ).toBe('177.20')
    expect(total(['Total Sales (Inclusive GST) 72.74', 'CASH 100.00', 'CHANGE RM 27.25'])).toBe('72.75')
  })

  it('is never rounded away from the round sum, nor by more than the rounding a till makes', () => {
    // The sum before the rounding is the subtotal: the total is the rounded sum printed.
    expect(
      total(['SubTotal: 191.22', 'Rounding Adj -0.02', 'Total Inclusive GST: 191.20', 'CASH 200.00']),
    ).toBe('191.20')
    // Cash less change three cents off the total: a misread figure, not a rounding.
    expect(total(['Total Sales (Inclusive GST) 72.72', 'CASH 100.00', 'CHANGE RM 27.25'])).toBe('72.72')
  })
})

describe("a till's date with a two-digit year beside its time", () => {
  const date = (lines: string[]) => scanned(lines)[P.InvoiceDate]

  it('is read with its parts apart by dashes as by slashes', () => {
    expect(date(['KILAT ECO AUTO WASH', '18-11-18 13:58 SH01 2153 T2 R000002902', 'TOTAL RM 30.90'])).toBe(
      '2018-11-18',
    )
    expect(date(['24-11-17 13:11 SH01 ZT09 T2 R000011248', 'TOTAL 3.90'])).toBe('2017-11-24')
  })

  it("is read day first where the till's currency is a day-first country's, month first in dollars", () => {
    const till = (currency: string) => ['06/02/18 18:47 Slip No. 0010201725', `TOTAL ${currency}14.65`]
    expect(date(till('RM'))).toBe('2018-02-06')
    expect(date(till('£'))).toBe('2018-02-06')
    expect(date(till('$'))).toBe('2018-06-02')
    // Neither told: a date that reads both ways is not read.
    expect(date(till(''))).toBeUndefined()
    // The currency in a column's heading tells it too.
    expect(date(['Receipt 71857936 02/03/18 05:16 PM', 'TOTAL 79.35', 'GST Summary Amt Tax (RM)'])).toBe(
      '2018-03-02',
    )
  })

  it('is read where the time stands elsewhere on its line, the time itself never a date', () => {
    const till = ['INVOICE NO 18301/102/T0305', '03: 16PH 569337 07-02-18', 'Total Sales RM 45.35']
    expect(date([...till, 'Points expire 31-12-2018'])).toBe('2018-02-07')
    expect(date(['10:12:01 Ven., 28 Septembre 2018', 'TOTAL 19,78'])).toBe('2018-09-28')
  })

  it("is read with a space a scan put after its day, its month's name between slashes, its time misread", () => {
    expect(date(['24 -03-18 18:10 SHO1 ZJ86 T1 R000112046', 'TOTAL RM 12.30'])).toBe('2018-03-24')
    // Its time misread more (`10: 128M` for 10:12PM, a bracket before it).
    expect(date(['INVOICE NO 17714/102/70382', '(8: 10PK 560197 30-06-16', 'TOTAL RM 27.30'])).toBe(
      '2016-06-30',
    )
    expect(date(['10: 128M 560272 11-05-16', 'TOTAL RM 177.20'])).toBe('2016-05-11')
    expect(parseDate('02/Jan/2017')).toBe('2017-01-02')
    expect(parseDate('O2/Jan/2017')).toBe('2017-01-02')
    // The day's number alone, not before the rest of its date, is no part of it.
    expect(date(['Table 24 -03-18', 'TOTAL RM 12.30'])).toBeUndefined()
  })

  it('is read with a weekday between the date and its time', () => {
    // Another date on the receipt: only the time tells the receipt's own.
    const points = 'Points expire 31-12-2018'
    expect(date(['14-01-2018 (Sun) 16:02', 'TOTAL 35.80', points])).toBe('2018-01-14')
    expect(date(['Kvittering 1042', '14.01.2018 Søn. 16:02', 'TOTAL 35,80', points])).toBe('2018-01-14')
  })
})

describe("a credit note's own number, date and total beside the invoice it credits", () => {
  /** A credit note's head: its title, its own number and date, and the invoice it credits. */
  const head = (lines: [number, number, string][]) =>
    read(phrasePage([[1300, 60, 'KREDITNOTA'], ...lines, [1300, 1200, 'Org.nr: 929 946 839']])).values

  it("takes the sum of the credit note, negative, never a line's amount", () => {
    const lines: [number, number, string][] = [
      [100, 600, 'Reservedeler 7 2 954,36 25 -20 680,52'],
      [100, 640, 'Verkstedtimer 3 3 620,32 12 -10 860,96'],
      [100, 700, 'Sum eks. mva'],
      [1400, 700, '-31 541,48'],
      [100, 740, 'Mva 25'],
      [1400, 740, '-5 170,13'],
      [100, 780, 'Mva 12'],
      [1400, 780, '-1 303,32'],
    ]
    expect(head([...lines, [100, 840, 'Sum kreditnota'], [1400, 840, 'NOK -38 014,93']])[P.TotalAmount]).toBe(
      '-38014.93',
    )
    // Swedish, in parentheses and with its currency between label and amount; German, plain under its credit.
    expect(
      head([
        [100, 840, 'Summa kreditfaktura SEK'],
        [1400, 840, '(2 775,61)'],
      ])[P.TotalAmount],
    ).toBe('-2775.61')
    expect(
      head([
        [100, 840, 'Zu Ihren Gunsten'],
        [1400, 840, '2.775,61 EUR'],
      ])[P.TotalAmount],
    ).toBe('-2775.61')
  })

  it('takes its own number and date, never those its sentence names as the credited invoice', () => {
    const letter = head([
      [1100, 200, 'Kristiansand, 02.02.2026'],
      [100, 300, 'Kreditfaktura KN-2026-0388 avseende faktura F79316 av 27.11.2025'],
    ])
    expect([letter[P.InvoiceNumber], letter[P.InvoiceDate]]).toEqual(['KN-2026-0388', '2026-02-02'])
    const facts = head([
      [900, 200, 'Kreditnota nr. 56152'],
      [900, 240, 'Dato 10. september 2026'],
      [900, 280, 'Gjelder faktura 2026-55786'],
      [900, 320, 'Fakturadato 6. august 2026'],
      [100, 400, 'Krediterer faktura nr. 2026-55786 av 6. august 2026'],
    ])
    expect([facts[P.InvoiceNumber], facts[P.InvoiceDate]]).toEqual(['56152', '2026-09-10'])
    // Without the sentence, the date at a plain label is the credit note's, not the one at `Invoice date`.
    const english = head([
      [900, 200, 'Credit note no. KN-2025-0556'],
      [900, 240, 'Date 10.11.2025'],
      [900, 280, 'Original invoice 2025-82277'],
      [900, 320, 'Invoice date 21.10.2025'],
    ])
    expect(english[P.InvoiceDate]).toBe('2025-11-10')
    // An invoice (no credit note's title) keeps its invoice date.
    const invoice = read(
      phrasePage([
        [900, 240, 'Dato 10.11.2025'],
        [900, 320, 'Fakturadato 21.10.2025'],
      ]),
    ).values
    expect(invoice[P.InvoiceDate]).toBe('2025-10-21')
  })

  it('reads a number at a bare `Nummer`, never at one heading a column, and a Danish dateline', () => {
    expect(
      head([
        [900, 200, 'Nummer'],
        [1200, 200, 'K68399'],
      ])[P.InvoiceNumber],
    ).toBe('K68399')
    const column = head([
      [100, 500, 'Nummer'],
      [500, 500, 'Beskrivelse'],
      [100, 540, '4711'],
      [500, 540, 'Reservedeler'],
      [100, 580, '4712'],
      [500, 580, 'Kabler'],
    ])
    expect(column[P.InvoiceNumber]).toBeUndefined()
    expect(head([[1100, 200, 'Odense C, 14-09-2025']])[P.InvoiceDate]).toBe('2025-09-14')
  })

  it("never takes the buyer's account a refund is paid to", () => {
    const page = head([
      [100, 900, 'Beløpet tilbakebetales til deres konto 3201 49 53050 innen 14 dager.'],
      [100, 1100, 'Kontonr. 1506 02 20724'],
    ])
    expect(page[P.BankAccount]).toBe('15060220724')
  })
})

describe('the sums of each VAT rate printed as rows of their own', () => {
  const total = (lines: string[]) => scanned(lines)[P.TotalAmount]
  const rows = (payable: string) => [
    'TAX INVOICE',
    'Date: 30/10/2017',
    'WHOLEMEAL 2.78 3 8.34',
    'Total 0% supplies: 26.61',
    'CR-CHOCLT 0.72 20 14.40',
    'Total 6% supplies (excl. GST): 33.96',
    'Total 6% supplies (Inc. GST): 35.99',
    'Total 0% supplies: 26.61',
    payable,
  ]

  it("are never the total, one rate's sum however often it is printed", () => {
    // The payable total's digits read unsure: the rows' sum bears it out.
    const page = scannedLines(rows('Total Payable: 62.60'))
    const unsure = page.Words.filter((w) => w.Text === '62.60').map((w) => w.Id)
    expect(read({ ...page, UnsureWords: unsure }).values[P.TotalAmount]).toBe('62.60')
  })

  it('add up to the total where its own amount is misread, cut short or unreadable', () => {
    expect(total(rows('Total Payable: 62.80'))).toBe('62.60')
    expect(total(rows('Total Payable: 62.6'))).toBe('62.60')
    expect(total(rows('Total Pays et BSS'))).toBe('62.60')
  })

  it("add up to nothing where a rate's gross is not printed", () => {
    const netOnly = rows('Total Payable: 62.80').filter((l) => !l.includes('Inc.'))
    expect(total(netOnly)).not.toBe('62.60')
  })
})

describe("a till's payment that its net and VAT bear out, over a labelled total nothing bears out", () => {
  type Phrases = [number, number, string][]
  const row = (y: number, ...cells: [number, string][]): Phrases => cells.map(([x, t]) => [x, y, t])
  /** A till's receipt: two items under an `Amount` heading, its sums, what was tendered and the change. */
  const till = (totalLine: string, tendered: string, change: string): Phrases => [
    ...row(100, [100, 'Unit Price'], [500, 'Unit Discount'], [1200, 'Amount Cod']),
    ...row(160, [100, 'RM 2.80'], [400, '2'], [600, '0.00'], [1200, 'RM5.60 SR']),
    ...row(220, [100, 'RM 1.80'], [400, '2'], [600, '0.00'], [1200, 'RM3.60 SR']),
    ...row(280, [100, 'Qty:'], [300, '4'], [500, 'Total Excl GST'], [1200, 'RM9.20']),
    ...row(340, [100, 'GST:'], [1200, 'RMO0.55']),
    ...row(400, [100, 'Total Sales:'], [1200, totalLine]),
    ...row(460, [100, `Tendered: ${tendered}`]),
    ...row(520, [100, `Change ${change}`]),
    ...row(580, [100, 'GST Summary'], [500, 'Excl Amount(RM)'], [900, 'Tax(RM)']),
    ...row(640, [100, 'SR'], [300, '6%'], [500, '9.20'], [900, '0.55']),
  ]
  const total = (phrases: Phrases) => read(phrasePage(phrases, 'tesseract')).values[P.TotalAmount]

  it("is the cash given less the change where the total's printing is misread", () => {
    // 10.00 less 0.25 is 9.75, whose VAT at 6 % is the 0.55 printed; the currency glued to both.
    expect(total(till('RMS.75', 'RM10.00', 'RM0.25'))).toBe('9.75')
  })

  it('is the total its net, VAT and cash rounding make, over the net labelled a total', () => {
    const page = (rounding: string) =>
      phrasePage(
        [
          ...row(100, [100, 'Qty'], [300, 'Description'], [1200, 'Total (RM) Tax']),
          ...row(160, [100, '1'], [300, 'Nasi lemak'], [1200, '18.00']),
          ...row(220, [100, '1'], [300, 'Teh tarik'], [1200, '15.00']),
          ...row(280, [100, 'Total Sales Amount'], [1200, '33.00']),
          ...row(340, [100, 'GST 6%'], [1200, '1.98']),
          ...row(400, [100, 'Rounding Adjustment'], [1200, rounding]),
          ...row(460, [100, 'TOTAL'], [1200, '35.00']),
        ],
        'tesseract',
      )
    expect(read(page('0.02')).values[P.TotalAmount]).toBe('35.00')
    // A rounding of more than a till's two cents bears out nothing.
    expect(read(page('0.30')).values[P.TotalAmount]).not.toBe('35.00')
  })

  it('is not taken where the VAT does not bear it out, nor over a total that is read', () => {
    expect(total(till('RMS.75', 'RM10.00', 'RM1.25'))).not.toBe('8.75')
    expect(total(till('RM9.75', 'RM10.00', 'RM0.25'))).toBe('9.75')
  })
})
