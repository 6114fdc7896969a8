// `npm run start:web` (through scripts/start-web.mjs): start the browser-mode host and print the one
// address to open.
import { homedir } from 'node:os'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { consoleLogger } from '../main/logger.ts'
import { installProcessGuards } from '../main/process-guards.ts'
import { startWebHost, WebHostError } from './host.ts'

installProcessGuards(consoleLogger)

const repoRoot = resolve(import.meta.dirname, '../..')

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4300' },
    'data-dir': { type: 'string' },
    'renderer-dir': { type: 'string' },
  },
})

const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a number from 0 to 65535 (got ${values.port})`)
  process.exit(2)
}
const dataDir = resolve(
  values['data-dir'] ?? process.env.LEDGERDESK_DATA_DIR ?? resolve(homedir(), '.ledgerdesk-web'),
)
const rendererDir = resolve(values['renderer-dir'] ?? resolve(repoRoot, 'out/renderer'))

try {
  const host = await startWebHost({ port, dataDir, rendererDir })
  console.log(`Ledgerdesk (browser mode) is ready: open ${host.url}`)
  let stopping = false
  const stop = (signal: string) => {
    // Ctrl+C reaches both the npm wrapper and this process; the second signal must not kill a clean stop.
    if (stopping) return
    stopping = true
    console.error(`${signal}: stopping the Ledgerdesk host`)
    host.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('The host did not stop cleanly', error)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
} catch (error) {
  if (error instanceof WebHostError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}
