import { describe, expect, it } from 'vitest'
import { BridgeError } from './bridge/contract.ts'
import { isTransient, transientKind } from './transient.ts'

/** An error as main's API client throws it: a code and the HTTP status (0: no answer). */
const apiError = (code: string, status: number) =>
  Object.assign(new BridgeError(code, 'failed', { status, fields: [] }), { status })

describe('the transient-error rule', () => {
  it('waits when the platform cannot be reached: no answer, a timeout, a gateway, the bridge gone', () => {
    expect(transientKind(apiError('API_NETWORK', 0))).toBe('unreachable')
    expect(transientKind(apiError('API_TIMEOUT', 0))).toBe('unreachable')
    expect(transientKind(apiError('API_UNAVAILABLE', 503))).toBe('unreachable')
    expect(transientKind(new BridgeError('BRIDGE_DISCONNECTED', 'gone'))).toBe('unreachable')
    expect(transientKind(Object.assign(new Error('socket'), { code: 'ECONNRESET' }))).toBe('unreachable')
    expect(transientKind(new TypeError('Failed to fetch'))).toBe('unreachable')
    expect(transientKind(apiError('API_BAD_REQUEST', 408))).toBe('unreachable')
  })

  it('waits for a sign-in when the session is over, whichever service says so', () => {
    expect(transientKind(apiError('API_UNAUTHORIZED', 401))).toBe('signedOut')
    expect(transientKind({ code: 'SESSION_EXPIRED', message: 'expired' })).toBe('signedOut')
    expect(transientKind(new BridgeError('SCAN_SIGNED_OUT', 'Sign in'))).toBe('signedOut')
  })

  it('tries again later when the platform failed on its side, also after the error crossed the bridge', () => {
    expect(transientKind(apiError('API_SERVER_ERROR', 500))).toBe('serverError')
    expect(transientKind(apiError('API_BAD_REQUEST', 429))).toBe('serverError')
    expect(transientKind(new BridgeError('API_BAD_REQUEST', 'busy', { status: 429 }))).toBe('serverError')
    expect(transientKind({ code: 'API_BAD_REQUEST', message: 'busy', status: 429 })).toBe('serverError')
    expect(transientKind(apiError('API_INVALID_RESPONSE', 0))).toBe('serverError')
  })

  it('does not wait on a refusal or on a fault of the app itself', () => {
    expect(isTransient(apiError('API_VALIDATION', 400))).toBe(false)
    expect(isTransient(apiError('API_FORBIDDEN', 403))).toBe(false)
    expect(isTransient(apiError('API_NOT_FOUND', 404))).toBe(false)
    expect(isTransient(new BridgeError('BRIDGE_INVALID_ARGUMENTS', 'bad'))).toBe(false)
    expect(isTransient(new TypeError("Cannot read properties of undefined (reading 'ID')"))).toBe(false)
    expect(isTransient(Object.assign(new Error('busy'), { code: 'EBUSY' }))).toBe(false)
    expect(isTransient(null)).toBe(false)
  })
})
