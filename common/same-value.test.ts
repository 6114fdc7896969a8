import { describe, expect, it } from 'vitest'
import { sameValue } from './same-value.ts'

describe('one value of a platform property', () => {
  it('treats a date and its midnight date-time, a number and its text, and null and missing as equal', () => {
    expect(sameValue('2027-01-15', '2027-01-15T00:00:00Z')).toBe(true)
    expect(sameValue(1250, '1250')).toBe(true)
    expect(sameValue(1250, '1250.00')).toBe(true)
    expect(sameValue(null, undefined)).toBe(true)
    expect(sameValue('', null)).toBe(true)
    expect(sameValue('A-1', 'A-2')).toBe(false)
    expect(sameValue('2027-01-15', '2027-01-16')).toBe(false)
  })

  it('keeps an empty value apart from zero, and two date-times apart unless they are one instant', () => {
    expect(sameValue(0, null)).toBe(false)
    expect(sameValue('', 0)).toBe(false)
    expect(sameValue('2027-01-15T10:00:00Z', '2027-01-15T11:00:00+01:00')).toBe(true)
    expect(sameValue('2027-01-15T10:00:00Z', '2027-01-15T10:00:01Z')).toBe(false)
  })

  it('compares lists and objects by their content', () => {
    expect(sameValue({ UserIDs: [1, 2] }, { UserIDs: [1, 2] })).toBe(true)
    expect(sameValue([1, 2], [2, 1])).toBe(false)
    expect(sameValue(true, false)).toBe(false)
  })
})
