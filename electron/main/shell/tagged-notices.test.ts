// The desktop's notifications by tag: a later one of a tag takes the place of the one still shown.
import { describe, expect, it } from 'vitest'
import { taggedNotifier } from './tagged-notices.ts'

class FakeNotice {
  shown = false
  closes = 0
  private onClose: (() => void) | null = null
  constructor(readonly body: string) {}
  show() {
    this.shown = true
  }
  get closed() {
    return this.closes > 0
  }
  close() {
    this.closes++
    this.onClose?.()
  }
  once(_event: 'close', listener: () => void) {
    this.onClose = listener
  }
}

describe('tagged system notifications', () => {
  it('close the one of the same tag still shown, and leave other tags and untagged ones alone', () => {
    const made: FakeNotice[] = []
    const notify = taggedNotifier(({ body }) => {
      const n = new FakeNotice(body)
      made.push(n)
      return n
    })
    notify({ title: 'Scanning finished', body: '3 in Nordlys', tag: 'scan-batch:nordlys' })
    notify({ title: 'Scanning finished', body: '1 in Aurora', tag: 'scan-batch:aurora' })
    notify({ title: 'Upload finished', body: 'faktura.pdf' })
    notify({ title: 'Scanning finished', body: '5 in Nordlys', tag: 'scan-batch:nordlys' })
    expect(made.map((n) => [n.body, n.shown, n.closed])).toEqual([
      ['3 in Nordlys', true, true],
      ['1 in Aurora', true, false],
      ['faktura.pdf', true, false],
      ['5 in Nordlys', true, false],
    ])
    // Once the user closed it, a notice of that tag closes nothing more.
    made[3]!.close()
    notify({ title: 'Scanning finished', body: '1 in Nordlys', tag: 'scan-batch:nordlys' })
    expect(made[3]!.closes).toBe(1)
    expect(made[1]!.closed).toBe(false)
    expect(made[4]!.shown).toBe(true)
  })
})
