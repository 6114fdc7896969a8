// The hosts' entry points themselves install the unhandled-rejection guard: browser mode's CLI
// (electron/web/cli.ts, started as `npm run start:web` starts it) and Electron's main
// (electron/main/index.ts, its Electron shell stubbed). Each survives a rejection nobody handled.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))

describe('host entry points', () => {
  it('browser mode: the CLI logs an unhandled rejection after start and keeps serving until stopped', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'web-entry-'))
    const rendererDir = mkdtempSync(join(tmpdir(), 'web-entry-renderer-'))
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Ledgerdesk</title>')
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--import',
        here('./reject-when-ready.ts'),
        here('../../../electron/web/cli.ts'),
        '--port',
        '0',
        '--data-dir',
        dataDir,
        '--renderer-dir',
        rendererDir,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)))
    clearTimeout(killer)
    expect(stdout, stderr).toContain('is ready')
    expect(stdout, stderr).toContain('alive')
    expect(stderr).toMatch(/an unhandled promise rejection/)
    expect(stderr).toMatch(/a rejection nobody handled, after the host started/)
    expect(code, stderr).toBe(0)
  }, 90_000)

  it('Electron: the main entry logs an unhandled rejection and goes on', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', here('./electron-entry-child.ts')], {
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(run.stdout, run.stderr).toContain('shell started')
    expect(run.stdout, run.stderr).toContain('alive')
    expect(run.stderr).toMatch(/an unhandled promise rejection/)
    expect(run.stderr).toMatch(/a rejection nobody handled, after the Electron entry ran/)
    expect(run.status, run.stderr).toBe(0)
  })
})
