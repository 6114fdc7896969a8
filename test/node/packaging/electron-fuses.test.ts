// The packaged app's Electron fuses, as electron-builder flips them from electron-builder.yml: the binary
// cannot be turned into a plain Node (ELECTRON_RUN_AS_NODE, NODE_OPTIONS, --inspect) and loads only its
// own, integrity-checked app.asar.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'

const config = load(readFileSync(resolve(import.meta.dirname, '../../../electron-builder.yml'), 'utf8')) as {
  asar?: boolean
  electronFuses?: Record<string, unknown>
}

describe('the packaged app’s Electron fuses', () => {
  it('turn off running as Node, NODE_OPTIONS and the inspector flags', () => {
    expect(config.electronFuses?.runAsNode).toBe(false)
    expect(config.electronFuses?.enableNodeOptionsEnvironmentVariable).toBe(false)
    expect(config.electronFuses?.enableNodeCliInspectArguments).toBe(false)
  })

  it('load the app only from its asar, checked against its integrity hash', () => {
    expect(config.electronFuses?.onlyLoadAppFromAsar).toBe(true)
    expect(config.electronFuses?.enableEmbeddedAsarIntegrityValidation).toBe(true)
    // Both need the app packed as an asar (electron-builder's default, never turned off here).
    expect(config.asar).not.toBe(false)
  })

  it('encrypt cookies and give file:// pages no extra privileges', () => {
    expect(config.electronFuses?.enableCookieEncryption).toBe(true)
    expect(config.electronFuses?.grantFileProtocolExtraPrivileges).toBe(false)
  })
})
