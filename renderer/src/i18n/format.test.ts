import { describe, expect, it } from 'vitest'
import { formatAmount, formatBytes, formatDate, formatTimestamp } from './format.ts'

// Intl separates thousands in nb-NO with a no-break space and writes minus as U+2212.
const nbsp = '\u00a0'

describe('formatAmount', () => {
  it('writes amounts the Norwegian way in nb: 1 234,56', () => {
    expect(formatAmount(1234.56, 'nb')).toBe(`1${nbsp}234,56`)
    expect(formatAmount(1234567.5, 'nb')).toBe(`1${nbsp}234${nbsp}567,50`)
    expect(formatAmount(0, 'nb')).toBe('0,00')
    expect(formatAmount(-0, 'nb')).toBe('0,00')
    expect(formatAmount(-42.1, 'nb')).toBe('\u221242,10')
  })

  it('writes amounts with a comma and point in en', () => {
    expect(formatAmount(1234.56, 'en')).toBe('1,234.56')
    expect(formatAmount(-1234.5, 'en')).toBe('-1,234.50')
  })

  it('rounds to two decimals', () => {
    expect(formatAmount(10.005, 'nb')).toMatch(/^10,0[01]$/)
    expect(formatAmount(99.999, 'nb')).toBe('100,00')
  })
})

describe('formatDate', () => {
  it('writes dd.mm.yyyy in nb and dd/mm/yyyy in en', () => {
    expect(formatDate('2026-03-05', 'nb')).toBe('05.03.2026')
    expect(formatDate('2026-03-05', 'en')).toBe('05/03/2026')
  })

  it('prints a platform date as written, whatever the time zone', () => {
    // Midnight UTC on 1 January is still 31 December in the Americas; a date string must not move.
    expect(formatDate('2027-01-01', 'nb')).toBe('01.01.2027')
    expect(formatDate('2024-02-29', 'nb')).toBe('29.02.2024')
  })

  it('formats a Date in local time', () => {
    expect(formatDate(new Date(2026, 11, 24, 23, 30), 'nb')).toBe('24.12.2026')
  })

  it('refuses what is not a calendar date', () => {
    expect(() => formatDate('2026-02-30', 'nb')).toThrow(RangeError)
    expect(() => formatDate('05.03.2026', 'nb')).toThrow(/yyyy-mm-dd/)
    expect(() => formatDate(new Date('nonsense'), 'en')).toThrow(RangeError)
  })
})

describe('sizes and moments', () => {
  it('writes a size with the unit that keeps it short, in the language', () => {
    expect(formatBytes(0, 'nb')).toBe('0\u00a0B')
    expect(formatBytes(12_400_000, 'nb')).toBe('12,4\u00a0MB')
    expect(formatBytes(12_400_000, 'en')).toBe('12.4\u00a0MB')
    expect(formatBytes(1_500_000_000, 'en')).toBe('1.5\u00a0GB')
  })

  it('writes a moment as date and time of day, and refuses what is no moment', () => {
    const moment = new Date(2026, 10, 23, 14, 5)
    expect(formatTimestamp(moment, 'nb')).toBe('23.11.2026, 14:05')
    expect(() => formatTimestamp('yesterday', 'en')).toThrow(RangeError)
  })
})
