// The peers set of the real-document benchmark records each receipt's date and total as its publishers wrote
// them (scripts/add-peer-receipts.mjs); they are scored as yyyy-mm-dd and two decimals, so the conversion
// decides what counts as right.
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain script of the repository, without types
import { recordedDate, recordedTotal } from '../../scripts/add-peer-receipts.mjs'

describe('the peers set of real receipts', () => {
  it('reads a recorded date day first, in the forms the receipts print', () => {
    expect(recordedDate('25/12/2018')).toBe('2018-12-25')
    expect(recordedDate('04/12/17')).toBe('2017-12-04')
    expect(recordedDate('9/3/2018')).toBe('2018-03-09')
    expect(recordedDate('14-03-18')).toBe('2018-03-14')
    expect(recordedDate('2018-01-05')).toBe('2018-01-05')
    expect(recordedDate('14 MAR 2018')).toBe('2018-03-14')
    expect(recordedDate('05-AUG-2017')).toBe('2017-08-05')
    expect(recordedDate('11 Ogos 2018')).toBe('2018-08-11')
    expect(recordedDate('OCT 3, 2016')).toBe('2016-10-03')
    expect(recordedDate('(25/12/2018)')).toBe('2018-12-25')
    expect(recordedDate('20180105')).toBe('2018-01-05')
    expect(recordedDate('05012018')).toBe('2018-01-05')
  })

  it('reads a date month first only where day first gives none', () => {
    expect(recordedDate('12/28/2017')).toBe('2017-12-28')
    expect(recordedDate('10/12/2017')).toBe('2017-12-10')
  })

  it('leaves a recorded value that is no date or no amount unscored', () => {
    expect(recordedDate('31/02/2018')).toBeNull()
    expect(recordedDate('')).toBeNull()
    expect(recordedDate('XYZ 3, 2016')).toBeNull()
    expect(recordedTotal('')).toBeNull()
    expect(recordedTotal('-9.99')).toBeNull()
  })

  it('takes a total without its currency and thousands marks, to two decimals', () => {
    expect(recordedTotal('RM 14.50')).toBe('14.50')
    expect(recordedTotal('$8.20')).toBe('8.20')
    expect(recordedTotal('1,234.50')).toBe('1234.50')
    expect(recordedTotal('99.9')).toBe('99.90')
    expect(recordedTotal('80')).toBe('80.00')
  })
})
