// A number whose check digit fails is read again, cut out of the page at other sizes (checksum-reread.ts): the
// value is taken only where the readings agree on one the check accepts, close to the first reading.
import { createCanvas } from '@napi-rs/canvas'
import { afterAll, describe, expect, it } from 'vitest'
import { isValidIban } from '../common/iban.ts'
import { isValidOrgNumber } from '../common/norwegian.ts'
import { suspects, withNumbersReadAgain } from './checksum-reread.ts'
import { decodeImage, toPgm, type GreyImage } from './orient.ts'
import { tesseractWords, type ReadWord } from './tesseract.ts'
import { closeOcr } from './index.ts'

afterAll(async () => {
  await closeOcr()
})

/** One line of print on white paper, as an image. */
async function printed(line: string): Promise<GreyImage> {
  const canvas = createCanvas(1100, 90)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#fff'
  ctx.fillRect(0, 0, 1100, 90)
  ctx.fillStyle = '#000'
  ctx.font = '30px sans-serif'
  ctx.fillText(line, 30, 55)
  return decodeImage(new Uint8Array(await canvas.encode('png')))
}

const word = (Text: string, Left: number, Top = 10, Width = 80, Height = 20): ReadWord => ({
  Text,
  Left,
  Top,
  Width,
  Height,
  Confidence: 80,
})

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
    const image = await printed('Org.nr. 918 419 780 MVA')
    const read = await tesseractWords(toPgm(image))
    expect(isValidOrgNumber('918419780')).toBe(true)
    const misread = read.map((w) => (w.Text === '918' ? { ...w, Text: '$18' } : w))
    const again = await withNumbersReadAgain(image, misread)
    expect(again.map((w) => w.Text).join(' ')).toMatch(/918 419 780/)
  })

  it('leaves a number the check rejects on every reading as it was read', { timeout: 60_000 }, async () => {
    // 123 456 789 fails MOD11: it is no organisation number, read again or not.
    expect(isValidOrgNumber('123456789')).toBe(false)
    const image = await printed('Kundenr 123 456 789')
    const read = await tesseractWords(toPgm(image))
    expect(await withNumbersReadAgain(image, read)).toEqual(read)
  })

  it('takes no value far from the first reading', { timeout: 60_000 }, async () => {
    const image = await printed('IBAN: NO93 8601 1117 947')
    const read = await tesseractWords(toPgm(image))
    // Four characters differ from what is printed: the readings' value is not this run's number.
    const far = read.map((w) => (w.Text === '8601' ? { ...w, Text: '1234' } : w))
    expect(suspects(far)).toHaveLength(1)
    expect(await withNumbersReadAgain(image, far)).toEqual(far)
  })
})
