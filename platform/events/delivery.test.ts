// The pure rules of outbound delivery: which endpoints are accepted and how long a retry waits.
import { describe, expect, it } from 'vitest'
import { checkEndpoint, retryDelay } from './delivery.ts'

describe('checkEndpoint', () => {
  it('accepts absolute http and https URLs', () => {
    expect(checkEndpoint('https://hooks.example.test/ledgerdesk?x=1')).toBeUndefined()
    expect(checkEndpoint('http://127.0.0.1:8080/hook')).toBeUndefined()
  })

  it.each([
    ['ftp://hooks.example.test/x', /must use http or https, not ftp/],
    ['file:///etc/passwd', /not file/],
    ['javascript:alert(1)', /not javascript/],
    ['/relative/path', /is not an absolute URL/],
    ['hooks.example.test/x', /is not an absolute URL/],
    ['', /must be an absolute http\(s\) URL/],
    [null, /must be an absolute http\(s\) URL/],
  ])('refuses %s', (url, message) => {
    expect(checkEndpoint(url)).toMatch(message)
  })
})

describe('retryDelay', () => {
  it('doubles from the base after each failed attempt, up to the cap', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelay(n, 1000, 60_000))).toEqual([1000, 2000, 4000, 8000, 16000])
    expect(retryDelay(9, 1000, 60_000)).toBe(60_000)
    expect(retryDelay(40, 1000, 300_000)).toBe(300_000)
  })
})
