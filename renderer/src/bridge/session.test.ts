import { beforeEach, describe, expect, it } from 'vitest'
import { takeSessionSecret } from './session.ts'

beforeEach(() => {
  window.sessionStorage.clear()
  window.history.replaceState(null, '', '/')
})

describe('the browser-mode session secret', () => {
  it('is read from the address, then removed from it and kept for this tab', () => {
    window.history.replaceState(null, '', '/?session=abc123&x=1#/settings')
    expect(takeSessionSecret()).toBe('abc123')
    expect(window.location.search).toBe('?x=1')
    expect(window.location.hash).toBe('#/settings')
    // After a reload the address no longer has it; the tab does.
    expect(takeSessionSecret()).toBe('abc123')
  })

  it('prefers a newer secret from the address over the one the tab kept', () => {
    window.history.replaceState(null, '', '/?session=old')
    takeSessionSecret()
    window.history.replaceState(null, '', '/?session=new')
    expect(takeSessionSecret()).toBe('new')
  })

  it('is absent when the page was opened without one', () => {
    expect(takeSessionSecret()).toBeUndefined()
  })
})
