import { describe, expect, it } from 'vitest'
import { checkedMarkText, isCheckedMark, isScanMark, scanCheckState, scanMarkText } from './scan-mark.ts'

describe('the scan mark on a supplier', () => {
  it('words the mark and the check in both languages, and knows each whichever language wrote it', () => {
    expect(scanMarkText('nb')).toBe('Opprettet fra skanning')
    expect(scanMarkText('en')).toBe('Created from a scan')
    for (const locale of ['nb', 'en'] as const) {
      expect(isScanMark(scanMarkText(locale))).toBe(true)
      expect(isCheckedMark(scanMarkText(locale))).toBe(false)
      expect(isCheckedMark(checkedMarkText(locale))).toBe(true)
      expect(isScanMark(checkedMarkText(locale))).toBe(false)
    }
    expect(isScanMark('  opprettet fra skanning ')).toBe(true)
    expect(isScanMark('Opprettet fra skanning av faktura 12')).toBe(false)
    expect(isScanMark(null)).toBe(false)
    expect(isCheckedMark('')).toBe(false)
  })

  it('tells a scanned supplier not yet checked from a checked one and from one a person made', () => {
    expect(scanCheckState([])).toBeNull()
    expect(scanCheckState([{ Text: 'Ring før levering' }])).toBeNull()
    expect(scanCheckState([{ Text: 'Opprettet fra skanning' }, { Text: 'Ring før levering' }])).toBe(
      'unchecked',
    )
    expect(scanCheckState([{ Text: 'Created from a scan' }, { Text: checkedMarkText('nb') }])).toBe('checked')
    // A check on its own (the mark deleted) does not make a person's supplier a scanned one.
    expect(scanCheckState([{ Text: checkedMarkText('en') }])).toBeNull()
  })

  it('counts a deleted comment for nothing', () => {
    expect(scanCheckState([{ Text: scanMarkText('nb'), Deleted: true }])).toBeNull()
    expect(
      scanCheckState([{ Text: scanMarkText('nb') }, { Text: checkedMarkText('nb'), Deleted: true }]),
    ).toBe('unchecked')
  })
})
