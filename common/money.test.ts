import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addMoney,
  formatMoney,
  formatOre,
  fromOre,
  oreToDecimal,
  parseMoney,
  toOre,
  vatOfGross,
  vatOfNet,
} from './money.ts'

const NBSP = '\u00a0'

describe('toOre', () => {
  it('reads numbers and decimal strings exactly, rounding to the øre half away from zero', () => {
    expect(toOre(1234.5)).toBe(123450)
    expect(toOre('1234.50')).toBe(123450)
    expect(toOre(0.1 + 0.2)).toBe(30)
    expect(toOre(1.005)).toBe(101) // the binary value is 1.00499999...; its decimal text rounds up
    expect(toOre('2.345')).toBe(235)
    expect(toOre('-2.345')).toBe(-235)
    expect(toOre('-0.004')).toBe(0)
    expect(toOre(1e-7)).toBe(0)
    expect(toOre('.5')).toBe(50)
    expect(toOre(-12)).toBe(-1200)
  })

  it('answers undefined for what is not an amount', () => {
    for (const v of ['', 'abc', '1,5', '1.2.3', null, undefined, NaN, Infinity, {}, '1e5', 1e300]) {
      expect(toOre(v)).toBeUndefined()
    }
  })
})

describe('sums and answers', () => {
  it('adds exactly and answers two-decimal numbers', () => {
    expect(addMoney(0.1, 0.2)).toBe(0.3)
    expect(addMoney('1234.5', -0.5, '0.01')).toBe(1234.01)
    expect(fromOre(123450)).toBe(1234.5)
    expect(oreToDecimal(-123405)).toBe('-1234.05')
    expect(oreToDecimal(5)).toBe('0.05')
  })

  it('round-trips any øre amount through its decimal text and its answer number', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (ore) => {
        expect(toOre(oreToDecimal(ore))).toBe(ore)
        expect(toOre(fromOre(ore))).toBe(ore)
        expect(parseMoney(formatOre(ore))).toBe(ore)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('VAT', () => {
  it('splits a gross amount: 1250 at 25% contains 250', () => {
    expect(vatOfGross(125000, 25)).toBe(25000)
    expect(vatOfGross(-125000, 25)).toBe(-25000)
    expect(vatOfNet(100000, 25)).toBe(25000)
  })

  it('rounds half away from zero on both sides', () => {
    // 14 øre at 12%: 14 * 12 / 112 = 1.5 øre.
    expect(vatOfGross(14, 12)).toBe(2)
    expect(vatOfGross(-14, 12)).toBe(-2)
    expect(vatOfNet(10, 15)).toBe(2) // 1.5 øre
    expect(vatOfNet(-10, 15)).toBe(-2)
    expect(vatOfGross(100, '11.11')).toBe(10) // 9.999 øre at 11.11%
  })

  it('keeps net + VAT equal to gross and the VAT within half an øre of the exact share', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), fc.constantFrom(0, 6, 12, 15, 25), (gross, pct) => {
        const vat = vatOfGross(gross, pct)
        const exact = (gross * pct) / (100 + pct)
        expect(Math.abs(vat - exact)).toBeLessThanOrEqual(0.5 + 1e-6)
        expect(Math.sign(vat) * Math.sign(gross)).toBeGreaterThanOrEqual(0)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('Norwegian display and input', () => {
  it('formats with non-breaking space groups and comma decimals', () => {
    expect(formatOre(125000)).toBe(`1${NBSP}250,00`)
    expect(formatOre(-123456789)).toBe(`-1${NBSP}234${NBSP}567,89`)
    expect(formatOre(5)).toBe('0,05')
    expect(formatMoney(1234.5)).toBe(`1${NBSP}234,50`)
  })

  it('parses what people type', () => {
    expect(parseMoney('1 234,56')).toBe(123456)
    expect(parseMoney(`1${NBSP}234,56`)).toBe(123456)
    expect(parseMoney('1234.56')).toBe(123456)
    expect(parseMoney('kr 1.234,56')).toBe(123456)
    expect(parseMoney('1,234.56')).toBe(123456)
    expect(parseMoney('1.234')).toBe(123400)
    expect(parseMoney('12,5')).toBe(1250)
    expect(parseMoney('-250')).toBe(-25000)
    expect(parseMoney('\u2212250,00')).toBe(-25000)
    expect(parseMoney('250,-')).toBe(25000)
    for (const bad of ['', 'tolv', '1,2,3', '1.23.4', '1,234,5']) expect(parseMoney(bad)).toBeUndefined()
  })
})
