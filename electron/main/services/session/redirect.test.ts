import { describe, expect, it } from 'vitest'
import { callbackUrlFor, checkCallback, findSchemeUrlInArgv, schemeRedirectUri } from './redirect.ts'

const link =
  'no.ledgerdesk.app:/oauth/callback?code=abc123&state=s-1&iss=http%3A%2F%2F127.0.0.1%3A4100%2Fidentity'

describe("finding the sign-in link in a process's arguments", () => {
  it('finds it after the switches Chromium adds on Windows (second-instance argv)', () => {
    const argv = [
      'C:\\Program Files\\Ledgerdesk\\Ledgerdesk.exe',
      '--allow-file-access-from-files',
      '--secondary-instance',
      '--original-process-start-time=13377591436571213',
      link,
    ]
    expect(findSchemeUrlInArgv(argv)).toBe(link)
  })

  it('finds it when Windows puts it before the switches and keeps the quotes', () => {
    const argv = [
      'C:\\Users\\kari\\AppData\\Local\\Programs\\ledgerdesk\\Ledgerdesk.exe',
      `"${link}"`,
      '--flag-switches-begin',
      '--flag-switches-end',
    ]
    expect(findSchemeUrlInArgv(argv)).toBe(link)
  })

  it('finds it in an unpackaged launch (electron.exe app-path link) and ignores a switch that quotes it', () => {
    const argv = [
      'C:\\dev\\node_modules\\electron\\dist\\electron.exe',
      'C:\\dev\\ledgerdesk',
      `--arg=${link}`,
      link,
    ]
    expect(findSchemeUrlInArgv(argv)).toBe(link)
  })

  it('matches the scheme case-insensitively on Linux (xdg-open argv)', () => {
    expect(
      findSchemeUrlInArgv([
        '/opt/Ledgerdesk/ledgerdesk',
        '--no-sandbox',
        'NO.LEDGERDESK.APP:/oauth/callback?code=x&state=y',
      ]),
    ).toBe('NO.LEDGERDESK.APP:/oauth/callback?code=x&state=y')
  })

  it('answers nothing for a normal start', () => {
    expect(
      findSchemeUrlInArgv([
        'C:\\Program Files\\Ledgerdesk\\Ledgerdesk.exe',
        '--enable-logging',
        'https://example.test/',
      ]),
    ).toBeUndefined()
  })
})

describe('checking a sign-in redirect against the pending login', () => {
  const scheme = { redirectUri: schemeRedirectUri, state: 's-1' }
  const loopback = { redirectUri: 'http://127.0.0.1:53111/callback', state: 's-1' }

  it('accepts the scheme redirect with the right state and keeps the exact redirect URI for the exchange', () => {
    const check = checkCallback(link, scheme)
    expect(check.ok).toBe(true)
    if (!check.ok) return
    const url = callbackUrlFor(check)
    expect(url.href.split('?')[0]).toBe(schemeRedirectUri)
    expect(url.searchParams.get('code')).toBe('abc123')
  })

  it('accepts the triple-slash form some systems hand over', () => {
    expect(checkCallback('no.ledgerdesk.app:///oauth/callback?code=c&state=s-1', scheme).ok).toBe(true)
  })

  it('refuses another state', () => {
    expect(checkCallback('no.ledgerdesk.app:/oauth/callback?code=c&state=other', scheme)).toMatchObject({
      ok: false,
      problem: 'STATE_MISMATCH',
    })
    expect(checkCallback('no.ledgerdesk.app:/oauth/callback?code=c', scheme)).toMatchObject({
      ok: false,
      problem: 'STATE_MISMATCH',
    })
  })

  it('refuses another host, path, port or scheme', () => {
    expect(checkCallback('no.ledgerdesk.app://evil/oauth/callback?code=c&state=s-1', scheme)).toMatchObject({
      problem: 'WRONG_TARGET',
    })
    expect(checkCallback('no.ledgerdesk.app:/oauth/other?code=c&state=s-1', scheme)).toMatchObject({
      problem: 'WRONG_TARGET',
    })
    expect(checkCallback('http://127.0.0.1:53112/callback?code=c&state=s-1', loopback)).toMatchObject({
      problem: 'WRONG_TARGET',
    })
    expect(checkCallback('http://localhost:53111/callback?code=c&state=s-1', loopback)).toMatchObject({
      problem: 'WRONG_TARGET',
    })
    expect(checkCallback('http://127.0.0.1:53111/callbackx?code=c&state=s-1', loopback)).toMatchObject({
      problem: 'WRONG_TARGET',
    })
    expect(checkCallback('https://127.0.0.1:53111/callback?code=c&state=s-1', loopback)).toMatchObject({
      problem: 'WRONG_TARGET',
    })
    expect(checkCallback('not a url', loopback)).toMatchObject({ problem: 'NOT_A_URL' })
  })

  it("reports the identity server's refusal and a cancelled login in words", () => {
    expect(
      checkCallback(
        'http://127.0.0.1:53111/callback?error=access_denied&error_description=The%20user%20cancelled&state=s-1',
        loopback,
      ),
    ).toEqual({ ok: false, problem: 'ACCESS_DENIED', message: 'The user cancelled' })
    expect(
      checkCallback('http://127.0.0.1:53111/callback?error=invalid_scope&state=s-1', loopback),
    ).toMatchObject({
      problem: 'AUTHORIZATION_ERROR',
      message: 'The identity server refused: invalid_scope',
    })
    expect(checkCallback('http://127.0.0.1:53111/callback?state=s-1', loopback)).toMatchObject({
      problem: 'NO_CODE',
    })
  })
})
