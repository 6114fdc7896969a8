// Which approvals are announced as new: only those arriving after a company's first complete pull.
import { describe, expect, it } from 'vitest'
import { createAnnouncer } from './new-approvals.ts'

const snap = (open: Record<string, string[]>, pulled: string[]) => ({
  open: new Map(Object.entries(open)),
  pulled: new Set(pulled),
})

describe('new approvals', () => {
  it('does not announce what a first pull brings, in any company, even when companies finish apart', () => {
    const a = createAnnouncer()
    expect(a.next(snap({ nordlys: ['n:1', 'n:2'] }, ['nordlys']))).toEqual([])
    // Fjordbygg's first complete pull ends later: its three old approvals are not new.
    expect(
      a.next(snap({ nordlys: ['n:1', 'n:2'], fjordbygg: ['f:1', 'f:2', 'f:3'] }, ['nordlys', 'fjordbygg'])),
    ).toEqual([])
  })

  it('ignores rows of a company whose pull has not completed, then takes them as known', () => {
    const a = createAnnouncer()
    expect(a.next(snap({ fjordbygg: ['f:1'] }, []))).toEqual([])
    expect(a.next(snap({ fjordbygg: ['f:1', 'f:2'] }, ['fjordbygg']))).toEqual([])
    expect(a.next(snap({ fjordbygg: ['f:1', 'f:2', 'f:3'] }, ['fjordbygg']))).toEqual(['f:3'])
  })

  it('announces approvals arriving after the first pull once, also in a company that had none', () => {
    const a = createAnnouncer()
    a.next(snap({ nordlys: ['n:1'] }, ['nordlys', 'aurora']))
    expect(a.next(snap({ nordlys: ['n:1', 'n:2'], aurora: ['a:1'] }, ['nordlys', 'aurora']))).toEqual([
      'n:2',
      'a:1',
    ])
    // Decided and gone, then the same again: nothing new.
    expect(a.next(snap({ nordlys: ['n:2'], aurora: ['a:1'] }, ['nordlys', 'aurora']))).toEqual([])
  })

  it('starts over after a reset (another workspace)', () => {
    const a = createAnnouncer()
    a.next(snap({ nordlys: ['n:1'] }, ['nordlys']))
    a.reset()
    expect(a.next(snap({ nordlys: ['n:1', 'n:2'] }, ['nordlys']))).toEqual([])
  })
})
