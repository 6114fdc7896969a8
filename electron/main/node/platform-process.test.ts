// The browser mode's launcher of the local platform: the child gets the CLI arguments and the platform's
// own environment (glibc's arena limit and mapping threshold), while this process keeps its own.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PLATFORM_PROCESS_ENV } from '../ports.ts'
import { createChildPlatformProcess } from './platform-process.ts'

describe('the platform child process', () => {
  it('starts with the arguments and glibc’s memory settings, which this process does not get', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platform-process-'))
    const cli = join(dir, 'cli.mjs')
    writeFileSync(
      cli,
      'const e = process.env\n' +
        'console.log(JSON.stringify({ args: process.argv.slice(2), arenas: e.MALLOC_ARENA_MAX ?? null, mmap: e.MALLOC_MMAP_THRESHOLD_ ?? null }))\n',
    )
    const child = createChildPlatformProcess({ cliPath: cli }).start(['--port', '0'])
    const lines: string[] = []
    child.onLine((l) => lines.push(l))
    const code = await new Promise<number | null>((resolve) => child.onExit(resolve))
    expect(code).toBe(0)
    const printed = lines.map((l) => l.trim()).find((l) => l.startsWith('{'))
    expect(JSON.parse(printed!)).toEqual({
      args: ['--port', '0'],
      arenas: '2',
      mmap: '131072',
    })
    expect(PLATFORM_PROCESS_ENV).toEqual({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' })
    expect(process.env.MALLOC_ARENA_MAX).toBeUndefined()
    expect(process.env.MALLOC_MMAP_THRESHOLD_).toBeUndefined()
  })
})
