// Due dates from payment terms: each wording's days (and month end) counted from the invoice date, and lines
// that only look like a term (a net sum, a return period) give none.
import { describe, expect, it } from 'vitest'
import { OcrPropertyId as P } from '../common/ocr.ts'
import { interpretInvoice } from './interpret.ts'
import { phrasePage } from './phrase-page.ts'
import { dueFromTerm, paymentTerm } from './terms.ts'

const terms: [string, number, boolean][] = [
  ['Betalingsbetingelser: 30 dager netto', 30, false],
  ['netto 14 dager', 14, false],
  ['Betalingsfrist 30 dager', 30, false],
  ['Terms: 30 days net', 30, false],
  ['Net 30', 30, false],
  ['Zahlbar innerhalb 14 Tagen ohne Abzug', 14, false],
  ['Zahlungsziel: 10 Tage netto', 10, false],
  ['30 jours fin de mois', 30, true],
  ['Échéance : fin de mois', 0, true],
  ['Betalningsvillkor: 30 dagar netto', 30, false],
  ['Betaling binnen 30 dagen na factuurdatum', 30, false],
  ['Forma de pago: pago a 30 días', 30, false],
  ['Maksuehto 14 pv netto', 14, false],
]

describe('payment terms', () => {
  it.each(terms)('reads %s', (line, days, endOfMonth) => {
    expect(paymentTerm(line)).toEqual({ days, endOfMonth })
  })

  it('reads no term from a net sum, a return period or a delivery time', () => {
    for (const line of [
      'Netto 119,00',
      'Net 1,234.00 EUR',
      'Sie haben 30 Tage Rückgaberecht',
      'Lieferzeit 3 Tage',
      'Returns accepted within 30 days of delivery',
      'a 30 day warranty',
    ])
      expect(paymentTerm(line), line).toBeNull()
  })

  it('counts the days from the invoice date, and to the end of that month after `fin de mois`', () => {
    expect(dueFromTerm('2021-02-10', { days: 30, endOfMonth: false })).toBe('2021-03-12')
    expect(dueFromTerm('2021-01-15', { days: 30, endOfMonth: true })).toBe('2021-02-28')
    expect(dueFromTerm('2020-02-03', { days: 0, endOfMonth: true })).toBe('2020-02-29')
  })
})

/** A German invoice dated 12.02.2021, with more lines below its facts. */
const page = (...extra: [number, number, string][]) =>
  phrasePage([
    [100, 100, 'Rechnung'],
    [100, 160, 'Rechnungsdatum: 12.02.2021'],
    [100, 220, 'Rechnungs-Nr. 2021-118'],
    [100, 600, 'Gesamtbetrag: 119,00 EUR'],
    ...extra,
  ])
const due = (p: ReturnType<typeof page>) =>
  interpretInvoice([p]).properties.find((x) => x.OcrPropertyId === P.DueDate)?.ProposedCandidate.Value

describe('a due date from the terms on the page', () => {
  it('is counted from the invoice date', () => {
    expect(due(page([100, 700, 'Zahlbar innerhalb 14 Tagen netto']))).toBe('2021-02-26')
  })

  it('is the printed one where both are printed', () => {
    expect(due(page([100, 700, 'Zahlbar innerhalb 14 Tagen'], [100, 760, 'Fällig bis: 01.03.2021']))).toBe(
      '2021-03-01',
    )
  })

  it('is not proposed where two terms disagree or no term is printed', () => {
    expect(due(page([100, 700, 'Zahlbar innerhalb 14 Tagen'], [100, 760, '30 Tage netto']))).toBeUndefined()
    expect(due(page())).toBeUndefined()
  })
})

describe('a due date written as a payment instruction', () => {
  const dueOf = (...lines: [number, number, string][]) => due(page(...lines))

  it.each([
    ['Bitte überweisen Sie den Betrag bis zum 15.03.2021 auf unser Konto.', '2021-03-15'],
    ['Beløpet forfaller til betaling 2. mars 2021', '2021-03-02'],
    ['Please pay the amount above by 15 March 2021.', '2021-03-15'],
    ['Merci de régler cette facture avant le 01/03/2021', '2021-03-01'],
    ['Vänligen betala senast 2021-03-14', '2021-03-14'],
  ])('reads %s', (line, want) => {
    expect(dueOf([100, 700, line])).toBe(want)
  })

  it('reads no due date from a payment made, an early-payment discount, a date before the invoice or far after', () => {
    expect(dueOf([100, 700, 'Payment received on 20.02.2021, thank you'])).toBeUndefined()
    expect(dueOf([100, 700, 'Bei Zahlung bis zum 22.02.2021 gewähren wir 2 % Skonto'])).toBeUndefined()
    expect(dueOf([100, 700, 'Bitte zahlen Sie bis zum 01.02.2021'])).toBeUndefined()
    expect(dueOf([100, 700, 'Bitte zahlen Sie bis zum 01.02.2022'])).toBeUndefined()
  })

  it('reads none where two instructions disagree, and the labelled one where a label gives it', () => {
    expect(
      dueOf(
        [100, 700, 'Bitte zahlen Sie bis zum 01.03.2021'],
        [100, 760, 'Bitte zahlen Sie bis zum 05.03.2021'],
      ),
    ).toBeUndefined()
    expect(
      dueOf([100, 700, 'Bitte zahlen Sie bis zum 01.03.2021'], [100, 760, 'Fällig bis: 05.03.2021']),
    ).toBe('2021-03-05')
  })
})
