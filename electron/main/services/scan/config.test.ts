// A root folder's subfolders are matched to companies by a whole organisation number (nine digits, spaced
// 3-3-3 or not) or by name; a name that fits two companies is refused rather than guessed.
import { describe, expect, it } from 'vitest'
import { matchFolder, type CompanyRef } from './config.ts'

const companies: CompanyRef[] = [
  { Key: 'k-nordlys', Name: 'Nordlys Bakeri AS', OrganizationNumber: '924956488' },
  { Key: 'k-fjord', Name: 'Fjordbygg Rørlegger AS', OrganizationNumber: '949687058' },
  { Key: 'k-aurora', Name: 'Aurora Arkitekter AS', OrganizationNumber: '952 965 891' },
]
const keyOf = (label: string) => {
  const m = matchFolder(label, companies)
  return m.ok ? m.company.Key : m.reason
}

describe('company folder matching', () => {
  it('matches a whole nine-digit organisation number, spaced or not', () => {
    expect(keyOf('924 956 488 Nordlys')).toBe('k-nordlys')
    expect(keyOf('924956488')).toBe('k-nordlys')
    expect(keyOf('Skann - 952965891')).toBe('k-aurora')
    expect(keyOf('NO 949 687 058 MVA')).toBe('k-fjord')
    expect(keyOf('924956488 2026')).toBe('k-nordlys')
  })

  it('never matches nine digits inside a longer number', () => {
    expect(keyOf('19249564881')).toBe('none')
    expect(keyOf('Konto 1924956488')).toBe('none')
    expect(keyOf('9249564880')).toBe('none')
    expect(keyOf('12 924 956 488')).toBe('none')
  })

  it('matches by Key and by name', () => {
    expect(keyOf('k-fjord')).toBe('k-fjord')
    expect(keyOf('Fjordbygg Rørlegger')).toBe('k-fjord')
    expect(keyOf('nordlys bakeri as')).toBe('k-nordlys')
    expect(keyOf('Ukjent firma')).toBe('none')
  })

  it('refuses a folder name that fits two companies', () => {
    expect(keyOf('924956488 Fjordbygg Rørlegger')).toBe('ambiguous')
    expect(keyOf('924956488 og 949687058')).toBe('ambiguous')
    // The same company twice over is not two companies.
    expect(keyOf('924 956 488 Nordlys Bakeri')).toBe('k-nordlys')
  })
})
