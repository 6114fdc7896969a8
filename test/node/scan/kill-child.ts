// The scan station as the kill test runs it: a watcher on one folder feeding the pipeline, resuming
// the company's ledger at start. Prints "ready" when it watches and "idle" whenever all is done.
import { createPipeline } from '../../../electron/main/services/scan/pipeline.ts'
import { createFolderWatcher } from '../../../electron/main/services/scan/watcher.ts'
import { memoryLogger } from '../../../electron/main/logger.ts'
import { scanPlatformFor } from './support.ts'

const [authUrl, filesUrl, folder, ledgerDir, companyKey, email, password] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
]
const log = memoryLogger()
const { platform } = scanPlatformFor({ authUrl, filesUrl, email, password })
const pipeline = createPipeline({ platform, ledgerDir, log, locale: () => 'nb', events: {}, retryMs: 200 })
let taking = 0
const watcher = createFolderWatcher({
  folder,
  polling: 'native',
  stableMs: 100,
  healthMs: 500,
  log,
  onStable: (path) => {
    taking++
    void pipeline
      .take({ companyKey, path, folder })
      .catch((error) => console.error('take failed', path, error))
      .finally(() => taking--)
  },
})
await pipeline.resumeCompany(companyKey)
await watcher.start()
console.log('ready')
setInterval(() => {
  if (!taking && !watcher.pendingCount && watcher.state === 'watching') {
    void pipeline.idle().then(() => {
      if (!taking && !watcher.pendingCount) console.log('idle')
    })
  }
}, 300)
