import { describe, expect, it } from 'vitest'
import { isAllowedSender, originOf } from './sender.ts'

const allowed = ['app://ledgerdesk', 'http://localhost:5173']

describe('bridge sender validation', () => {
  it('accepts the app origin and the dev server', () => {
    expect(isAllowedSender('app://ledgerdesk/index.html#/inbox', allowed)).toBe(true)
    expect(isAllowedSender('http://localhost:5173/', allowed)).toBe(true)
  })

  it('refuses other origins, look-alikes and missing frames', () => {
    for (const url of [
      'https://evil.example/',
      'app://ledgerdesk.evil/index.html',
      'app://evil/index.html',
      'http://localhost:5174/',
      'https://localhost:5173/',
      'file:///home/user/index.html',
      'data:text/html,<script>1</script>',
      'about:blank',
      'not a url',
      '',
      undefined,
      null,
    ]) {
      expect(isAllowedSender(url, allowed), String(url)).toBe(false)
    }
  })

  it('reads the origin of custom schemes, which WHATWG URL reports as "null"', () => {
    expect(new URL('app://ledgerdesk/x').origin).toBe('null')
    expect(originOf('app://ledgerdesk/x')).toBe('app://ledgerdesk')
  })
})
