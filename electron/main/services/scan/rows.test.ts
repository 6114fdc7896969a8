// How often an uploading row's percentage is told to the renderer.
import { describe, expect, it } from 'vitest'
import { progressThrottle } from './rows.ts'

describe('the upload percentage throttle', () => {
  it('tells a file at most once per interval and always its 100 %, each file on its own', () => {
    let now = 0
    const throttle = progressThrottle(200, () => now)
    expect(throttle.shouldTell('a', 10)).toBe(true)
    now = 50
    expect(throttle.shouldTell('a', 30)).toBe(false)
    expect(throttle.shouldTell('b', 30)).toBe(true)
    now = 250
    expect(throttle.shouldTell('a', 30.4)).toBe(true)
    now = 600
    // The same whole percentage again is nothing new.
    expect(throttle.shouldTell('a', 30.9)).toBe(false)
    now = 610
    expect(throttle.shouldTell('a', 100)).toBe(true)
    expect(throttle.shouldTell('b', 100)).toBe(true)
    // A file uploaded again (Retry) starts over.
    expect(throttle.shouldTell('a', 5)).toBe(true)
  })
})
