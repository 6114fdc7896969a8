import { afterEach, describe, expect, it, vi } from 'vitest'
import { BridgeError, BridgeErrorCode } from '@common/bridge/contract'
import { mountShell, type MountedShell } from './mount-shell.ts'
import { createTestBridge, sampleAbout } from './test-bridge.ts'

let shell: MountedShell | undefined
afterEach(() => {
  shell?.unmount()
  shell = undefined
})

describe('the About view', () => {
  it('shows the versions, mode and data folder that came over the bridge', async () => {
    shell = await mountShell({ path: '/about', languages: ['en-US'] })
    expect(await shell.text('about-app-version')).toBe('0.1.0-test.7')
    expect(await shell.text('about-electron-version')).toBe(sampleAbout.electronVersion)
    expect(await shell.text('about-node-version')).toBe('22.99.1')
    expect(await shell.text('about-chrome-version')).toBe('144.0.7559.60')
    expect(await shell.text('about-data-dir')).toBe('/home/kari/.config/Ledgerdesk')
    expect(await shell.text('about-mode')).toBe('Desktop app')
    expect(await shell.text('about-platform')).toBe('linux (x64)')
    expect(shell.test.calls.filter((call) => call.name === 'app.about')).toHaveLength(1)
  })

  it('says that Electron and Chromium are not used in browser mode', async () => {
    const test = createTestBridge({
      handlers: {
        'app.about': () => ({ ...sampleAbout, mode: 'browser', electronVersion: null, chromeVersion: null }),
      },
    })
    shell = await mountShell({ path: '/about', languages: ['nb-NO'], test })
    expect(await shell.text('about-mode')).toBe('Nettlesermodus')
    expect(await shell.text('about-electron-version')).toBe('Brukes ikke i nettlesermodus')
    expect(await shell.text('about-chrome-version')).toBe('Nettleserens egen (nettlesermodus)')
  })

  it('explains a failed call in plain words with its code, and loads on retry', async () => {
    let failures = 1
    const test = createTestBridge({
      handlers: {
        'app.about': () => {
          if (failures-- > 0) throw new BridgeError(BridgeErrorCode.Disconnected, 'socket closed')
          return sampleAbout
        },
      },
    })
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    shell = await mountShell({ path: '/about', languages: ['en-US'], test })
    const error = await shell.text('about-error')
    expect(logged).toHaveBeenCalledWith(
      'Reading the app information over the bridge failed',
      expect.any(BridgeError),
    )
    expect(error).toContain('The app information could not be loaded')
    expect(error).toContain('The app has lost contact with its background service.')
    expect(error).toContain('Error code: BRIDGE_DISCONNECTED')
    ;(await shell.find('about-retry')).click()
    expect(await shell.text('about-node-version')).toBe(sampleAbout.nodeVersion)
    expect(document.querySelector('[data-testid="about-error"]')).toBeNull()
  })

  it('shows the message of an error without a sentence of its own', async () => {
    const test = createTestBridge({
      handlers: {
        'app.about': () => {
          throw new BridgeError(BridgeErrorCode.Internal, 'package.json could not be read')
        },
      },
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    shell = await mountShell({ path: '/about', languages: ['en-US'], test })
    const error = await shell.text('about-error')
    expect(error).toContain('Something went wrong in the background service.')
    expect(error).toContain('package.json could not be read')
    expect(error).toContain('Error code: INTERNAL')
  })
})
