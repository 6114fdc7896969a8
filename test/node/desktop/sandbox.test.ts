// The Local sandbox as browser mode runs it: the real platform CLI in a child process (tsx), its data
// in the app's data folder, ready when it prints its endpoints, reachable over HTTP, stopped with the
// app, and on the same port at the next start (so the issuer of a saved sign-in stays valid).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { SandboxStatus } from '../../../common/bridge/contract.ts'
import { memoryLogger } from '../../../electron/main/logger.ts'
import { createConfKeyValue } from '../../../electron/main/node/key-value.ts'
import { createChildPlatformProcess } from '../../../electron/main/node/platform-process.ts'
import { createSandboxService } from '../../../electron/main/services/sandbox.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'ledgerdesk-sandbox-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

function sandbox(events: SandboxStatus[]) {
  return createSandboxService({
    platformProcess: createChildPlatformProcess(),
    dataDir,
    store: createConfKeyValue(dataDir)('sandbox'),
    emit: (_name, payload) => void events.push(payload as SandboxStatus),
    log: memoryLogger(),
  })
}

describe('the Local sandbox process', () => {
  it('starts the platform CLI, serves the demo office, stops with the app and comes back on the same port', async () => {
    const events: SandboxStatus[] = []
    const first = sandbox(events)
    const ready = await first.start()
    expect(ready.state).toBe('ready')
    if (ready.state !== 'ready') return
    expect(ready.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    expect(ready.authUrl).toBe(`${ready.baseUrl}identity`)
    // The bulk-permission host (spec 4.10 `{license_admin_url}`), from the CLI's LicenseAdmin line.
    expect(ready.licenseAdminUrl).toBe(`${ready.baseUrl}license-admin`)
    expect(events.map((e) => e.state)).toEqual(['starting', 'ready'])
    const endpoints = (await (await fetch(new URL('api/endpoints', ready.baseUrl))).json()) as Record<
      string,
      string
    >
    expect(endpoints.Identity).toBe(ready.authUrl)

    await first.stop()
    expect(first.status()).toEqual({ state: 'stopped' })
    await expect(fetch(new URL('api/endpoints', ready.baseUrl))).rejects.toThrow()

    const second = sandbox([])
    expect(await second.start()).toEqual(ready)
    await second.stop()
  }, 240_000)
})
