// The hosts (browser mode's and Electron's main) survive a promise rejection nobody handled: it is
// logged through the project's logger with its reason, and the process goes on.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const child = fileURLToPath(new URL('./unhandled-child.ts', import.meta.url))

describe('process guards', () => {
  it('log an unhandled rejection and keep the host running', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', child], { encoding: 'utf8', timeout: 20_000 })
    expect(run.status, run.stderr).toBe(0)
    expect(run.stdout).toContain('alive')
    expect(run.stderr).toMatch(/error an unhandled promise rejection/)
    expect(run.stderr).toMatch(/a scan run broke in its catch path/)
  })
})
