// `npm run platform -- [--port N] [--host H] [--public-url URL] [--data-dir DIR] [--seed demo|empty]
// [--database URL] [--token-ttl SECONDS] [--max-upload-mb N] [--surface full|documented]
// [--record-undocumented FILE] [--ocr full|none] [--webhook-allow-hosts HOST,...]
// [--files disk|postgres|s3://BUCKET/PREFIX] [--job-lease-seconds N]`: the local platform as a standalone server. Prints one line per endpoint of the
// endpoint set, then `ready`; stops cleanly on SIGINT/SIGTERM. Bad flags exit with code 2.
// `--public-url https://ledger.example.no/` is the address clients reach it at behind TLS termination or a
// reverse proxy: the endpoint set, the issuer, token claims and download links name it instead of
// http://HOST:PORT/ (which stays where it listens, printed on stderr). `--surface documented` answers only
// what the spec and field notes document (surface/enforce.ts); `--record-undocumented FILE` records each use
// of anything else there. `--ocr none` answers `ocranalyse` as a cloud OCR that read nothing of a document
// (its pages, no words, no proposals), for trying a client's own reading. `--webhook-allow-hosts 127.0.0.1,localhost` lets webhooks and purchase events go to
// those internal hosts (a receiver on this machine while testing); without it no delivery reaches a loopback,
// link-local or private address (events/outbound-address.ts).
// `--files postgres` or `--files s3://bucket/prefix` keeps uploaded bytes where every process on the same
// `--database` finds them (files/storage.ts; docs/team-server.md); the default is the data directory.
// `--job-lease-seconds` is how long a document reading stays claimed by a process that stopped renewing it.
import { homedir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { checkAllowEntry } from './events/outbound-address.ts'
import { parseFileStore, type FileStoreConfig } from './files/storage.ts'
import { publicBaseUrl } from './public-url.ts'
import type { PlatformOptions } from './server.ts'

const usage =
  'usage: npm run platform -- [--port N] [--host 127.0.0.1] [--public-url https://HOST[:PORT]/] [--data-dir DIR] [--seed demo|empty] [--database postgres://...] [--token-ttl SECONDS] [--max-upload-mb N] [--surface full|documented] [--record-undocumented FILE] [--ocr full|none] [--webhook-allow-hosts HOST[,HOST...]]\n' +
  '  --webhook-allow-hosts 127.0.0.1,localhost: webhooks and purchase events may go to these host names, addresses or\n' +
  '  CIDR ranges although they are loopback or private (local testing); without it no delivery reaches such an address\n' +
  '  --files disk|postgres|s3://BUCKET/PREFIX: where uploaded bytes live (default disk, the data directory); postgres\n' +
  '  and s3 serve several processes on one --database (S3 endpoint, region and keys from the AWS_* environment)\n' +
  '  --job-lease-seconds N: a document reading whose process stopped renewing it is taken over after N seconds (30)'

export class UsageError extends Error {}

export function parseCliArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): PlatformOptions {
  let values
  try {
    ;({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'public-url': { type: 'string' },
        'data-dir': { type: 'string' },
        seed: { type: 'string' },
        database: { type: 'string' },
        'token-ttl': { type: 'string' },
        'max-upload-mb': { type: 'string' },
        surface: { type: 'string' },
        'record-undocumented': { type: 'string' },
        ocr: { type: 'string' },
        'webhook-allow-hosts': { type: 'string' },
        files: { type: 'string' },
        'job-lease-seconds': { type: 'string' },
      },
    }))
  } catch (err) {
    throw new UsageError((err as Error).message.split('\n')[0]!)
  }
  const int = (name: string, raw: string | undefined, min: number, max: number): number | undefined => {
    if (raw === undefined) return undefined
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got '${raw}'`)
    }
    return Number(raw)
  }
  const seed = values.seed
  if (seed !== undefined && seed !== 'demo' && seed !== 'empty')
    throw new UsageError(`--seed must be demo or empty, got '${seed}'`)
  const database = values.database
  if (database !== undefined && !/^postgres(ql)?:\/\//.test(database)) {
    throw new UsageError(`--database must be a postgres:// URL, got '${database}'`)
  }
  if (values.host !== undefined && values.host.trim() === '') throw new UsageError('--host must not be empty')
  const surface = values.surface
  if (surface !== undefined && surface !== 'full' && surface !== 'documented')
    throw new UsageError(`--surface must be full or documented, got '${surface}'`)
  const ocrAnswers = values.ocr
  if (ocrAnswers !== undefined && ocrAnswers !== 'full' && ocrAnswers !== 'none')
    throw new UsageError(`--ocr must be full or none, got '${ocrAnswers}'`)
  const record = values['record-undocumented']
  if (record !== undefined && surface !== 'documented')
    throw new UsageError('--record-undocumented needs --surface documented')
  if (record !== undefined && record.trim() === '')
    throw new UsageError('--record-undocumented needs a file name')
  let publicUrl: string | undefined
  if (values['public-url'] !== undefined) {
    try {
      publicUrl = publicBaseUrl(values['public-url'])
    } catch (err) {
      throw new UsageError(`--public-url ${(err as Error).message}`)
    }
  }
  let allowHosts: string[] | undefined
  if (values['webhook-allow-hosts'] !== undefined) {
    allowHosts = values['webhook-allow-hosts']
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean)
    if (!allowHosts.length) throw new UsageError('--webhook-allow-hosts needs at least one host')
    for (const host of allowHosts) {
      const problem = checkAllowEntry(host.replace(/^\[|\]$/g, ''))
      if (problem) throw new UsageError(`--webhook-allow-hosts: ${problem}`)
    }
  }
  let files: FileStoreConfig | undefined
  if (values.files !== undefined) {
    try {
      files = parseFileStore(values.files)
    } catch (err) {
      throw new UsageError(`--files ${(err as Error).message}`)
    }
    if (files.kind === 'postgres' && database === undefined)
      throw new UsageError('--files postgres needs --database postgres://...')
  }
  const leaseSeconds = int('job-lease-seconds', values['job-lease-seconds'], 1, 3600)
  const uploadMb = int('max-upload-mb', values['max-upload-mb'], 1, 4096)
  return {
    port: int('port', values.port, 0, 65535) ?? 4100,
    host: values.host ?? '127.0.0.1',
    publicUrl,
    dataDir: values['data-dir'] ?? env.LEDGERDESK_PLATFORM_DIR ?? join(homedir(), '.ledgerdesk', 'platform'),
    seed: seed ?? 'demo',
    databaseUrl: database,
    tokenTtl: int('token-ttl', values['token-ttl'], 1, 7 * 24 * 3600) ?? 3600,
    maxUploadBytes: uploadMb === undefined ? undefined : uploadMb * 1024 * 1024,
    ...(surface ? { surface } : {}),
    ...(record ? { recordUndocumented: record } : {}),
    ...(ocrAnswers ? { ocrAnswers } : {}),
    ...(allowHosts ? { webhookAllowHosts: allowHosts } : {}),
    ...(files ? { files } : {}),
    ...(leaseSeconds !== undefined ? { jobLeaseMs: leaseSeconds * 1000 } : {}),
  }
}

/** Runs the command line on this process's arguments: prints the endpoint set and `ready`, or exits 2 on bad flags. */
export async function runPlatformCli(): Promise<void> {
  let options: PlatformOptions
  try {
    options = parseCliArgs(
      inUtilityProcess ? process.argv.slice(process.argv[1]?.startsWith('-') ? 1 : 2) : process.argv.slice(2),
    )
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`platform: ${err.message}\n${usage}`)
      process.exit(2)
    }
    throw err
  }
  // LEDGERDESK_PLATFORM_PHASES=1: one stderr line per start-up phase as it ends, with the milliseconds since
  // the process began and the CPU milliseconds the process used so far (what `npm run bench:platform`
  // breaks the start-up time down by; CPU time stays comparable when the machine is busy).
  const phase =
    process.env.LEDGERDESK_PLATFORM_PHASES === '1'
      ? (name: string) => {
          const cpu = process.cpuUsage()
          console.error(
            `phase ${name} ${Math.round(performance.now())} ${Math.round((cpu.user + cpu.system) / 1000)}`,
          )
        }
      : undefined
  phase?.('entry')
  // Flags are checked before the server and its dependencies load, so a typo fails fast and alone.
  const [{ startPlatform }, { defaultTemplateDir }] = await Promise.all([
    import('./server.ts'),
    import('./db/template.ts'),
  ])
  phase?.('modules')
  const platform = await startPlatform({
    ...options,
    templateDir: defaultTemplateDir(),
    logger: { level: 'warn' },
    onPhase: phase,
  })
  for (const [name, url] of Object.entries(platform.endpoints))
    console.log(`${name.padEnd(13)}${url || '(none)'}`)
  console.log(`${'LicenseAdmin'.padEnd(13)}${platform.urls.licenseAdmin}`)
  if (platform.listenUrl !== platform.urls.base)
    console.error(`platform: listening on ${platform.listenUrl}, announced as ${platform.urls.base}`)
  console.log('ready')
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    platform.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(`platform: error while stopping on ${signal}:`, err)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

// Run directly (tsx platform/cli.ts, node out/platform/cli.js), or as the desktop app's Local sandbox in an
// Electron utility process (built to out/main/platform.js; there process.argv holds only the flags and
// parentPort exists). scripts/platform.mjs imports the build and calls runPlatformCli itself.
const inUtilityProcess = (process as { parentPort?: unknown }).parentPort !== undefined
if (inUtilityProcess || (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)) {
  runPlatformCli().catch((err: unknown) => {
    console.error('platform: failed to start:', err instanceof Error ? err.message : err)
    process.exit(1)
  })
}
