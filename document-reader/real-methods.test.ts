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
