// No proposal fails its own check, whatever the page: random pages of digit groups near labels, foreign ids,
// IBAN-like groups and noise, read as a text layer or as a scan, never yield an organisation number, bank
// account, KID or IBAN (nor a foreign supplier id) whose check digits fail.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  generateBankAccount,
  generateKid,
  generateOrgNumber,
  isValidBankAccount,
  isValidKid,
  isValidOrgNumber,
} from '../common/norwegian.ts'
import { OcrPropertyId } from '../common/ocr.ts'
import { normaliseForeignVatId } from '../common/vat-id.ts'
import { makeIban, normaliseIban } from './foreign.ts'
import { interpretInvoice } from './interpret.ts'
import { phrasePage } from './phrase-page.ts'

const LABELS = [
  'Org.nr',
  'Org. nr.',
  '0rg.nr',
  'Organisasjonsnummer',
  'MVA',
  'Foretaksregisteret',
  'VAT no.',
  'Momsreg.nr',
  'CVR',
  'CVR-nr.',
  'USt-IdNr.',
  'Kontonummer',
  'Konto',
  'Bankkonto',
  'Account number',
  'Kundens konto',
  'KID',
  'KID-nr',
  'OCR-nummer',
  'Betalingsreferanse',
  'Payment reference',
  'IBAN',
  'Fakturanr',
  'Å betale',
  'Forfallsdato',
  'Kunde',
  'NO',
  'SE',
  'DK',
  'DE',
  'GB',
  'FR',
  'NL',
]

const digits = (min: number, max: number) =>
  fc.integer({ min, max }).chain((n) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`)))

/** Digit runs printed as invoices and scans print them: grouped, dashed, dotted, with a country or `MVA`. */
const number = fc.oneof(
  digits(1, 26),
  fc.tuple(digits(1, 6), fc.constantFrom(' ', '.', '-', ' - ', "'"), digits(1, 8)).map((p) => p.join('')),
  fc.tuple(digits(3, 4), digits(2, 4), digits(3, 5)).map((p) => p.join(' ')),
  fc
    .tuple(fc.constantFrom('NO', 'N0', 'SE', 'DK', 'DE', 'FI', 'GB', 'NL', 'FR', 'BE'), digits(2, 22))
    .map(([c, d]) => `${c}${d}`),
  fc
    .tuple(fc.constantFrom('NO ', 'SE', 'DK '), digits(9, 12), fc.constantFrom(' MVA', '01', 'MVA', ''))
    .map((p) => p.join('')),
  fc.tuple(digits(6, 6), digits(4, 4)).map(([a, b]) => `${a}-${b}`),
  // Valid numbers with one digit changed: the misreads a check digit is there to catch.
  fc
    .tuple(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 9 }))
    .map(([seed, at, plus]) => {
      const valid = [generateOrgNumber(seed), generateBankAccount(seed), generateKid(seed, 9, 'mod10')][
        seed % 3
      ]!
      const i = at % valid.length
      return valid.slice(0, i) + String((Number(valid[i]) + plus) % 10) + valid.slice(i + 1)
    }),
  // And valid ones, so that the pages do give proposals to check.
  fc.integer({ min: 1, max: 1e6 }).map((seed) => generateOrgNumber(seed)),
  fc.integer({ min: 1, max: 1e6 }).map((seed) => generateBankAccount(seed)),
  fc
    .integer({ min: 1, max: 1e6 })
    .map((seed) => generateKid(seed, 7 + (seed % 9), seed % 2 ? 'mod10' : 'mod11')),
  fc.integer({ min: 1e7, max: 9e7 }).map((n) => makeIban('DE', `${n}${n}01`)),
)

const noise = fc.constantFrom('Faktura', 'AS', 'Storgata', '12,50', '-', ':', 'kr', '2026', 'Sum', 'Tlf', '#')

const phrase = fc
  .array(
    fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...LABELS) }, { weight: 3, arbitrary: number }, noise),
    {
      minLength: 1,
      maxLength: 6,
    },
  )
  .map((parts) => parts.join(' '))

const pageOf = fc.tuple(
  fc.array(fc.tuple(fc.integer({ min: 0, max: 1400 }), fc.integer({ min: 0, max: 60 }), phrase), {
    minLength: 1,
    maxLength: 30,
  }),
  fc.constantFrom('text-layer' as const, 'tesseract' as const),
)

/** Whether a proposed value passes the check of its property. */
function passes(prop: number, value: string): boolean {
  if (prop === OcrPropertyId.OfficialNumber) return isValidOrgNumber(value)
  if (prop === OcrPropertyId.BankAccount) return isValidBankAccount(value)
  if (prop === OcrPropertyId.Kid) return isValidKid(value)
  if (prop === OcrPropertyId.Iban) return normaliseIban(value) === value
  return true
}

describe('checksums over random pages', () => {
  it('never proposes an organisation number, account, KID or IBAN whose check fails', () => {
    let checked = 0
    fc.assert(
      fc.property(pageOf, ([phrases, source]) => {
        // Rows 40 px apart (some share a row), so labels meet values right of and below them.
        const page = phrasePage(
          phrases.map(([x, row, t]) => [x, 100 + row * 40, t]),
          source,
        )
        const { properties, foreignSupplierIds } = interpretInvoice([page])
        for (const p of properties)
          for (const c of p.InterpretationCandidates) {
            if (p.OcrPropertyId <= OcrPropertyId.Kid) checked++
            expect(
              passes(p.OcrPropertyId, c.Value),
              `#${p.OcrPropertyId} ${c.Value} (${c.HitWordText})`,
            ).toBe(true)
          }
        for (const f of foreignSupplierIds) {
          expect(normaliseForeignVatId(f.Value), f.Value).toBe(f.Value)
          // Greece's VAT prefix is `EL`, its country `GR`.
          expect(f.Value.startsWith(f.CountryCode === 'GR' ? 'EL' : f.CountryCode)).toBe(true)
          // A foreign id is never the Norwegian organisation number.
          expect(isValidOrgNumber(f.Value)).toBe(false)
        }
      }),
      { numRuns: 400, seed: 20261127 },
    )
    // The pages did give numbers to check, not only nothing.
    expect(checked).toBeGreaterThan(100)
    // 400 pages take about 25 s alone, more on a machine that is busy with other tests.
  }, 120_000)
})
