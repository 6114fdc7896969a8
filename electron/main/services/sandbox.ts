// The Local sandbox: the local platform started as a separate process on a loopback port, with its data
// in the app's data folder and the demo office seeded on first use. The app learns where it listens
// from the endpoint lines it prints (and the `LicenseAdmin` line after them: the bulk-permission host, which
// the endpoint set does not name), and talks to it over HTTP like to any environment.
import { join } from 'node:path'
import type { EmitEvent } from '../events.ts'
import type { Logger } from '../logger.ts'
import type { KeyValueStore, PlatformChild, PlatformProcess } from '../ports.ts'

export type SandboxStatus =
  | { state: 'stopped' }
  | { state: 'starting' }
  | { state: 'ready'; baseUrl: string; authUrl: string; licenseAdminUrl: string | null }
  | { state: 'failed'; reason: string }

export interface SandboxEndpoints {
  baseUrl: string
  authUrl: string
  /** The license administration address (spec 4.10 `{license_admin_url}`); null when the platform named none. */
  licenseAdminUrl: string | null
}

/**
 * One line of the platform CLI's output: an endpoint such as `AppFramework http://127.0.0.1:4100/` or
 * `LicenseAdmin http://127.0.0.1:4100/license-admin`, or `ready`.
 */
export function parsePlatformLine(
  line: string,
): { endpoint: [string, string] } | { ready: true } | undefined {
  const text = line.trim()
  if (text === 'ready') return { ready: true }
  const match = /^([A-Za-z]+)\s+(https?:\/\/\S+)$/.exec(text)
  return match ? { endpoint: [match[1]!, match[2]!] } : undefined
}

const portKey = 'lastPort'

export type SandboxService = ReturnType<typeof createSandboxService>

export function createSandboxService(deps: {
  platformProcess: PlatformProcess
  dataDir: string
  store: KeyValueStore
  emit: EmitEvent
  log: Logger
  /** First start of an empty data folder runs initdb and seeds the demo office; give it time. */
  startTimeoutMs?: number
  /**
   * The environment the app was started with. `LEDGERDESK_SANDBOX_SURFACE=documented` starts the sandbox as
   * the documented cloud (`--surface documented`: only what the spec and field notes document; for
   * trainers and for checking the app against it); `LEDGERDESK_SANDBOX_RECORD=FILE` records there each
   * request that touched anything undocumented. `LEDGERDESK_SANDBOX_OCR=none` starts it as a cloud whose OCR
   * reads nothing of a document (`--ocr none`), to see the app's own reading.
   */
  env?: Readonly<Record<string, string | undefined>>
}) {
  const surfaceArgs = (): string[] => {
    const env = deps.env ?? {}
    const ocr = env.LEDGERDESK_SANDBOX_OCR === 'none' ? ['--ocr', 'none'] : []
    if (env.LEDGERDESK_SANDBOX_SURFACE !== 'documented') return ocr
    return [
      ...ocr,
      '--surface',
      'documented',
      ...(env.LEDGERDESK_SANDBOX_RECORD ? ['--record-undocumented', env.LEDGERDESK_SANDBOX_RECORD] : []),
    ]
  }
  let status: SandboxStatus = { state: 'stopped' }
  let child: PlatformChild | undefined
  let starting: Promise<SandboxStatus> | undefined
  let stopping = false

  const set = (next: SandboxStatus) => {
    status = next
    deps.emit('sandbox.statusChanged', next)
  }

  function launch(port: number): Promise<SandboxStatus> {
    return new Promise<SandboxStatus>((resolve) => {
      const args = [
        '--port',
        String(port),
        '--host',
        '127.0.0.1',
        '--data-dir',
        join(deps.dataDir, 'platform'),
        '--seed',
        'demo',
        ...surfaceArgs(),
      ]
      const proc = deps.platformProcess.start(args)
      child = proc
      const endpoints = new Map<string, string>()
      const tail: string[] = []
      let settled = false
      const settle = (s: SandboxStatus) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        resolve(s)
      }
      const timer = setTimeout(() => {
        proc.kill()
        settle({ state: 'failed', reason: 'The local platform did not start within the expected time' })
      }, deps.startTimeoutMs ?? 180_000)
      proc.onLine((line) => {
        const parsed = parsePlatformLine(line)
        if (!parsed) {
          tail.push(line)
          if (tail.length > 20) tail.shift()
          return
        }
        if ('endpoint' in parsed) endpoints.set(parsed.endpoint[0], parsed.endpoint[1])
        else {
          const baseUrl = endpoints.get('AppFramework')
          const authUrl = endpoints.get('Identity')
          const licenseAdminUrl = endpoints.get('LicenseAdmin') ?? null
          settle(
            baseUrl && authUrl
              ? { state: 'ready', baseUrl, authUrl, licenseAdminUrl }
              : { state: 'failed', reason: 'The local platform started without telling its addresses' },
          )
        }
      })
      proc.onExit((code) => {
        if (child === proc) child = undefined
        const reason = tail.filter((l) => /fail|error|in use/i.test(l)).pop() ?? `exit code ${String(code)}`
        if (!settled) {
          settle({ state: 'failed', reason: `The local platform stopped while starting (${reason})` })
        } else if (status.state === 'ready' && !stopping) {
          deps.log.error('sandbox: the local platform stopped', { code, reason })
          set({ state: 'failed', reason: `The local platform stopped (${reason})` })
        }
      })
    })
  }

  async function start(): Promise<SandboxStatus> {
    if (status.state === 'ready') return status
    starting ??= (async () => {
      stopping = false
      set({ state: 'starting' })
      // The same port as last time keeps the issuer (and so a saved sign-in) valid across restarts.
      const last = deps.store.get(portKey)
      let result = typeof last === 'number' ? await launch(last) : undefined
      if (!result || result.state === 'failed') {
        if (result?.state === 'failed') {
          deps.log.warn('sandbox: the last port could not be used; choosing a free one', {
            reason: result.reason,
          })
        }
        result = await launch(0)
      }
      if (result.state === 'ready') deps.store.set(portKey, Number(new URL(result.baseUrl).port))
      else if (result.state === 'failed')
        deps.log.error('sandbox: the local platform failed to start', { reason: result.reason })
      set(result)
      return result
    })().finally(() => {
      starting = undefined
    })
    return starting
  }

  return {
    status: (): SandboxStatus => status,
    start,
    /** The sandbox's addresses, starting it if needed; throws with the reason when it cannot start. */
    async endpoints(): Promise<SandboxEndpoints> {
      const s = await start()
      if (s.state !== 'ready')
        throw new SandboxError(s.state === 'failed' ? s.reason : 'The local platform is not running')
      return { baseUrl: s.baseUrl, authUrl: s.authUrl, licenseAdminUrl: s.licenseAdminUrl }
    },
    async stop(): Promise<void> {
      stopping = true
      const proc = child
      if (!proc) return
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 10_000)
        proc.onExit(() => {
          clearTimeout(timer)
          resolve()
        })
        proc.kill()
      })
      set({ state: 'stopped' })
    },
  }
}

export class SandboxError extends Error {
  readonly code = 'SANDBOX_NOT_RUNNING'
  constructor(message: string) {
    super(message)
    this.name = 'SandboxError'
  }
}
