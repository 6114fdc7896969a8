// The scan station of the kill tests (kill-child.ts) bundled into one ES module, as electron-vite bundles the
// app's main process, so that each of the tests' many restarts starts the station's own code in about a
// second instead of loading every module of it through tsx. Packages stay outside the bundle and resolve
// from the project's node_modules, where the bundle is written (one file per test process, removed after).
import { build } from 'esbuild'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const entry = fileURLToPath(new URL('./kill-child.ts', import.meta.url))
const cacheDir = fileURLToPath(new URL('../../../node_modules/.cache/ledgerdesk-tests', import.meta.url))

/** Bundles kill-child.ts; returns the bundle's path and a removal for afterAll. */
export async function bundleKillChild(): Promise<{ path: string; remove: () => void }> {
  mkdirSync(cacheDir, { recursive: true })
  const path = join(cacheDir, `kill-child-${process.pid}-${Date.now()}.mjs`)
  await build({
    entryPoints: [entry],
    outfile: path,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  })
  return { path, remove: () => rmSync(path, { force: true }) }
}
