import { describe, expect, it } from 'vitest'
import {
  bankAccountToIban,
  generateBankAccount,
  generateKid,
  generateOrgNumber,
  makeKid,
} from '../common/norwegian.ts'
import { makeIban, normaliseIban } from './foreign.ts'
import { interpret, interpretDocument, interpretInvoice } from './interpret.ts'
import { parseAmount, parseDate, parseOrgNumber } from './values.ts'
import { OcrPropertyId } from '../common/ocr.ts'
import type { OcrPageResult } from './types.ts'
import { changedPhrases, phrasePage } from './phrase-page.ts'

const page = phrasePage

/** The total proposed for phrases read as a scan, if any. */
const scannedTotal = (phrases: [number, number, string][]) =>
  interpret(page(phrases, 'tesseract')).find((p) => p.OcrPropertyId === OcrPropertyId.TotalAmount)
    ?.ProposedCandidate

function proposals(p: OcrPageResult, buyerOrgNumbers?: string[]): Record<number, string> {
  return Object.fromEntries(
    interpret(p, { buyerOrgNumbers }).map((x) => [x.OcrPropertyId, x.ProposedCandidate.Value]),
  )
}

const org = generateOrgNumber(101)
const buyerOrg = generateOrgNumber(202)
const account = generateBankAccount(303)
const spaced = (d: string, groups: number[]) => {
  const parts: string[] = []
  let i = 0
  for (const g of groups) {
    parts.push(d.slice(i, i + g))
    i += g
  }
  return parts.join(' ')
}

describe('amount and date formats', () => {
  it.each([
    ['1 234,56', '1234.56'],
    ['1\u00a0234,56', '1234.56'],
    ['1.234,56', '1234.56'],
    ['kr 1 234,56', '1234.56'],
    ['NOK 1234.56', '1234.56'],
    ['12 345,50 kr', '12345.50'],
    ['1 234,-', '1234.00'],
    ['1,234.56', '1234.56'],
    ['980', '980.00'],
    ['kr 18 419,-', '18419.00'],
    ['1 234,50 NOK', '1234.50'],
    ['NOK 12.345,00', '12345.00'],
    ['1.234,50 €', '1234.50'],
    ['1.234,50 kr.', '1234.50'],
    ['7 599,62-', '-7599.62'],
    ['(7 599,62)', '-7599.62'],
    ['-7 599,62', '-7599.62'],
    ['kr -7 599,62', '-7599.62'],
    ["CHF 1'250.00", '1250.00'],
    ['1’250.50', '1250.50'],
  ])('reads %s as %s', (printed, value) => {
    expect(parseAmount(printed)).toBe(value)
  })

  it.each(['12,3', 'abc', '1 23,45', ''])('refuses %s as an amount', (printed) => {
    expect(parseAmount(printed)).toBeNull()
  })

  it.each([
    ['05.03.2026', '2026-03-05'],
    ['5.3.26', '2026-03-05'],
    ['5. mars 2026', '2026-03-05'],
    ['2026-03-05', '2026-03-05'],
    ['5 March 2026', '2026-03-05'],
    ['March 5, 2026', '2026-03-05'],
    ['5th March 2026', '2026-03-05'],
    ['21st of March 2026', '2026-03-21'],
    ['5/3-2026', '2026-03-05'],
    ['5/3 2026', '2026-03-05'],
    ['5 de marzo de 2026', '2026-03-05'],
    ['5 de dic. de 2026', '2026-12-05'],
    ['5. maaliskuuta 2026', '2026-03-05'],
    ['5. kesäkuuta 2026', '2026-06-05'],
    ['5 maggio 2026', '2026-05-05'],
    ['5 grudnia 2026', '2026-12-05'],
    ['5. března 2026', '2026-03-05'],
  ])('reads %s as %s', (printed, value) => {
    expect(parseDate(printed)).toBe(value)
  })

  it('refuses impossible dates', () => {
    expect(parseDate('31.02.2026')).toBeNull()
    expect(parseDate('12.13.2026')).toBeNull()
  })
})

describe('labels and layout', () => {
  it('reads Norwegian labels with the value right of the label', () => {
    const p = page([
      [900, 300, 'Fakturanummer:'],
      [1200, 300, '10234'],
      [900, 340, 'Fakturadato:'],
      [1200, 340, '05.03.2026'],
      [900, 380, 'Forfallsdato:'],
      [1200, 380, '19.03.2026'],
      [100, 900, `Kontonummer: ${spaced(account, [4, 2, 5])}`],
      [900, 800, 'Sum å betale'],
      [1400, 800, 'kr 12 345,50'],
      [100, 100, `Org.nr: NO ${spaced(org, [3, 3, 3])} MVA`],
    ])
    expect(proposals(p)).toMatchObject({
      [OcrPropertyId.InvoiceNumber]: '10234',
      [OcrPropertyId.InvoiceDate]: '2026-03-05',
      [OcrPropertyId.DueDate]: '2026-03-19',
      [OcrPropertyId.BankAccount]: account,
      [OcrPropertyId.TotalAmount]: '12345.50',
      [OcrPropertyId.OfficialNumber]: org,
    })
  })

  it('reads English labels and keeps the invoice number as printed', () => {
    const p = page([
      [900, 300, 'Invoice no.'],
      [1200, 300, 'INV-2026-0042'],
      [900, 340, 'Invoice date'],
      [1200, 340, '5 March 2026'],
      [900, 380, 'Due date'],
      [1200, 380, '2026-04-04'],
      [900, 800, 'Amount due'],
      [1400, 800, 'NOK 1234.56'],
      [100, 900, `Account no.: ${spaced(account, [4, 2, 5])}`],
    ])
    expect(proposals(p)).toMatchObject({
      [OcrPropertyId.InvoiceNumber]: 'INV-2026-0042',
      [OcrPropertyId.InvoiceDate]: '2026-03-05',
      [OcrPropertyId.DueDate]: '2026-04-04',
      [OcrPropertyId.TotalAmount]: '1234.56',
      [OcrPropertyId.BankAccount]: account,
    })
  })

  it('reads a payment slip: values below their labels, kroner and øre in separate boxes', () => {
    const kid = generateKid(77, 12)
    const p = page([
      [100, 1900, 'Kundeidentifikasjon (KID)'],
      [700, 1900, 'Kroner'],
      [860, 1900, 'Øre'],
      [1100, 1900, 'Til konto'],
      [110, 1940, kid],
      [760, 1940, '4348'],
      [870, 1940, '75'],
      [1110, 1940, `${account.slice(0, 4)}.${account.slice(4, 6)}.${account.slice(6)}`],
    ])
    const got = interpret(p)
    const total = got.find((x) => x.OcrPropertyId === OcrPropertyId.TotalAmount)!
    expect(total.ProposedCandidate.Value).toBe('4348.75')
    expect(total.ProposedCandidate.HitWordText).toBe('4348 75')
    expect(proposals(p)).toMatchObject({ [OcrPropertyId.Kid]: kid, [OcrPropertyId.BankAccount]: account })
  })

  it('reads an account printed with dots that a scan read with a space beside one', () => {
    const dotted = (sep2: string) => `${account.slice(0, 4)}.${account.slice(4, 6)}${sep2}${account.slice(6)}`
    for (const printed of [dotted('. '), dotted(' .')]) {
      const p = page([
        [1100, 1900, 'Til konto'],
        [1110, 1940, printed],
      ])
      expect(proposals(p)[OcrPropertyId.BankAccount]).toBe(account)
    }
  })

  it('locates the candidate on the page and keeps the printed text', () => {
    const p = page([
      [100, 500, 'KID:'],
      [300, 500, '0012345674'],
    ])
    const kid = makeKid('001234567')
    const p2 = page([
      [100, 500, 'KID:'],
      [300, 500, kid],
    ])
    expect(interpret(p)).toEqual(interpret(p).filter((x) => x.OcrPropertyId === OcrPropertyId.Kid))
    const [prop] = interpret(p2)
    expect(prop!.ProposedCandidate).toMatchObject({
      Value: kid,
      HitWordText: kid,
      Left: 300,
      Top: 500,
      Height: 20,
    })
    expect(prop!.ProposedCandidate.Width).toBe(kid.length * 9)
    expect(prop!.ProposedCandidate.ProbabilityFactor).toBeGreaterThan(0)
    expect(prop!.ProposedCandidate.ProbabilityFactor).toBeLessThanOrEqual(1)
    expect(prop!.OcrProperty).toEqual({ Id: 4, Name: 'Customer identification number', PropertyType: 1 })
  })

  it('reads a MOD11 KID ending in a dash', () => {
    let payload = 100
    while (makeKid(String(payload), 'mod11').slice(-1) !== '-') payload++
    const kid = makeKid(String(payload), 'mod11')
    expect(proposals(page([[100, 500, `KID: ${kid}`]]))[OcrPropertyId.Kid]).toBe(kid)
  })

  it('reads IBAN without spaces and a skewed scan line by line', () => {
    // A page turned by about one degree: each word 0.018 px lower per px to the right.
    const p = page([
      [100, 500, 'IBAN:'],
      [200, 502, 'NO93 8601 1117 947'],
      [100, 540, 'Fakturanummer'],
      [600, 549, '4711'],
      [800, 553, 'Kundenr'],
      [1000, 557, '5512'],
    ])
    expect(proposals(p)).toMatchObject({
      [OcrPropertyId.Iban]: 'NO9386011117947',
      [OcrPropertyId.InvoiceNumber]: '4711',
    })
  })
})

describe('checksums', () => {
  it('never proposes an org number, bank account, IBAN or KID that fails its check digit', () => {
    const badOrg = org.slice(0, 8) + String((Number(org[8]) + 1) % 10)
    const badAccount = account.slice(0, 10) + String((Number(account[10]) + 1) % 10)
    const badKid = '12345678901'
    const p = page([
      [100, 100, `Org.nr: NO ${badOrg} MVA`],
      [100, 200, `Kontonummer: ${badAccount}`],
      [100, 300, `KID: ${badKid}`],
      [100, 400, 'IBAN: NO94 8601 1117 947'],
    ])
    expect(proposals(p)).toEqual({})
  })
})

describe("the IBAN of the page's own bank account", () => {
  const iban = bankAccountToIban(account)!
  const grouped = (s: string) => s.replace(/(.{4})(?=.)/g, '$1 ')
  const misread = (s: string, at: number) =>
    s.slice(0, at) + String((Number(s[at]) + 3) % 10) + s.slice(at + 1)
  const read = (ibanText: string) => {
    const props = interpret(
      page(
        [
          [100, 200, `Kontonummer: ${spaced(account, [4, 2, 5])}`],
          [100, 300, `IBAN: ${ibanText}`],
        ],
        'tesseract',
      ),
    )
    return props.find((x) => x.OcrPropertyId === OcrPropertyId.Iban)?.ProposedCandidate ?? null
  }

  it('stands in for an IBAN whose check fails by one misread, added or lost digit, never as sure', () => {
    for (const text of [
      grouped(misread(iban, 9)),
      grouped(iban.slice(0, 8) + '5' + iban.slice(8)),
      grouped(iban.slice(0, 12) + iban.slice(13)),
      // The scan lost everything after the check digits.
      iban.slice(0, 4),
    ]) {
      const candidate = read(text)
      expect(candidate?.Value, text).toBe(iban)
      expect(candidate!.ProbabilityFactor).toBeLessThan(0.9)
    }
  })

  it('stands in for an IBAN whose `O` a scan read as one or two look-alikes (`NQO78`, `N0`)', () => {
    for (const text of [`NQO${iban.slice(2)}`, `NQ${iban.slice(2)}`, grouped(`N0${iban.slice(2)}`)])
      expect(read(text)?.Value, text).toBe(iban)
  })

  it('reads an IBAN whose groups a scan joined with dashes or dots', () => {
    expect(read(iban.slice(0, 4) + '-' + grouped(iban.slice(4)).replace(/ /g, '.'))?.Value).toBe(iban)
  })

  it('is not proposed when the printed check digits or two digits disagree', () => {
    const otherCheck = `NO${String((Number(iban.slice(2, 4)) + 11) % 100).padStart(2, '0')}${iban.slice(4)}`
    expect(read(grouped(otherCheck))).toBeNull()
    expect(read(grouped(misread(misread(iban, 6), 11)))).toBeNull()
  })
})

describe('organisation number in running text', () => {
  it('is read with NO before it and MVA and a comma after it, the check digit deciding', () => {
    const grouped = spaced(org, [3, 3, 3])
    expect(parseOrgNumber(`NO ${grouped} MVA,`)).toBe(org)
    expect(parseOrgNumber(`N0 ${grouped} MVÅ.`)).toBe(org)
    expect(parseOrgNumber(`${grouped},`)).toBe(org)
    const otherLast = org.slice(0, 8) + String((Number(org[8]) + 1) % 10)
    expect(parseOrgNumber(`NO ${spaced(otherLast, [3, 3, 3])} MVA,`)).toBeNull()
  })
})

describe('distractors', () => {
  const invoice = (extra: [number, number, string][]) =>
    page([
      [100, 100, `NO ${spaced(org, [3, 3, 3])} MVA`],
      [900, 300, 'Fakturanr.'],
      [1200, 300, '5001'],
      [900, 340, 'Kundenr.'],
      [1200, 340, '440021'],
      [900, 380, 'Ordrenr.'],
      [1200, 380, '99812'],
      [900, 420, 'Leveringsdato'],
      [1200, 420, '01.03.2026'],
      [900, 460, 'Dato'],
      [1200, 460, '05.03.2026'],
      [900, 800, 'Sum eks. mva'],
      [1400, 800, '8 000,00'],
      [900, 840, 'MVA 25 %'],
      [1400, 840, '2 000,00'],
      [900, 880, 'Å betale'],
      [1400, 880, '10 000,00'],
      [100, 2200, 'Telefon 22 33 44 55'],
      ...extra,
    ])

  it("ignores the buyer's org number under a customer heading", () => {
    const p = invoice([
      [100, 300, 'Kunde'],
      [100, 340, 'Kvam Bygg AS'],
      [100, 380, `Org.nr. ${spaced(buyerOrg, [3, 3, 3])}`],
    ])
    const got = interpret(p)
    const orgProp = got.find((x) => x.OcrPropertyId === OcrPropertyId.OfficialNumber)!
    expect(orgProp.InterpretationCandidates.map((c) => c.Value)).toEqual([org])
    expect(proposals(p)).toMatchObject({
      [OcrPropertyId.InvoiceNumber]: '5001',
      [OcrPropertyId.InvoiceDate]: '2026-03-05',
      [OcrPropertyId.TotalAmount]: '10000.00',
    })
    expect(proposals(p)[OcrPropertyId.DueDate]).toBeUndefined()
  })

  it("ignores the buyer's org number given by the caller wherever it is printed", () => {
    const p = page([
      [100, 100, `Org.nr: ${buyerOrg}`],
      [100, 2200, `Foretaksregisteret NO ${spaced(org, [3, 3, 3])} MVA`],
    ])
    const candidates = (buyers?: string[]) =>
      interpret(p, { buyerOrgNumbers: buyers })
        .find((x) => x.OcrPropertyId === OcrPropertyId.OfficialNumber)!
        .InterpretationCandidates.map((c) => c.Value)
    expect(candidates()).toContain(buyerOrg)
    expect(candidates([buyerOrg])).toEqual([org])
  })

  it('takes the total, not the subtotal or VAT, whatever order they are printed in', () => {
    const p = page([
      [900, 800, 'Totalt å betale'],
      [1400, 800, '1 250,00'],
      [900, 840, 'Netto'],
      [1400, 840, '1 000,00'],
      [900, 880, 'MVA'],
      [1400, 880, '250,00'],
    ])
    expect(proposals(p)[OcrPropertyId.TotalAmount]).toBe('1250.00')
  })
})

describe('the whole document and its wording', () => {
  const kid = makeKid('4471203', 'mod10')

  it('reads a total and KID on the last page and tells which page each is on', () => {
    const first = page([
      [100, 100, 'Nordlys AS'],
      [100, 140, `Org.nr. ${spaced(org, [3, 3, 3])}`],
      [900, 200, 'Fakt.nr. 20931'],
      [100, 400, 'Beskrivelse'],
      [1400, 400, 'Beløp'],
      [100, 440, 'Konsulenttimer'],
      [1400, 440, '1 200,00'],
      [100, 480, 'Lisens'],
      [1400, 480, '3 400,00'],
    ])
    const last: OcrPageResult = {
      ...page([
        [900, 300, 'Sum eks. mva'],
        [1400, 300, '4 600,00'],
        [900, 340, 'MVA 25 %'],
        [1400, 340, '1 150,00'],
        [900, 380, 'Å betale'],
        [1400, 380, '5 750,00'],
        [100, 500, `KID: ${kid}`],
      ]),
      PageNo: 3,
    }
    const props = interpretDocument([first, last])
    const got = (id: number) => props.find((p) => p.OcrPropertyId === id)?.ProposedCandidate
    expect(got(OcrPropertyId.InvoiceNumber)).toMatchObject({ Value: '20931', PageNo: 1 })
    expect(got(OcrPropertyId.TotalAmount)).toMatchObject({ Value: '5750.00', PageNo: 3 })
    expect(got(OcrPropertyId.Kid)).toMatchObject({ Value: kid, PageNo: 3 })
    // Net plus VAT on the page confirms the total.
    expect(got(OcrPropertyId.TotalAmount)!.ProbabilityFactor).toBeGreaterThanOrEqual(0.9)
  })

  it("bears out a receipt's total its VAT rows end in, where the page prints nothing left (`0,00`)", () => {
    // The rows' last amount is their gross: the VAT lines add up to the total itself, and the total less
    // them is the `0,00` printed. Sure, as the same sum read twice.
    const rows: [number, number, string][] = [
      [100, 100, 'Brot 4,20'],
      [100, 160, 'Kaese 5,80'],
      [100, 220, 'Summe 10,00'],
      [100, 280, 'MwSt 7% 9,35 0,65 10,00'],
      [100, 340, 'Rückgeld 0,00'],
    ]
    expect(scannedTotal(rows)?.Value).toBe('10.00')
    expect(scannedTotal(rows)!.ProbabilityFactor).toBeGreaterThanOrEqual(0.9)
    expect(scannedTotal(rows.slice(0, 4))!.ProbabilityFactor).toBeLessThan(0.9)
  })

  it('gives an unconfirmed total a probability below 0.9', () => {
    const props = interpret(
      page([
        [900, 380, 'Å betale'],
        [1400, 380, '3 601 475,00'],
      ]),
    )
    const total = props.find((p) => p.OcrPropertyId === OcrPropertyId.TotalAmount)!.ProposedCandidate
    expect(total.Value).toBe('3601475.00')
    expect(total.ProbabilityFactor).toBeLessThan(0.9)
  })

  it('takes the rest after a prepayment, not the total before it', () => {
    const got = proposals(
      page([
        [900, 300, 'Sum eks. mva'],
        [1400, 300, '8 000,00'],
        [900, 340, 'MVA 25 %'],
        [1400, 340, '2 000,00'],
        [900, 380, 'Totalt inkl. mva'],
        [1400, 380, '10 000,00'],
        [900, 420, 'Forskudd betalt'],
        [1400, 420, '-3 000,00'],
        [900, 460, 'Rest å betale'],
        [1400, 460, '7 000,00'],
      ]),
    )
    expect(got[OcrPropertyId.TotalAmount]).toBe('7000.00')
  })

  describe('where the amount to pay is not read', () => {
    // Net, the VAT of three rates and the gross; the amount to pay below them misread past reading.
    const sums: [number, number, string][] = [
      [900, 300, 'Sum utan mva NOK 68.488,53'],
      [900, 340, 'MVA 25 % NOK 8.655,39'],
      [900, 380, 'MVA 15% NOK 3.918,52'],
      [900, 420, 'MVA 12 % NOK 929,22'],
      [900, 460, 'Sum med mva NOK 81.991,66'],
    ]
    const unread: [number, number, string][] = [
      [900, 540, '_Abetala ——'],
      [900, 580, 'NOKSLYL66'],
    ]

    it('takes the gross the net and every VAT line make, below sure', () => {
      const got = scannedTotal([...sums, ...unread])
      expect(got?.Value).toBe('81991.66')
      expect(got!.ProbabilityFactor).toBeLessThan(0.9)
    })

    it('takes the gross less a prepayment the page prints', () => {
      expect(scannedTotal([...sums, [900, 500, 'Innbetalt NOK -11.803,56'], ...unread])?.Value).toBe(
        '70188.10',
      )
      expect(scannedTotal([...sums, [900, 500, 'Anzahlung 1.991,66 EUR'], ...unread])?.Value).toBe('80000.00')
    })

    it('proposes nothing where two prepayments leave the rest in doubt, nothing or one VAT line makes the gross, or no label of the total is printed', () => {
      const two: [number, number, string][] = [
        [900, 500, 'Innbetalt NOK -11.803,56'],
        [900, 520, 'Forskudd betalt NOK -1.000,00'],
      ]
      expect(scannedTotal([...sums, ...two, ...unread])).toBeUndefined()
      expect(scannedTotal([...changedPhrases(sums, '68.488,53', '68.486,53'), ...unread])).toBeUndefined()
      // One VAT line: an amount and it adding up to another is as likely two item lines.
      const oneRate: [number, number, string][] = [
        [900, 300, 'Sum utan mva NOK 1.000,00'],
        [900, 340, 'MVA 25 % NOK 250,00'],
        [900, 380, 'Sum med mva NOK 1.250,00'],
      ]
      expect(scannedTotal([...oneRate, ...unread])).toBeUndefined()
      // No label of the total printed: a receipt's total is found its own ways, not by this arithmetic.
      expect(scannedTotal([...sums, [900, 580, 'NOKSLYL66']])).toBeUndefined()
    })
  })

  it("reads a credit note's total as negative and its own number, not the credited invoice's", () => {
    const got = proposals(
      page([
        [1300, 60, 'KREDITNOTA'],
        [900, 200, 'Kreditnota nr. 5512'],
        [900, 240, 'Gjelder faktura 20931'],
        [900, 380, 'Totalt'],
        [1400, 380, '7 599,62'],
      ]),
    )
    expect(got[OcrPropertyId.InvoiceNumber]).toBe('5512')
    expect(got[OcrPropertyId.TotalAmount]).toBe('-7599.62')
    expect(
      proposals(
        page([
          [900, 380, 'Til gode'],
          [1400, 380, '7 599,62'],
        ]),
      )[6],
    ).toBe('-7599.62')
  })

  it("never proposes the buyer's own bank account", () => {
    const buyerAccount = generateBankAccount(909)
    const p = page([
      [100, 300, `Kundens konto: ${spaced(buyerAccount, [4, 2, 5])}`],
      [100, 900, 'Til konto'],
      [700, 900, 'Betalerens kontonummer'],
      [100, 940, spaced(account, [4, 2, 5]).replace(/ /g, '.')],
      [700, 940, spaced(buyerAccount, [4, 2, 5]).replace(/ /g, '.')],
    ])
    expect(proposals(p)[OcrPropertyId.BankAccount]).toBe(account)
    const only = page([[100, 300, `Kontonr: ${spaced(buyerAccount, [4, 2, 5])}`]])
    expect(interpret(only, { buyerBankAccounts: [buyerAccount] })).toEqual([])
  })

  it('reads foreign suppliers: any IBAN, VAT ids and Swedish, Danish and German labels', () => {
    const iban = makeIban('DE', '370400440532013000')
    const got = proposals(
      page([
        [100, 100, 'USt-IdNr. DE136695976'],
        [900, 200, 'Rechnungsnummer: 2026-118'],
        [900, 240, 'Rechnungsdatum: 03.02.2026'],
        [900, 280, 'Zahlbar bis: 17.02.2026'],
        [900, 380, 'Gesamtbetrag'],
        [1400, 380, '1.234,50 €'],
        [100, 500, `IBAN ${iban.replace(/(.{4})/g, '$1 ').trim()}`],
      ]),
    )
    expect(got).toMatchObject({
      2: iban,
      5: '2026-118',
      6: '1234.50',
      7: '2026-02-03',
      8: '2026-02-17',
    })
    expect(got[OcrPropertyId.BankAccount]).toBeUndefined()
    const se = proposals(
      page([
        [100, 100, 'Momsreg.nr SE556036079301'],
        [900, 280, 'Förfallodatum 2026-03-01'],
        [900, 380, 'Att betala'],
        [1400, 380, '12 400,00 kr'],
      ]),
    )
    expect(se).toMatchObject({ 6: '12400.00', 8: '2026-03-01' })
    // A foreign VAT id is kept with its country for the supplier record, never proposed as property 1.
    expect(got[OcrPropertyId.OfficialNumber]).toBeUndefined()
    expect(se[OcrPropertyId.OfficialNumber]).toBeUndefined()
    const ids = (p: OcrPageResult) =>
      interpretInvoice([p]).foreignSupplierIds.map((f) => [f.CountryCode, f.Value])
    expect(ids(page([[100, 100, 'USt-IdNr. DE136695976']]))).toEqual([['DE', 'DE136695976']])
    expect(ids(page([[100, 100, 'Momsreg.nr SE556036079301']]))).toEqual([['SE', 'SE556036079301']])
    // One digit off: the check fails and nothing is kept.
    expect(ids(page([[100, 100, 'USt-IdNr. DE136695977']]))).toEqual([])
    expect(normaliseIban(iban.slice(0, -1) + '1')).toBeNull()
  })

  it('reads an IBAN of every registry country, as the forms check it (common/iban.ts)', () => {
    // Croatia and Slovenia are in the registry; a country outside it, and a letter where Norway has digits, are not.
    expect(normaliseIban('HR12 1001 0051 8630 0016 0')).toBe('HR1210010051863000160')
    expect(normaliseIban('SI56 2633 0001 2039 086')).toBe('SI56263300012039086')
    expect(normaliseIban('NO93 8601.11.17947')).toBe('NO9386011117947')
    expect(normaliseIban('US12 3456 7890 1234')).toBeNull()
    expect(normaliseIban(makeIban('NO', '8601111794A'))).toBeNull()
  })
})

describe('scanned pages: headings and country prefixes a scanner misread', () => {
  it("takes a buyer's heading read with `å` for `ä` as the buyer's block, on scans only", () => {
    const phrases: [number, number, string][] = [
      [100, 100, 'Rechnungsempfånger'],
      [100, 125, 'Ålesund Møbler AS'],
      [100, 150, `Org.nr. ${spaced(buyerOrg, [3, 3, 3])}`],
    ]
    expect(proposals(page(phrases, 'tesseract'))[OcrPropertyId.OfficialNumber]).toBeUndefined()
    // The heading as printed is recognised on a text page; the misreading there is someone else's word.
    const printed = phrases.map(([x, y, t]): [number, number, string] => [x, y, t.replace('å', 'ä')])
    expect(proposals(page(printed, 'text-layer'))[OcrPropertyId.OfficialNumber]).toBeUndefined()
    expect(proposals(page(phrases, 'text-layer'))[OcrPropertyId.OfficialNumber]).toBe(buyerOrg)
  })

  it("keeps the buyer's block whole past a speck another column's line read between its lines", () => {
    const phrases: [number, number, string][] = [
      [100, 100, 'Trøndelag Trykk AS'],
      [100, 140, 'Kongens gate 5'],
      [100, 170, '9008 Tromsø'],
      [100, 200, `VAT no. ${org}`],
      [100, 300, 'Customer'],
      [600, 300, 'Invoice number 2026-849292'],
      [100, 340, 'Ålesund Møbler AS'],
      [100, 380, 'Sjøgata 3B'],
      [100, 420, '0155 Oslo'],
      [600, 430, 'Customer no. 21880'],
      [600, 445, 'PES"'],
      [100, 470, `Org. no. ${spaced(buyerOrg, [3, 3, 3])}`],
    ]
    const scanned = page(phrases, 'tesseract')
    // The speck is a few pixels high, as a scan reads a smudge; it is no line of the buyer's column.
    for (const w of scanned.Words) if (w.Text === 'PES"') w.Height = 7
    expect(proposals(scanned)[OcrPropertyId.OfficialNumber]).toBe(org)
  })

  it("reads a VAT id's country prefix a scan misread when the national rule then holds", () => {
    const found = (vat: string) =>
      interpretInvoice([
        page(
          [
            [100, 100, `VAT-nr ${vat}`],
            [100, 200, `Org.nr. ${spaced(buyerOrg, [3, 3, 3])}`],
          ],
          'tesseract',
        ),
      ])
    const read = found('$E556036079301')
    expect(read.foreignSupplierIds[0]).toMatchObject({ CountryCode: 'SE', Value: 'SE556036079301' })
    // With the supplier abroad, the Norwegian number on the page is the buyer's.
    expect(read.properties.find((p) => p.OcrPropertyId === OcrPropertyId.OfficialNumber)).toBeUndefined()
    expect(found('5E556036079301').foreignSupplierIds[0]?.Value).toBe('SE556036079301')
    // One digit off fails the Luhn check: nothing is read, whatever the prefix.
    expect(found('$E556036079401').foreignSupplierIds).toEqual([])
    // Both prefix characters digits: no prefix at all, not read as one.
    expect(found('55556036079301').foreignSupplierIds).toEqual([])
  })
})

describe('a scanned date with a misread year', () => {
  const due = (source: OcrPageResult['Source'], dated: boolean) =>
    proposals(
      page(
        [
          ...(dated ? [[100, 100, 'Oslo 23.02.2026 levert 20.02.2026'] as [number, number, string]] : []),
          [100, 200, 'Forfallsdato: 15.03.2027'],
        ],
        source,
      ),
    )[OcrPropertyId.DueDate]

  // `2027` for `2026`: a year out, and not so far ahead that no invoice could be dated so (isStrayScannedDate).
  it('is not proposed when every other date printed is more than a year from it', () => {
    expect(due('tesseract', true)).toBeUndefined()
    // With nothing to compare it with, or as a text layer prints it, the date is what it says.
    expect(due('tesseract', false)).toBe('2027-03-15')
    // Also when the invoice date was read; with only the two dates, which one was misread is not known.
    const dates = (delivered: string) =>
      proposals(
        page(
          [
            [100, 100, `Fakturadato: 23.02.2026 ${delivered}`],
            [100, 200, 'Forfallsdato: 15.03.2027'],
          ],
          'tesseract',
        ),
      )
    expect(dates('Levert 20.02.2026')[OcrPropertyId.DueDate]).toBeUndefined()
    expect(dates('Levert 20.02.2026')[OcrPropertyId.InvoiceDate]).toBe('2026-02-23')
    expect(dates('')[OcrPropertyId.DueDate]).toBe('2027-03-15')
    expect(due('text-layer', true)).toBe('2027-03-15')
  })

  it('is not proposed as the invoice date when it is more than a month after the day it is read', () => {
    const ahead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
    const dated = (iso: string, source: OcrPageResult['Source']) =>
      proposals(page([[100, 100, `Fakturadato: ${iso.split('-').reverse().join('.')}`]], source))[
        OcrPropertyId.InvoiceDate
      ]
    expect(dated(ahead(200), 'tesseract')).toBeUndefined()
    // A week ahead (an invoice dated for its delivery), or as a text layer prints it, it stands.
    expect(dated(ahead(7), 'tesseract')).toBe(ahead(7))
    expect(dated(ahead(200), 'text-layer')).toBe(ahead(200))
  })
})

describe('a long label with one character misread', () => {
  const dueOf = (label: string, source: OcrPageResult['Source']) =>
    proposals(page([[100, 200, `${label} 2026-03-25`]], source))[OcrPropertyId.DueDate]

  it('is read on a scan, never on a text page, and never when it is as near another label', () => {
    expect(dueOf('Förtallodatum', 'tesseract')).toBe('2026-03-25')
    expect(dueOf('Förtallodatum', 'text-layer')).toBeUndefined()
    // Short words are too easily another word one character off.
    expect(dueOf('Fortall', 'tesseract')).toBeUndefined()
  })

  it('may have two characters misread in a word of twelve or more, on a scan only', () => {
    expect(dueOf('Fériallodatum', 'tesseract')).toBe('2026-03-25')
    expect(dueOf('Fériallodatum', 'text-layer')).toBeUndefined()
    // Three misread is not a label.
    expect(dueOf('Fériallodatvm', 'tesseract')).toBeUndefined()
  })

  it('may be cut short on a scan where only one field’s labels begin so', () => {
    expect(dueOf('Forfallod', 'tesseract')).toBe('2026-03-25')
    expect(dueOf('Forfallod', 'text-layer')).toBeUndefined()
    // `Rechnungs` begins the labels of the invoice's date, number and sum: no label at all. The date is the
    // scan's one date, read as a pattern (loneDate), below sure.
    const rechnungs = interpret(page([[100, 200, 'Rechnungs 2026-03-25']], 'tesseract'))
    expect(rechnungs.map((p) => p.OcrPropertyId)).toEqual([OcrPropertyId.InvoiceDate])
    expect(rechnungs[0]!.ProposedCandidate.ProbabilityFactor).toBeLessThan(0.7)
    // Too short a beginning to tell.
    expect(dueOf('Forfallo', 'tesseract')).toBeUndefined()
  })

  it('tells one-character differences apart', async () => {
    const { withinOneEdit } = await import('./values.ts')
    expect(withinOneEdit('forfallodatum', 'fortallodatum')).toBe(true)
    expect(withinOneEdit('forfallodatum', 'forfalodatum')).toBe(true)
    expect(withinOneEdit('forfallodatum', 'forfallodatumx')).toBe(true)
    expect(withinOneEdit('forfallodatum', 'fortalodatum')).toBe(false)
  })
})

describe('a scanned invoice number split by noise', () => {
  const numberOf = (line: string, source: OcrPageResult['Source']) =>
    proposals(page([[100, 200, line]], source))[OcrPropertyId.InvoiceNumber]

  it('is not proposed in part when digits follow the word read, on a scan or a text layer', () => {
    expect(numberOf('Rechnungsnummer 7 13872300', 'tesseract')).toBeUndefined()
    expect(numberOf('Rechnungsnummer 7 13872300', 'text-layer')).toBeUndefined()
    expect(numberOf('Rechnungsnummer 337230 Datum', 'tesseract')).toBe('337230')
  })
})
