import { describe, expect, it } from 'vitest'
import { BridgeError, type AboutInfo } from '../../../common/bridge/contract.ts'
import { memoryLogger } from '../logger.ts'
import { createDispatcher, type Handlers } from './dispatcher.ts'

const about: AboutInfo = {
  appName: 'Ledgerdesk',
  appVersion: '1.2.3',
  mode: 'browser',
  electronVersion: null,
  chromeVersion: null,
  nodeVersion: '20.0.0',
  platform: 'linux',
  arch: 'x64',
  dataDir: '/data',
  locale: 'nb-NO',
}

function setup(overrides: Partial<Handlers> = {}) {
  const seen: unknown[] = []
  // The calls these tests make; the others are never dispatched here.
  const handlers = {
    'app.about': () => about,
    'app.getPreferences': () => ({ locale: null }),
    'app.setPreferences': (change) => {
      seen.push(change)
      return { locale: change.locale ?? null }
    },
    'shell.openExternal': (url: string) => void seen.push(url),
    ...overrides,
  } as Handlers
  const log = memoryLogger()
  return { dispatch: createDispatcher(handlers, log), log, seen }
}

describe('the bridge dispatcher', () => {
  it('runs the service for a valid call and returns its value', async () => {
    const { dispatch, seen } = setup()
    expect(await dispatch('app.about', [])).toEqual({ ok: true, value: about })
    expect(await dispatch('app.setPreferences', [{ locale: 'nb' }])).toEqual({
      ok: true,
      value: { locale: 'nb' },
    })
    expect(seen).toEqual([{ locale: 'nb' }])
  })

  it('refuses bad arguments with the zod issues and never calls the service', async () => {
    const { dispatch, seen } = setup()
    const result = await dispatch('app.setPreferences', [{ locale: 'de' }])
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'BRIDGE_INVALID_ARGUMENTS', details: { issues: [{ path: ['0', 'locale'] }] } },
    })
    expect(await dispatch('shell.openExternal', ['javascript:alert(1)'])).toMatchObject({
      ok: false,
      error: { code: 'BRIDGE_INVALID_ARGUMENTS' },
    })
    expect(await dispatch('app.about', ['extra'])).toMatchObject({
      ok: false,
      error: { code: 'BRIDGE_INVALID_ARGUMENTS' },
    })
    expect(await dispatch('app.about', 'not an array')).toMatchObject({
      ok: false,
      error: { code: 'BRIDGE_INVALID_ARGUMENTS' },
    })
    expect(seen).toEqual([])
  })

  it('answers an unknown call name, including names inherited from Object', async () => {
    const { dispatch } = setup()
    for (const name of ['app.selfDestruct', 'toString', '__proto__', 42, undefined]) {
      expect(await dispatch(name, [])).toMatchObject({ ok: false, error: { code: 'BRIDGE_UNKNOWN_CALL' } })
    }
  })

  it('passes a typed error from a service through with its code, message and details', async () => {
    const { dispatch, log } = setup({
      'app.getPreferences': () => {
        throw new BridgeError('PREFERENCES_LOCKED', 'Preferences are locked by policy', { by: 'admin' })
      },
      'app.about': () => {
        throw Object.assign(new Error('Company 42 is not available'), { code: 'COMPANY_NOT_FOUND' })
      },
    })
    expect(await dispatch('app.getPreferences', [])).toEqual({
      ok: false,
      error: {
        code: 'PREFERENCES_LOCKED',
        message: 'Preferences are locked by policy',
        details: { by: 'admin' },
      },
    })
    expect(await dispatch('app.about', [])).toEqual({
      ok: false,
      error: { code: 'COMPANY_NOT_FOUND', message: 'Company 42 is not available' },
    })
    expect(log.entries).toEqual([])
  })

  it('turns an untyped failure into INTERNAL without leaking its message, and logs it', async () => {
    const { dispatch, log } = setup({
      'app.about': () => {
        throw new TypeError("Cannot read properties of undefined (reading 'secret')")
      },
      'app.getPreferences': async () => {
        throw Object.assign(new Error('ENOENT: no such file, open /home/u/x'), {
          code: 'ENOENT',
          errno: -2,
          syscall: 'open',
        })
      },
    })
    const result = await dispatch('app.about', [])
    expect(result).toEqual({
      ok: false,
      error: { code: 'INTERNAL', message: 'app.about failed inside Ledgerdesk' },
    })
    expect(await dispatch('app.getPreferences', [])).toMatchObject({ ok: false, error: { code: 'INTERNAL' } })
    expect(log.entries.map((e) => e.message)).toEqual([
      'bridge: app.about failed',
      'bridge: app.getPreferences failed',
    ])
  })

  it('refuses a service result outside the contract', async () => {
    const { dispatch, log } = setup({ 'app.getPreferences': () => ({ locale: 'sv' }) as never })
    expect(await dispatch('app.getPreferences', [])).toMatchObject({ ok: false, error: { code: 'INTERNAL' } })
    expect(log.entries).toHaveLength(1)
  })
})
