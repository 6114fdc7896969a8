// The family corpus's generators are checked against what they print: one document of every family, read
// through the text layer as the reader reads it, must show each core value its truth records, in the form
// the family printed it; a value the truth records as absent is not printed. A broken generator (a template
// field that moved, a library that stopped printing a field, a total that no longer adds up) fails here
// before it can skew the benchmark's figures.
import { afterAll, describe, expect, it } from 'vitest'
import { isValidBankAccount, isValidKid, isValidOrgNumber } from '../common/norwegian.ts'
import { CORE_PROPERTIES } from './corpus/hard.ts'
import { ALL_FAMILIES, FRESH_FAMILIES, groupOf, TUNED_FAMILIES, UNSEEN_FAMILIES } from './corpus/families.ts'
import { closeChromium } from './corpus/families/chromium.ts'
import { normaliseIban } from './foreign.ts'
import { openPdf, textLayerWords } from './pdf.ts'

async function printedText(bytes: Uint8Array, pages: number): Promise<string> {
  const pdf = await openPdf(bytes)
  try {
    const words: string[] = []
    for (let p = 1; p <= pages; p++) words.push(...(await textLayerWords(pdf, p)).Words.map((w) => w.Text))
    return words.join(' ')
  } finally {
    await pdf.destroy()
  }
}

// Text runs can be split or joined differently by each library's PDF writer: compared without spaces.
const squeeze = (s: string) => s.replace(/\s+/g, '')

describe('the family split', () => {
  it('keeps every family in one group, every third-party family and at least three own ones unseen', () => {
    const tuned = new Set(TUNED_FAMILIES.map((f) => f.name))
    expect(UNSEEN_FAMILIES.filter((f) => tuned.has(f.name))).toEqual([])
    expect(FRESH_FAMILIES.filter((f) => tuned.has(f.name))).toEqual([])
    expect(new Set(ALL_FAMILIES.map((f) => f.name)).size).toBe(ALL_FAMILIES.length)
    expect(TUNED_FAMILIES.filter((f) => f.source !== 'own')).toEqual([])
    expect(UNSEEN_FAMILIES.filter((f) => f.source === 'own').length).toBeGreaterThanOrEqual(3)
  })

  it('has at least five fresh families, own ones among them, and names the group of each family', () => {
    expect(FRESH_FAMILIES.length).toBeGreaterThanOrEqual(5)
    expect(FRESH_FAMILIES.some((f) => f.source === 'own')).toBe(true)
    expect(FRESH_FAMILIES.map((f) => groupOf(f.name))).toEqual(FRESH_FAMILIES.map(() => 'fresh'))
    expect(UNSEEN_FAMILIES.map((f) => groupOf(f.name))).toEqual(UNSEEN_FAMILIES.map(() => 'unseen'))
    expect(TUNED_FAMILIES.map((f) => groupOf(f.name))).toEqual(TUNED_FAMILIES.map(() => 'tuned'))
  })
})

describe('the scanned families of the tuned layouts', () => {
  const scanned = TUNED_FAMILIES.filter((f) => !f.name.startsWith('hard-') && f.kind !== 'layout')
  it('photograph or fax a tuned layout, one page, its values unchanged', async () => {
    expect(scanned.length).toBeGreaterThanOrEqual(4)
    for (const family of scanned) {
      const layout = TUNED_FAMILIES.find((f) => family.name === `${f.name}-${family.kind}`)
      expect(layout?.kind, family.name).toBe('layout')
      const doc = await family.generate(2)
      expect([doc.scanned, doc.pages, doc.family], family.name).toEqual([true, 1, family.name])
      expect(doc.format).toMatch(family.kind === 'photo' ? /^(jpeg|png)$/ : /^(tiff|pdf)$/)
      // The pixels come from the layout's own document of that seed (or the next one that fits a page).
      const base = await layout!.generate(doc.seed)
      if (base.pages === 1) expect(doc.truth).toEqual(base.truth)
      expect(doc.original).toBeDefined()
    }
  })
})

describe('every new family prints the truth it records', () => {
  // The HTML families print with one shared Chromium; it is closed when the families are done.
  afterAll(() => closeChromium())
  const families = ALL_FAMILIES.filter((f) => !f.name.startsWith('hard-'))
  it.each(families.map((f) => [f.name, f] as const))('%s', async (name, family) => {
    const doc = await family.generate(1)
    expect(doc.family).toBe(name)
    // An image family is checked where it was drawn from: its text PDF before the photo or fax, or its text.
    if (!doc.scanned) expect(doc.format).toBe('pdf')
    else expect(doc.original ?? doc.drawnText, `${name}: where its pixels came from`).toBeDefined()
    const text = squeeze(
      doc.drawnText ?? (await printedText(doc.original ?? doc.bytes, doc.original ? 1 : doc.pages)),
    )
    const printed = doc.printed!
    for (const prop of CORE_PROPERTIES) {
      const want = doc.truth.fields[prop]
      expect(printed[prop] === undefined, `${name} #${prop}: printed iff in the truth`).toBe(want === null)
      if (want === null) continue
      expect(text, `${name} #${prop} ${printed[prop]}`).toContain(squeeze(printed[prop]!))
    }
    // The numbers a family invents hold their own check digits.
    const f = doc.truth.fields
    if (/^\d{9}$/.test(f[1]!)) expect(isValidOrgNumber(f[1]!)).toBe(true)
    if (f[2]) expect(normaliseIban(f[2])).toBe(f[2])
    if (f[3]) expect(isValidBankAccount(f[3])).toBe(true)
    if (f[4]) expect(isValidKid(f[4])).toBe(true)
    // A credit note's total is negative and it has no due date; nor has a receipt, paid when it was issued
    // (unless it is Klarna's invoice, paid later), nor a bill its variant says was paid.
    expect(f[6]).toMatch(doc.truth.credit ? /^-\d+\.\d{2}$/ : /^\d+\.\d{2}$/)
    const variant = doc.variant.split(',')
    if (doc.truth.credit) expect([f[4], f[8]]).toEqual([null, null])
    else if (doc.kind === 'receipt' && !variant.includes('klarna')) expect(f[8]).toBeNull()
    else if (variant.includes('paid')) expect(f[8]).toBeNull()
    else expect(f[8]! >= f[7]!).toBe(true)
    // The buyer's own numbers are on the page too (distractors), never the supplier's.
    expect(doc.buyerOrgNumber).not.toBe(f[1])
  })
})
