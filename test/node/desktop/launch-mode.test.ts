// `npm start` on a machine without Electron's binary: it tries the lazy download once and falls back to
// browser mode with one line, and `npm ci` never runs a script that downloads.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain ES module of the start scripts, without type declarations
import { chooseLaunchMode } from '../../../scripts/launch-mode.mjs'

describe('npm start: choosing Electron or browser mode', () => {
  it('starts Electron without a download when the binary is installed', () => {
    let installs = 0
    const launch = chooseLaunchMode({ binaryPresent: () => true, install: () => (installs++, true) })
    expect(launch).toEqual({ mode: 'electron' })
    expect(installs).toBe(0)
  })

  it('fetches the binary lazily on first start and then starts Electron', () => {
    let installs = 0
    const launch = chooseLaunchMode({ binaryPresent: () => false, install: () => (installs++, true) })
    expect(launch.mode).toBe('electron')
    expect(installs).toBe(1)
  })

  it('falls back to browser mode with a one-line reason when the download is impossible', () => {
    const launch = chooseLaunchMode({ binaryPresent: () => false, install: () => false })
    expect(launch.mode).toBe('browser')
    expect(launch.message).toMatch(/browser mode/)
    expect(launch.message).not.toContain('\n')
  })
})

describe('npm ci on a machine that cannot reach download hosts', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { allowScripts?: Record<string, boolean> }

  it('denies the install scripts that download binaries', () => {
    expect(pkg.allowScripts?.electron).toBe(false)
    expect(pkg.allowScripts?.['electron-winstaller']).toBe(false)
  })

  it('runs in CI exactly as a user types it, with no download-skipping variable', () => {
    expect(readFileSync('.ci/run', 'utf8')).not.toMatch(/ELECTRON_SKIP_BINARY_DOWNLOAD/)
  })
})
