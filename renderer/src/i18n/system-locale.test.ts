import { describe, expect, it } from 'vitest'
import { systemLocale } from './index.ts'

describe('systemLocale', () => {
  it('maps bokmål, nynorsk and plain Norwegian to nb', () => {
    for (const tag of ['nb', 'nb-NO', 'nn-NO', 'no', 'NO-no', 'nb_NO']) expect(systemLocale([tag])).toBe('nb')
  })

  it('maps every other language to en, by the first language listed', () => {
    expect(systemLocale(['en-US'])).toBe('en')
    expect(systemLocale(['sv-SE', 'nb-NO'])).toBe('en')
    expect(systemLocale(['nb-NO', 'en-US'])).toBe('nb')
    expect(systemLocale(['', 'nn'])).toBe('nb')
    expect(systemLocale([])).toBe('en')
  })
})
