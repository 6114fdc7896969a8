// The interpreter on the wordings and layouts invoices of several countries use: labels in nb, nn, sv, da, fi, it, es,
// en, de, fr and nl; credit notes; giro slips with kroner and øre in two boxes; totals tables with several
// sums; the buyer's own account; values on later pages; labels as a scanner misreads them.
import { describe, expect, it } from 'vitest'
import {
  bankAccountToIban,
  generateBankAccount,
  generateKid,
  generateOrgNumber,
} from '../common/norwegian.ts'
import { OcrPropertyId as P } from '../common/ocr.ts'
import { interpretDocument, interpretInvoice } from './interpret.ts'
import { phrasePage } from './phrase-page.ts'
import type { OcrPageResult } from './types.ts'

const org = generateOrgNumber(4101)
const account = generateBankAccount(4303)
const buyerAccount = generateBankAccount(4404)
const kid = generateKid(4505, 10, 'mod10')
const grouped = (a: string) => `${a.slice(0, 4)}.${a.slice(4, 6)}.${a.slice(6)}`

function read(pages: OcrPageResult[], opts = {}): Record<number, string> {
  return Object.fromEntries(
    interpretDocument(pages, opts).map((p) => [p.OcrPropertyId, p.ProposedCandidate.Value]),
  )
}

function pageOf(rows: [string, string][], source: OcrPageResult['Source'] = 'text-layer', pageNo = 1) {
  return phrasePage(
    rows.flatMap(([label, value], i) => [
      [100, 100 + i * 40, label] as [number, number, string],
      [700, 100 + i * 40, value] as [number, number, string],
    ]),
    source,
    pageNo,
  )
}

describe('labels in other wordings', () => {
  const cases: [string, [string, string][], Record<number, string>][] = [
    [
      'Finnish',
      [
        ['Lasku nro', '20417'],
        ['Päiväys', '2. maaliskuuta 2026'],
        ['Eräpäivä', '16.3.2026'],
        ['Veroton', '1 000,00'],
        ['ALV 24 %', '240,00'],
        ['Maksettava yhteensä', '1 240,00 €'],
      ],
      { 5: '20417', 6: '1240.00', 7: '2026-03-02', 8: '2026-03-16' },
    ],
    [
      'Italian and Spanish dates',
      [
        ['Fattura n.', '118/2026'],
        ['Data', '2 marzo 2026'],
        ['Fecha de vencimiento', '16 de marzo de 2026'],
        ['Totale da pagare', '1.220,00 €'],
      ],
      { 5: '118/2026', 6: '1220.00', 7: '2026-03-02', 8: '2026-03-16' },
    ],
    [
      'nynorsk',
      [
        ['Fakturanummer', '20417'],
        ['Fakturadato', '02.03.2026'],
        ['Forfallsdag', '16.03.2026'],
        ['Kontonummer', grouped(account)],
        ['KID', kid],
        ['Å betala', '1 250,00'],
      ],
      { 3: account, 4: kid, 5: '20417', 7: '2026-03-02', 8: '2026-03-16' },
    ],
    [
      'Swedish',
      [
        ['Fakturanr', 'A-5521'],
        ['Fakturadatum', '2026-03-02'],
        ['Sista betalningsdag', '2026-04-01'],
        ['OCR-nummer', kid],
        ['Summa att betala', '3 125,00 kr'],
      ],
      { 4: kid, 5: 'A-5521', 6: '3125.00', 7: '2026-03-02', 8: '2026-04-01' },
    ],
    [
      'Danish',
      [
        ['Fakturanr.', '88120'],
        ['Fakturadato', '02-03-2026'],
        ['Sidste rettidige betalingsdag', '16.03.2026'],
        ['I alt at betale', 'DKK 4.375,00'],
      ],
      { 5: '88120', 6: '4375.00', 8: '2026-03-16' },
    ],
    [
      'German',
      [
        ['Rechnungs-Nr.', 'RE-2026-0042'],
        ['Rechnungsdatum', '02.03.2026'],
        ['Zahlungsfrist', '16.03.2026'],
        ['Zu zahlender Betrag', '1.190,00 €'],
      ],
      { 5: 'RE-2026-0042', 6: '1190.00', 7: '2026-03-02', 8: '2026-03-16' },
    ],
    [
      'French',
      [
        ['N° de facture', 'F2026-118'],
        ['Date de facture', '02/03/2026'],
        ["Date d'échéance", '01/04/2026'],
        ['Net à payer', '1 200,00 €'],
      ],
      { 5: 'F2026-118', 6: '1200.00', 7: '2026-03-02', 8: '2026-04-01' },
    ],
    [
      'Dutch',
      [
        ['Factuurnummer', '2026.0318'],
        ['Factuurdatum', '02-03-2026'],
        ['Vervaldatum', '16-03-2026'],
        ['Te betalen', '€ 605,00'],
      ],
      { 5: '2026.0318', 6: '605.00', 7: '2026-03-02', 8: '2026-03-16' },
    ],
    [
      'English',
      [
        ['Invoice No', 'INV-10442'],
        ['Date of issue', '2 March 2026'],
        ['Payment due date', 'March 16, 2026'],
        ['Amount payable', 'GBP 1,250.00'],
      ],
      { 5: 'INV-10442', 6: '1250.00', 7: '2026-03-02', 8: '2026-03-16' },
    ],
  ]
  it.each(cases)('%s', (_, rows, want) => {
    expect(read([pageOf(rows)])).toMatchObject(want)
  })
})

describe('totals tables', () => {
  it('takes the payable sum, never the net, VAT, rounding or what was paid', () => {
    const got = read([
      pageOf([
        ['Total excl. VAT', '1 000,00'],
        ['VAT 25 %', '250,00'],
        ['Rounding', '0,40'],
        ['Total', '1 250,40'],
        ['Amount paid', '250,40'],
        ['Amount due', '1 000,00'],
      ]),
    ])
    expect(got[P.TotalAmount]).toBe('1000.00')
    const nb = read([
      pageOf([
        ['Sum eks. mva', '2 000,00'],
        ['Mva-beløp', '500,00'],
        ['Øreavrunding', '0,00'],
        ['Sum inkl. mva', '2 500,00'],
      ]),
    ])
    expect(nb[P.TotalAmount]).toBe('2500.00')
  })

  it('reads the total from a table whose header row names each sum', () => {
    const page = phrasePage([
      [100, 100, 'Nettobetrag'],
      [400, 100, 'MwSt.'],
      [700, 100, 'Gesamtbetrag'],
      [100, 140, '800,00'],
      [400, 140, '152,00'],
      [700, 140, '952,00'],
    ])
    expect(read([page])[P.TotalAmount]).toBe('952.00')
  })
})

describe('credit notes', () => {
  it("takes the credit note's own number and date, not the credited invoice's, and a negative total", () => {
    const page = phrasePage([
      [100, 60, 'KREDITNOTA'],
      [100, 100, 'Fakturanr'],
      [700, 100, '30012'],
      [100, 140, 'Fakturadato'],
      [700, 140, '05.01.2026'],
      [100, 180, 'Kreditnotanr'],
      [700, 180, 'K-1207'],
      [100, 220, 'Kreditnotadato'],
      [700, 220, '02.02.2026'],
      [100, 260, 'Sum kreditert'],
      [700, 260, '1 250,00'],
    ])
    expect(read([page])).toMatchObject({ 5: 'K-1207', 7: '2026-02-02', 6: '-1250.00' })
  })

  it.each(['-1 250,00', '1 250,00-', '(1 250,00)', 'kr -1 250,00', '−1 250,00', '1 250,00 CR'])(
    'reads %s as a negative total',
    (printed) => {
      expect(read([pageOf([['Credit total', printed]])])[P.TotalAmount]).toBe('-1250.00')
    },
  )
})

describe('giro slips', () => {
  it('reads kroner and øre printed in two boxes under their labels as one amount', () => {
    const page = phrasePage([
      [100, 1800, 'Beløp'],
      [600, 1800, 'Kroner'],
      [800, 1800, 'Øre'],
      [600, 1840, '4 512'],
      [800, 1840, '75'],
    ])
    expect(read([page])[P.TotalAmount]).toBe('4512.75')
  })

  it('reads the øre box when it stands close beside the kroner', () => {
    const page = phrasePage([
      [600, 1800, 'Kroner'],
      [700, 1800, 'Øre'],
      [600, 1840, '4 512 75'],
    ])
    expect(read([page])[P.TotalAmount]).toBe('4512.75')
  })
})

describe("the buyer's own account", () => {
  it('is never proposed under a direct-debit or customer label', () => {
    const got = read([
      pageOf([
        ['Belastes konto', grouped(buyerAccount)],
        ['Betal til konto', grouped(account)],
      ]),
    ])
    expect(got[P.BankAccount]).toBe(account)
    expect(read([pageOf([['Your account', grouped(buyerAccount)]])])[P.BankAccount]).toBeUndefined()
  })
})

describe('values on later pages', () => {
  it('proposes the due date, KID, account and total of page 2 with PageNo 2', () => {
    const first = pageOf([
      ['Fakturanr', '55120'],
      ['Fakturadato', '02.03.2026'],
    ])
    const second = pageOf(
      [
        ['Forfallsdato', '16.03.2026'],
        ['KID', kid],
        ['Kontonummer', grouped(account)],
        ['Å betale', '980,00'],
      ],
      'text-layer',
      2,
    )
    const props = interpretDocument([first, second])
    const on = (id: number) => props.find((p) => p.OcrPropertyId === id)?.ProposedCandidate
    expect(on(P.InvoiceNumber)).toMatchObject({ Value: '55120', PageNo: 1 })
    for (const [id, value] of [
      [P.DueDate, '2026-03-16'],
      [P.Kid, kid],
      [P.BankAccount, account],
      [P.TotalAmount, '980.00'],
    ] as const)
      expect(on(id), String(id)).toMatchObject({ Value: value, PageNo: 2 })
  })
})

describe('scans and photos', () => {
  it('reads the organisation number and account under labels a scanner misread', () => {
    const got = read([
      pageOf(
        [
          ['0rg.nr', org.replace(/(\d{3})(\d{3})(\d{3})/, '$1 $2 $3')],
          ['K0ntonummer', grouped(account)],
        ],
        'tesseract',
      ),
    ])
    expect(got).toMatchObject({ 1: org, 3: account })
  })

  it("reads the value below a label whose tail the scan misread, and an IBAN's country read as N0", () => {
    const page = phrasePage(
      [
        [60, 1800, 'Kundeidentifikasjon (KIDY'],
        [60, 1840, kid],
      ],
      'tesseract',
    )
    expect(read([page])[P.Kid]).toBe(kid)
    const iban = bankAccountToIban(account)!
    const scanned = phrasePage([[100, 100, `IBAN: ${iban.replace(/^NO/, 'N0')}`]], 'tesseract')
    expect(read([scanned])[P.Iban]).toBe(iban)
  })

  it('reads NO 999 999 999 MVA as a scan reads it', () => {
    const spaced = org.replace(/(\d{3})(\d{3})(\d{3})/, '$1 $2 $3')
    for (const printed of [`N0 ${spaced} MVA`, `NO${org}MVA`, `NO ${spaced} MVÅ`])
      expect(read([phrasePage([[100, 100, printed]], 'tesseract')])[P.OfficialNumber], printed).toBe(org)
  })
})

describe('foreign suppliers', () => {
  it.each([
    ['Org.nr 556036-0793', 'SE', 'SE556036079301'],
    ['CVR-nr. 13 58 56 28', 'DK', 'DK13585628'],
    ['VAT Reg. No. GB 980 7806 84', 'GB', 'GB980780684'],
    ['Btw-nummer NL004495445B01', 'NL', 'NL004495445B01'],
    ['N° TVA FR40303265045', 'FR', 'FR40303265045'],
    ['Y-tunnus 2077474-0', 'FI', 'FI20774740'],
  ])('%s is kept as %s, never as the organisation number', (printed, country, value) => {
    const { properties, foreignSupplierIds } = interpretInvoice([phrasePage([[100, 100, printed]])])
    expect(properties.find((p) => p.OcrPropertyId === P.OfficialNumber)).toBeUndefined()
    expect(foreignSupplierIds[0]).toMatchObject({ CountryCode: country, Value: value })
  })

  it('keeps nothing when the national check fails', () => {
    for (const printed of ['Org.nr 556036-0794', 'CVR-nr. 13 58 56 29', 'VAT Reg. No. GB 980 7806 85'])
      expect(interpretInvoice([phrasePage([[100, 100, printed]])]).foreignSupplierIds, printed).toEqual([])
  })
})

describe('foreign invoices as suppliers abroad print them', () => {
  it('reads the number after a title, a weekday before a date, and a ticket date', () => {
    const page = phrasePage([
      [100, 60, 'INVOICE #1042'],
      [100, 100, 'Date of issue'],
      [700, 100, 'Tuesday, March 3, 2026'],
      [100, 140, 'Due'],
      [700, 140, '17MAR26'],
      [100, 180, 'Amount due'],
      [700, 180, '$1,250.00 USD'],
    ])
    expect(read([page])).toMatchObject({ 5: '1042', 6: '1250.00', 7: '2026-03-03', 8: '2026-03-17' })
  })

  it('never takes a number printed below a title', () => {
    const page = phrasePage([
      [100, 60, 'FAKTURA'],
      [100, 100, '0150'],
    ])
    expect(read([page])[P.InvoiceNumber]).toBeUndefined()
  })

  it('reads slash dates in the order the document shows, and is unsure when it cannot tell', () => {
    const american = read([
      pageOf([
        ['Invoice date', '03/04/2026'],
        ['Due date', '03/18/2026'],
      ]),
    ])
    expect(american).toMatchObject({ 7: '2026-03-04', 8: '2026-03-18' })
    const unclear = interpretDocument([
      pageOf([
        ['Invoice date', '03/04/2026'],
        ['Due date', '04/05/2026'],
      ]),
    ])
    for (const p of unclear) expect(p.ProposedCandidate.ProbabilityFactor).toBeLessThan(0.9)
    expect(
      read([
        pageOf([
          ['Invoice date', '16/03/2026'],
          ['Due date', '03/04/2026'],
        ]),
      ]),
    ).toMatchObject({
      7: '2026-03-16',
      8: '2026-04-03',
    })
  })
})

describe('a totals row across the page', () => {
  it('reads the amount in the right column, far from its label', () => {
    const page = phrasePage([
      [60, 100, 'Sum eks. mva'],
      [1400, 100, '1 000,00'],
      [60, 140, 'Mva 25 %'],
      [1400, 140, '250,00'],
      [60, 180, 'Totalt å betale'],
      [1400, 180, '1 250,00'],
    ])
    const total = interpretDocument([page]).find((p) => p.OcrPropertyId === P.TotalAmount)!
    expect(total.ProposedCandidate.Value).toBe('1250.00')
  })
})

describe('the rest to pay after a prepayment, in other wordings', () => {
  it.each([
    ['Summa inkl. moms', 'Betalt', 'Kvar att betala'],
    ['Gesamtbetrag', 'Anzahlung', 'Noch zu zahlen'],
    ['Total TTC', 'Acompte', 'Reste à payer'],
    ['Total', 'Amount paid', 'Outstanding balance'],
  ])('%s, %s, %s', (totalLabel, paidLabel, restLabel) => {
    const got = read([
      pageOf([
        ['Netto', '1 000,00'],
        ['Moms 25 %', '250,00'],
        [totalLabel, '1 250,00'],
        [paidLabel, '-500,00'],
        [restLabel, '750,00'],
      ]),
    ])
    expect(got[P.TotalAmount]).toBe('750.00')
  })
})

describe("a foreign supplier's invoice with the buyer's Norwegian number", () => {
  it("keeps the supplier's foreign id and never proposes the buyer's number as the supplier's", () => {
    const spaced = org.replace(/(\d{3})(\d{3})(\d{3})/, '$1 $2 $3')
    for (const buyerLine of [`NO ${spaced} MVA`, `Customer VAT no. NO${org}MVA`, `Org.nr ${spaced}`]) {
      const { properties, foreignSupplierIds } = interpretInvoice([
        phrasePage([
          [100, 100, 'VAT Reg. No. GB 980 7806 84'],
          [100, 400, buyerLine],
        ]),
      ])
      expect(foreignSupplierIds[0]?.Value, buyerLine).toBe('GB980780684')
      expect(
        properties.find((p) => p.OcrPropertyId === P.OfficialNumber),
        buyerLine,
      ).toBeUndefined()
    }
  })
})
