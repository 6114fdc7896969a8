// A number whose check digit fails is read again, cut out of the page at other sizes (checksum-reread.ts): the
// value is taken only where the readings agree on one the check accepts, close to the first reading.
import { afterAll, describe, expect, it } from 'vitest'
import { printedLine } from '../test/support/printed-line.ts'
import { isValidIban } from '../common/iban.ts'
import { isValidOrgNumber } from '../common/norwegian.ts'
import { suspects, withNumbersReadAgain } from './checksum-reread.ts'
import { toPgm } from './orient.ts'
import { tesseractWords, type ReadWord } from './tesseract.ts'
import { closeOcr } from './index.ts'

afterAll(async () => {
  await closeOcr()
})

const printed = (line: string) => printedLine(line, 1100)

const word = (Text: string, Left: number, Top = 10, Width = 80, Height = 20): ReadWord => ({
  Text,
  Left,
  Top,
  Width,
  Height,
  Confidence: 80,
})

/**
 * A line printed and read by Tesseract; `word` replaced by `poor` as a poorer first reading has it, and that
 * reading read again.
 */
async function readAgainAfter(line: string, word: string, poor: string) {
  const image = await printed(line)
  const read = await tesseractWords(toPgm(image))
  const first = read.map((w) => (w.Text === word ? { ...w, Text: poor } : w))
  return { read, first, again: await withNumbersReadAgain(image, first) }
}

/** The words of a reading joined, without the label. */
const joined = (words: readonly ReadWord[]) =>
  words
    .map((w) => w.Text)
    .filter((t) => !/:$/.test(t))
    .join(' ')

describe('suspects', () => {
  it('are numbers printed like an IBAN, an organisation number or a VAT id whose check fails', () => {
    const line = (texts: string[], top: number) => texts.map((t, i) => word(t, 20 + i * 100, top))
    const words = [
      ...line(['IBAN:', 'DE21499848211635529860'], 10),
      ...line(['Org.nr.', '$18', '419', '780', 'MVA'], 50),
      ...line(['USt-IdNr.', 'DE719920928'], 90),
      // Valid ones, and numbers without a check digit, are not suspects.
      ...line(['IBAN', 'NO93', '8601', '1117', '947'], 130),
      ...line(['Org.nr.', '918', '419', '780'], 170),
      ...line(['Fakturanr', '4711', 'Sum', '12', '899,89'], 210),
      ...line(['Dato', '08.11.2026', 'Tlf', '22', '33', '44', '55'], 250),
    ]
    expect(suspects(words).map((s) => s.words.map((w) => w.Text).join(' '))).toEqual([
      'DE21499848211635529860',
      '$18 419 780 MVA',
      'DE719920928',
    ])
  })

  it('are VAT id labels whose line reads no VAT id, and not a VAT amount or a tax number', () => {
    const line = (texts: string[], top: number) => texts.map((t, i) => word(t, 20 + i * 100, top))
    const words = [
      ...line(['UST-ID-NR:', 'DES]'], 10),
      ...line(['Unst-..D.Nr.DE', '055', '1'], 50),
      ...line(['VAT', 'Reg.', 'No'], 90),
      ...line(['USt-IdNr.', 'DE115055186'], 130),
      ...line(['MwSt.', '19%', '2,33'], 170),
      ...line(['Steuer-Nr.', '231/105/11213'], 210),
    ]
    const found = suspects(words)
    expect(found.map((s) => [s.label, s.words.map((w) => w.Text).join(' ')])).toEqual([
      [true, 'UST-ID-NR:'],
      [true, 'Unst-..D.Nr.DE'],
      [true, 'VAT'],
    ])
  })
})

describe('a number read again', () => {
  it(
    'replaces a misread IBAN by the value its readings agree on, in the words of the page',
    { timeout: 60_000 },
    async () => {
      const iban = 'DE91 4998 4821 1635 5298 60'
      const image = await printed(`IBAN: ${iban}`)
      const read = await tesseractWords(toPgm(image))
      expect(joined(read)).toBe(iban)
      // The first reading as a fax reads it: one 9 read as a 2.
      const misread = read.map((w) => (w.Text === '4998' ? { ...w, Text: '4228' } : w))
      const again = await withNumbersReadAgain(image, misread)
      expect(isValidIban(joined(again).replace(/ /g, ''))).toBe(true)
      expect(joined(again).replace(/ /g, '')).toBe(iban.replace(/ /g, ''))
      // In the page's pixels, where the number is printed.
      for (const w of again.filter((w) => !/:$/.test(w.Text))) {
        expect(w.Left).toBeGreaterThan(80)
        expect(w.Top).toBeGreaterThan(15)
        expect(w.Top + w.Height).toBeLessThan(70)
      }
    },
  )

  it('fixes an organisation number with a digit read as a sign', { timeout: 60_000 }, async () => {
    expect(isValidOrgNumber('918419780')).toBe(true)
    const { again } = await readAgainAfter('Org.nr. 918 419 780 MVA', '918', '$18')
    expect(again.map((w) => w.Text).join(' ')).toMatch(/918 419 780/)
  })

  it('leaves a number the check rejects on every reading as it was read', { timeout: 60_000 }, async () => {
    // 123 456 789 fails MOD11: it is no organisation number, read again or not.
    expect(isValidOrgNumber('123456789')).toBe(false)
    const image = await printed('Kundenr 123 456 789')
    const read = await tesseractWords(toPgm(image))
    expect(await withNumbersReadAgain(image, read)).toEqual(read)
  })

  it(
    'reads a VAT id the first reading lost after its label, and replaces what it made of it',
    { timeout: 60_000 },
    async () => {
      // The first reading as a receipt's show-through left it: the digits lost.
      const { read, again } = await readAgainAfter('UST-ID-NR: DE814689550', 'DE814689550', 'DES]')
      expect(read.map((w) => w.Text)).toEqual(['UST-ID-NR:', 'DE814689550'])
      const texts = again.map((w) => w.Text)
      expect(texts).toContain('DE814689550')
      expect(texts).not.toContain('DES]')
      const id = again.find((w) => w.Text === 'DE814689550')!
      expect(id.Left).toBeGreaterThan(150)
      expect(id.Top).toBeGreaterThan(15)
      expect(id.Top + id.Height).toBeLessThan(70)
    },
  )

  it('takes no VAT id after a label where every reading fails the check', { timeout: 60_000 }, async () => {
    // DE814689551: the check digit fails, so no reading makes it a VAT id.
    const { first, again } = await readAgainAfter('UST-ID-NR: DE814689551', 'DE814689551', 'DES]')
    expect(suspects(first).map((s) => s.label)).toEqual([true])
    expect(again).toEqual(first)
  })

  it(
    'reads again a VAT id glued to a short label whose check fails, as any VAT id',
    { timeout: 60_000 },
    async () => {
      // A Saturn till prints its VAT id after `StNr.-`; the first reading misread a 6 as an 8.
      const { read, first, again } = await readAgainAfter('StNr.-DE 281260691', '281260691', '281280691')
      expect(read.map((w) => w.Text)).toEqual(['StNr.-DE', '281260691'])
      expect(suspects(first).map((s) => s.words.map((w) => w.Text).join(' '))).toEqual(['StNr.-DE 281280691'])
      expect(again.map((w) => w.Text).join(' ')).toBe('StNr.-DE 281260691')
    },
  )

  it('takes no value far from the first reading', { timeout: 60_000 }, async () => {
    const image = await printed('IBAN: NO93 8601 1117 947')
    const read = await tesseractWords(toPgm(image))
    // Four characters differ from what is printed: the readings' value is not this run's number.
    const far = read.map((w) => (w.Text === '8601' ? { ...w, Text: '1234' } : w))
    expect(suspects(far)).toHaveLength(1)
    expect(await withNumbersReadAgain(image, far)).toEqual(far)
  })
})
