#!/usr/bin/env node
// Builds the app with electron-vite (main, preload, renderer into out/). This needs no Electron binary,
// so it runs on machines where only browser mode can start. `--if-stale` skips the build when
// out/renderer is newer than every source file it is built from.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const root = resolve(import.meta.dirname, '..')
const marker = join(root, 'out/renderer/index.html')

function newestMtime(path) {
  const s = statSync(path, { throwIfNoEntry: false })
  if (!s) return 0
  if (!s.isDirectory()) return s.mtimeMs
  let newest = s.mtimeMs
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue
    newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}

export function isBuildStale() {
  if (!existsSync(marker)) return true
  const built = statSync(marker).mtimeMs
  const sources = ['renderer', 'common', 'electron', 'document-reader', 'electron.vite.config.ts', 'package.json']
  return sources.some((p) => newestMtime(join(root, p)) > built)
}

export function build() {
  const cli = join(root, 'node_modules/electron-vite/bin/electron-vite.js')
  const r = spawnSync(process.execPath, [cli, 'build'], { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) {
    console.error(`The build failed (electron-vite exit ${r.status ?? r.signal})`)
    process.exit(r.status || 1)
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--if-stale') && !isBuildStale()) {
    console.log('out/ is up to date; not rebuilding')
  } else {
    build()
  }
}
