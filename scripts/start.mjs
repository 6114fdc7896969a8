#!/usr/bin/env node
// `npm start`: the desktop app. Electron's binary is fetched lazily (its install script is denied at
// `npm ci`); where it is missing and cannot be downloaded (offline build machines, proxies that block the
// download host), say so in one line and start browser mode instead.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { build, isBuildStale } from './build-web.mjs'
import { chooseLaunchMode } from './launch-mode.mjs'
import { runWebHost } from './start-web.mjs'

const root = resolve(import.meta.dirname, '..')
const electronDir = join(root, 'node_modules/electron')
const installTimeoutMs = Number(process.env.LEDGERDESK_ELECTRON_INSTALL_TIMEOUT_MS ?? 180_000)

function electronBinaryPresent() {
  const pathFile = join(electronDir, 'path.txt')
  if (!existsSync(pathFile)) return false
  return existsSync(join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim()))
}

function tryInstallElectron() {
  if (!existsSync(join(electronDir, 'install.js'))) return false
  const env = { ...process.env }
  // The project installs with the download skipped; here the download is the point.
  delete env.ELECTRON_SKIP_BINARY_DOWNLOAD
  delete env.npm_config_electron_skip_binary_download
  spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    cwd: electronDir,
    env,
    stdio: 'ignore',
    timeout: installTimeoutMs,
  })
  return electronBinaryPresent()
}

console.log(
  'Starting Ledgerdesk and its Local sandbox (the first start builds the app and fetches Electron)…',
)
const launch = chooseLaunchMode({ binaryPresent: electronBinaryPresent, install: tryInstallElectron })
if (launch.mode === 'electron') {
  if (isBuildStale()) build()
  const child = spawn(process.execPath, [join(electronDir, 'cli.js'), root, ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
} else {
  console.log(launch.message)
  runWebHost(process.argv.slice(2))
}
