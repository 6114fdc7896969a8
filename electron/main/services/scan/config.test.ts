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

describe('company names that differ only in punctuation or legal form', () => {
  const twins: CompanyRef[] = [
    { Key: 'k-fjord-space', Name: 'Fjord Bygg AS', OrganizationNumber: '911111119' },
    { Key: 'k-fjord-dash', Name: 'Fjord-Bygg AS', OrganizationNumber: '922222227' },
    { Key: 'k-nordlys-as', Name: 'Nordlys AS', OrganizationNumber: '933333335' },
    { Key: 'k-nordlys-asa', Name: 'Nordlys ASA', OrganizationNumber: '944444443' },
  ]
  const match = (label: string, among = twins) => {
    const m = matchFolder(label, among)
    return m.ok ? m.company.Key : m.reason === 'ambiguous' ? m.candidates.map((c) => c.Key) : m.reason
  }

  it('refuses a folder named like two companies, naming both, instead of taking the first', () => {
    expect(match('Fjord Bygg AS')).toEqual(['k-fjord-space', 'k-fjord-dash'])
    expect(match('Fjord-Bygg AS')).toEqual(['k-fjord-space', 'k-fjord-dash'])
    expect(match('fjord bygg')).toEqual(['k-fjord-space', 'k-fjord-dash'])
    // In either order of the company list.
    expect(match('FJORD_BYGG AS', [...twins].reverse())).toEqual(['k-fjord-dash', 'k-fjord-space'])
    // A name without its legal form fits both the AS and the ASA.
    expect(match('Nordlys')).toEqual(['k-nordlys-as', 'k-nordlys-asa'])
  })

  it('takes AS and ASA as different legal forms: a folder named exactly one company matches that one only', () => {
    expect(match('Nordlys AS')).toBe('k-nordlys-as')
    expect(match('Nordlys ASA')).toBe('k-nordlys-asa')
    expect(match('nordlys-asa')).toBe('k-nordlys-asa')
    // The ASA's folder is not the AS's when only the AS is a client.
    const onlyAs = twins.filter((c) => c.Key === 'k-nordlys-as')
    expect(match('Nordlys ASA', onlyAs)).toBe('none')
    expect(match('Nordlys', onlyAs)).toBe('k-nordlys-as')
  })

  it('lets the organisation number decide where the name beside it fits two companies', () => {
    expect(match('922 222 227 Fjord-Bygg')).toBe('k-fjord-dash')
    expect(match('911111119 Fjord Bygg AS')).toBe('k-fjord-space')
    expect(match('Fjord Bygg 922222227')).toBe('k-fjord-dash')
    // A number of one company and the name of others: refused, naming all of them.
    expect(match('933333335 Fjord Bygg')).toEqual(['k-nordlys-as', 'k-fjord-space', 'k-fjord-dash'])
  })
})
