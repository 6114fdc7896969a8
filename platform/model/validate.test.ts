// Conversions and checks of request values per field type (the write path's first line of defence).
import { describe, expect, it } from 'vitest'
import { coerceCustomValue, coerceField } from './validate.ts'

const ok = (value: unknown) => ({ ok: true, value })

describe('coerceField', () => {
  it('takes whole numbers as numbers or digit strings, and names the field otherwise', () => {
    expect(coerceField({ name: 'SupplierID', type: 'int' }, 12)).toEqual(ok(12))
    expect(coerceField({ name: 'SupplierID', type: 'int' }, ' 12 ')).toEqual(ok(12))
    expect(coerceField({ name: 'SupplierID', type: 'int' }, 1.5)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^SupplierID must be a whole number/),
    })
    expect(coerceField({ name: 'SupplierID', type: 'int' }, 'abc')).toMatchObject({ ok: false })
    expect(coerceField({ name: 'SupplierID', type: 'int' }, 2 ** 31)).toMatchObject({
      ok: false,
      message: 'SupplierID is out of range',
    })
    expect(coerceField({ name: 'SupplierID', type: 'int' }, null)).toEqual(ok(null))
  })

  it('keeps decimals exact as strings and refuses text', () => {
    expect(coerceField({ name: 'Amount', type: 'money' }, 1250.5)).toEqual(ok('1250.5'))
    expect(coerceField({ name: 'Amount', type: 'money' }, '-0.10')).toEqual(ok('-0.10'))
    expect(coerceField({ name: 'Amount', type: 'money' }, '1,5')).toMatchObject({ ok: false })
    expect(coerceField({ name: 'Amount', type: 'decimal' }, Infinity)).toMatchObject({ ok: false })
    expect(coerceField({ name: 'Amount', type: 'money' }, 1e13)).toMatchObject({
      ok: false,
      message: 'Amount is out of range',
    })
  })

  it('reads booleans the ways clients send them', () => {
    for (const v of [true, 'true', 'True', 1, '1'])
      expect(coerceField({ name: 'B', type: 'bool' }, v)).toEqual(ok(true))
    for (const v of [false, 'false', 0, '0'])
      expect(coerceField({ name: 'B', type: 'bool' }, v)).toEqual(ok(false))
    expect(coerceField({ name: 'B', type: 'bool' }, 'yes')).toMatchObject({ ok: false })
  })

  it('accepts real calendar dates only, and the date part of a date-time', () => {
    expect(coerceField({ name: 'D', type: 'date' }, '2024-02-29')).toEqual(ok('2024-02-29'))
    expect(coerceField({ name: 'D', type: 'date' }, '2026-03-05T10:00:00')).toEqual(ok('2026-03-05'))
    expect(coerceField({ name: 'D', type: 'date' }, '2025-02-29')).toMatchObject({ ok: false })
    expect(coerceField({ name: 'D', type: 'date' }, '05.03.2026')).toMatchObject({ ok: false })
    expect(coerceField({ name: 'T', type: 'datetime' }, '2026-03-05T10:11:12+01:00')).toEqual(
      ok('2026-03-05T09:11:12.000Z'),
    )
  })

  it('checks GUIDs, maxLength and value lists', () => {
    expect(coerceField({ name: 'G', type: 'guid' }, 'ABCDEF00-0000-4000-8000-000000000000')).toEqual(
      ok('abcdef00-0000-4000-8000-000000000000'),
    )
    expect(coerceField({ name: 'G', type: 'guid' }, 'abc')).toMatchObject({ ok: false })
    expect(coerceField({ name: 'S', type: 'string', maxLength: 3 }, 'abcd')).toMatchObject({
      ok: false,
      message: 'S must be at most 3 characters',
    })
    expect(coerceField({ name: 'S', type: 'string' }, 42)).toEqual(ok('42'))
    expect(coerceField({ name: 'S', type: 'string' }, { a: 1 })).toMatchObject({ ok: false })
    expect(coerceField({ name: 'P', type: 'int', values: [1, 2] }, 3)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/one of 1, 2/),
    })
  })
})

describe('coerceCustomValue (spec 2.16, 8)', () => {
  it('limits small text to 255 characters; text is unlimited', () => {
    expect(coerceCustomValue({ name: 'Note', type: 'smalltext' }, 'x'.repeat(255))).toMatchObject({
      ok: true,
    })
    expect(coerceCustomValue({ name: 'Note', type: 'smalltext' }, 'x'.repeat(256))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^CustomNote/),
    })
    expect(coerceCustomValue({ name: 'Note', type: 'text' }, 'x'.repeat(10_000))).toMatchObject({ ok: true })
  })

  it('takes whole numbers for Number and at most two decimals for Money', () => {
    expect(coerceCustomValue({ name: 'N', type: 'number' }, '12')).toEqual(ok(12))
    expect(coerceCustomValue({ name: 'N', type: 'number' }, 2.5)).toMatchObject({ ok: false })
    expect(coerceCustomValue({ name: 'M', type: 'money' }, '12.30')).toEqual(ok(12.3))
    expect(coerceCustomValue({ name: 'M', type: 'money' }, '12.300')).toEqual(ok(12.3))
    expect(coerceCustomValue({ name: 'M', type: 'money' }, 12.345)).toMatchObject({
      ok: false,
      message: 'CustomM must have at most 2 decimals',
    })
  })
})
