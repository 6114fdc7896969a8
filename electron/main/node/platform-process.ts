// Browser mode's way to run the local platform: a Node child process running `npm run platform`'s launcher
// (scripts/platform.mjs: the platform's build, rebuilt when its sources changed), with the same flags the
// Electron utility process gets. The app talks to it over HTTP only.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { resolve } from 'node:path'
import { PLATFORM_PROCESS_ENV, type PlatformProcess } from '../ports.ts'

const repoRoot = resolve(import.meta.dirname, '../../..')

export function createChildPlatformProcess(
  options: { cliPath?: string; cwd?: string } = {},
): PlatformProcess {
  const cliPath = options.cliPath ?? resolve(repoRoot, 'scripts/platform.mjs')
  const loader = cliPath.endsWith('.ts') ? ['--import', 'tsx'] : []
  return {
    start(args) {
      const child = spawn(process.execPath, [...loader, cliPath, ...args], {
        cwd: options.cwd ?? repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...PLATFORM_PROCESS_ENV, NODE_NO_WARNINGS: '1' },
      })
      const lines = createInterface({ input: child.stdout })
      const errLines = createInterface({ input: child.stderr })
      const lineListeners: ((line: string) => void)[] = []
      const exitListeners: ((code: number | null) => void)[] = []
      lines.on('line', (line) => lineListeners.forEach((l) => l(line)))
      // The platform prints its failure reason to stderr; it reaches the launcher as lines too.
      errLines.on('line', (line) => lineListeners.forEach((l) => l(line)))
      child.on('exit', (code) => exitListeners.forEach((l) => l(code)))
      child.on('error', () => exitListeners.forEach((l) => l(null)))
      return {
        onLine: (l) => void lineListeners.push(l),
        onExit: (l) => void exitListeners.push(l),
        kill: () => void child.kill('SIGTERM'),
      }
    },
  }
}
