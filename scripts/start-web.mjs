#!/usr/bin/env node
// `npm run start:web`: build when the sources changed since the last build, then run the browser-mode
// host (TypeScript through tsx). Arguments pass through: --port <n> (0 = free port), --data-dir <path>.
import { spawn } from 'node:child_process'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, isBuildStale } from './build-web.mjs'

const root = resolve(import.meta.dirname, '..')

export function runWebHost(args) {
  if (isBuildStale()) build()
  const tsx = join(root, 'node_modules/tsx/dist/cli.mjs')
  const child = spawn(process.execPath, [tsx, join(root, 'electron/web/cli.ts'), ...args], {
    cwd: root,
    stdio: 'inherit',
  })
  // The host stops itself on SIGINT/SIGTERM; pass them on and leave with its exit code.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  runWebHost(process.argv.slice(2))
