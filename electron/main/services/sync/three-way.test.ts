import { describe, expect, it } from 'vitest'
import type { PlatformRow } from '../../../../common/bridge/sync.ts'
import { decideUpdate } from './row-actions.ts'
import { baseOf, mergeCustomValues, mergeProperty } from './three-way.ts'

describe('the one rule of a change against the server', () => {
  it('sends what only the user changed, leaves what the server holds already, and stops at a change on both sides', () => {
    expect(mergeProperty('B', 'A', { value: 'A' })).toBe('send')
    expect(mergeProperty('B', 'B', { value: 'A' })).toBe('nothing')
    expect(mergeProperty('B', 'C', { value: 'A' })).toBe('conflict')
    // The platform's forms of one value are one value (common/same-value.ts).
    expect(mergeProperty(1250, '1250.00', { value: 1000 })).toBe('nothing')
    expect(mergeProperty('', null, { value: 'A' })).toBe('nothing')
  })

  it("keeps a colleague's value where the user's value is back at the base", () => {
    expect(mergeProperty('A', 'C', { value: 'A' })).toBe('nothing')
  })

  it('sends what differs when the change has no base for the property', () => {
    expect(mergeProperty('B', 'C', undefined)).toBe('send')
    expect(mergeProperty('B', 'B', undefined)).toBe('nothing')
    expect(baseOf({ A: null }, 'A')).toEqual({ value: null })
    expect(baseOf({ A: null }, 'B')).toBeUndefined()
  })

  it('merges custom values key by key: the user’s changes go, a colleague’s other key stays, one key changed on both sides is a conflict', () => {
    const base = { CustomProsjekt: 'P-1', CustomTimer: 2, CustomKunde: 'A' }
    const server = { CustomProsjekt: 'P-1', CustomTimer: 3, CustomKunde: 'B' }
    const mine = { CustomProsjekt: 'P-17', CustomTimer: 2, CustomKunde: 'C' }
    expect(mergeCustomValues(mine, server, { value: base })).toEqual({
      send: { CustomProsjekt: 'P-17' },
      conflicts: ['CustomKunde'],
    })
    // A key missing from the base's values was empty: a colleague who filled it in meanwhile is a conflict.
    expect(mergeCustomValues({ CustomProsjekt: 'P-2' }, { CustomProsjekt: 'P-1' }, { value: null })).toEqual({
      send: {},
      conflicts: ['CustomProsjekt'],
    })
    // No custom values in the base at all (an edit of a draft before its create reached the platform).
    expect(mergeCustomValues({ CustomProsjekt: 'P-2' }, { CustomProsjekt: 'P-1' }, undefined)).toEqual({
      send: { CustomProsjekt: 'P-2' },
      conflicts: [],
    })
  })

  it('is the rule of a row update', () => {
    const server: PlatformRow = { ID: 5, UpdatedAt: '2026-11-02T10:00:00Z', A: 'theirs', B: 'x', C: 'mine' }
    const decided = decideUpdate(
      {
        entity: 'SupplierInvoice',
        entityId: 5,
        body: { A: 'mine', B: 'y', C: 'mine', D: 'old' },
        base: { A: 'old', B: 'x', C: 'old', D: 'old' },
        baseUpdatedAt: '2026-11-01T10:00:00Z',
      },
      server,
    )
    expect(decided).toMatchObject({ status: 'conflict', fields: ['A'], theirs: { A: 'theirs' } })
    const merged = decideUpdate(
      {
        entity: 'SupplierInvoice',
        entityId: 5,
        body: { B: 'y', D: 'old', CustomValues: { CustomX: 1 } },
        base: { B: 'x', D: 'old', CustomValues: null },
        baseUpdatedAt: '2026-11-01T10:00:00Z',
      },
      { ...server, D: 'changed by a colleague' },
    )
    expect(merged).toEqual({ send: { B: 'y', CustomValues: { CustomX: 1 } }, merged: ['B', 'CustomValues'] })
  })
})
