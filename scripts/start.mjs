#!/usr/bin/env node
// `npm start`: the desktop app. Electron's binary is fetched lazily; where it is missing and cannot be
// downloaded (offline build machines), say so in one line and start browser mode instead.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { build, isBuildStale } from './build-web.mjs'
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

if (electronBinaryPresent() || tryInstallElectron()) {
  if (isBuildStale()) build()
  const child = spawn(process.execPath, [join(electronDir, 'cli.js'), root, ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
} else {
  console.log(
    "Electron's binary is not available and could not be downloaded; starting browser mode instead.",
  )
  runWebHost(process.argv.slice(2))
}
