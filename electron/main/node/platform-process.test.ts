// The browser mode's launcher of the local platform: the child gets the CLI arguments and the platform's
// own environment (glibc's arena limit), while this process keeps its own.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PLATFORM_PROCESS_ENV } from '../ports.ts'
import { createChildPlatformProcess } from './platform-process.ts'

describe('the platform child process', () => {
  it('starts with the arguments and MALLOC_ARENA_MAX, which this process does not get', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platform-process-'))
    const cli = join(dir, 'cli.mjs')
    writeFileSync(
      cli,
      'console.log(JSON.stringify({ args: process.argv.slice(2), arenas: process.env.MALLOC_ARENA_MAX ?? null }))\n',
    )
    const child = createChildPlatformProcess({ cliPath: cli }).start(['--port', '0'])
    const lines: string[] = []
    child.onLine((l) => lines.push(l))
    const code = await new Promise<number | null>((resolve) => child.onExit(resolve))
    expect(code).toBe(0)
    const printed = lines.map((l) => l.trim()).find((l) => l.startsWith('{'))
    expect(JSON.parse(printed!)).toEqual({
      args: ['--port', '0'],
      arenas: PLATFORM_PROCESS_ENV.MALLOC_ARENA_MAX,
    })
    expect(PLATFORM_PROCESS_ENV.MALLOC_ARENA_MAX).toBe('2')
    expect(process.env.MALLOC_ARENA_MAX).toBeUndefined()
  })
})
