// Threshold operators (field notes: 0..10, 8 equals, 9 not equals, 10 regexp; the others are ours:
// 0 min, 1 max, 2 greater than, 3 less than, 4 contains, 5 not contains, 6 starts with, 7 ends with).
import { describe, expect, it } from 'vitest'
import { ThresholdOperator as Op } from './index.ts'
import { passes } from './thresholds.ts'

describe('threshold checks', () => {
  it('compares amounts as numbers, whatever their text form', () => {
    expect(passes(Op.Min, '1000.00', '1000')).toBe(true)
    expect(passes(Op.Min, '999.99', '1000')).toBe(false)
    expect(passes(Op.Max, '10000.00', '9999')).toBe(false)
    expect(passes(Op.Max, '200', '1000')).toBe(true)
    expect(passes(Op.GreaterThan, '1000', '1000')).toBe(false)
    expect(passes(Op.LessThan, '999', '1000')).toBe(true)
    expect(passes(Op.Equals, '1000.00', '1000')).toBe(true)
    expect(passes(Op.NotEquals, '1000.00', '1000')).toBe(false)
  })

  it('compares dates and text', () => {
    expect(passes(Op.Max, '2026-11-30', '2026-12-01')).toBe(true)
    expect(passes(Op.Min, '2026-11-30', '2026-12-01')).toBe(false)
    expect(passes(Op.Contains, 'Nordlys Bakeri AS', 'bakeri')).toBe(true)
    expect(passes(Op.NotContains, 'Nordlys Bakeri AS', 'bakeri')).toBe(false)
    expect(passes(Op.StartsWith, 'INV-2026-1', 'inv-')).toBe(true)
    expect(passes(Op.EndsWith, 'INV-2026-1', '-2')).toBe(false)
    expect(passes(Op.Equals, 'NOK', 'NOK')).toBe(true)
    expect(passes(Op.Equals, 'NOK', 'nok')).toBe(false)
    expect(passes(Op.Regexp, '12345678903', '^\\d{11}$')).toBe(true)
    expect(passes(Op.Regexp, '1234 56 78903', '^\\d{11}$')).toBe(false)
  })

  it('treats a missing value as failing a minimum and passing a maximum', () => {
    expect(passes(Op.Min, null, '1')).toBe(false)
    expect(passes(Op.Max, null, '1')).toBe(true)
  })
})
