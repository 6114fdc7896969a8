// Electron's session is the one thing replaced here: the permission request and check handlers the app
// installs on it are called as Chromium would call them.
import { describe, expect, it, vi } from 'vitest'

type RequestHandler = (contents: unknown, permission: string, callback: (granted: boolean) => void) => void
type CheckHandler = (contents: unknown, permission: string, origin: string) => boolean
const installed: { request?: RequestHandler; check?: CheckHandler } = {}
vi.mock('electron', () => ({
  session: {
    defaultSession: {
      setPermissionRequestHandler: (fn: RequestHandler) => (installed.request = fn),
      setPermissionCheckHandler: (fn: CheckHandler) => (installed.check = fn),
    },
  },
}))

const { allowedPermissions, lockDownPermissions } = await import('./permissions.ts')

const asked = (permission: string) =>
  new Promise<boolean>((resolve) => installed.request!(null, permission, resolve))

describe('permissions', () => {
  it('installs both a request and a check handler on the default session', () => {
    lockDownPermissions()
    expect(installed.request).toBeTypeOf('function')
    expect(installed.check).toBeTypeOf('function')
  })

  it('grants what the allow-list names, to a request and to a check alike', async () => {
    expect([...allowedPermissions]).toEqual(['clipboard-sanitized-write'])
    expect(await asked('clipboard-sanitized-write')).toBe(true)
    expect(installed.check!(null, 'clipboard-sanitized-write', 'app://ledgerdesk')).toBe(true)
  })

  it('denies everything else by default, checked or requested', async () => {
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'hid',
      'serial',
      'usb',
      'openExternal',
      'fullscreen',
      'unknown-new-permission',
    ]) {
      expect(await asked(permission), permission).toBe(false)
      expect(installed.check!(null, permission, 'app://ledgerdesk'), permission).toBe(false)
    }
  })
})
