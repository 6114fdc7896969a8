// The platform as the user runs it (`npm run platform`, that is scripts/platform.mjs) in its own process,
// and what the operating system says about that process: resident memory and CPU time from /proc.
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { PLATFORM_PROCESS_ENV } from '../electron/main/ports.ts'

export interface RunningPlatform {
  child: ChildProcess
  pid: number
  /** Endpoint name (AppFramework, Identity, Files, ...) -> URL, as the CLI printed them. */
  urls: Record<string, string>
  base: string
  auth: string
  /** Milliseconds from spawning the process to its `ready` line. */
  readyMs: number
  /** CPU seconds the process used until `ready` (what the start costs, whatever else the machine runs). */
  readyCpuSeconds: number
  /** What the process wrote to stderr so far (its warnings and errors). */
  stderr(): string
  /** Start-up phases in order as they ended: name, milliseconds and CPU milliseconds since the process began. */
  phases: StartPhase[]
}

export interface StartPhase {
  name: string
  ms: number
  cpuMs: number
}

/** The phase lines the platform prints with LEDGERDESK_PLATFORM_PHASES=1 (platform/cli.ts). */
export function parsePhases(stderr: string): StartPhase[] {
  return [...stderr.matchAll(/^phase (\S+) (\d+) (\d+)$/gm)].map((m) => ({
    name: m[1]!,
    ms: Number(m[2]),
    cpuMs: Number(m[3]),
  }))
}

/** Starts the platform's CLI on a data directory and resolves once it prints `ready`. */
export function startServer(
  dataDir: string,
  databaseUrl: string | undefined,
  env: Record<string, string> = {},
): Promise<RunningPlatform> {
  const args = ['scripts/platform.mjs', '--port', '0', '--data-dir', dataDir]
  if (databaseUrl) args.push('--database', databaseUrl)
  const t0 = performance.now()
  // With the environment the app's launcher gives the platform (electron/main/ports.ts).
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...PLATFORM_PROCESS_ENV, LEDGERDESK_PLATFORM_PHASES: '1', ...env },
  })
  return new Promise((resolve, reject) => {
    let out = ''
    let err = ''
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()))
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString()
      if (!/^ready$/m.test(out)) return
      const readyMs = performance.now() - t0
      const readyCpuSeconds = cpuSecondsOf(child.pid!)
      const urls = Object.fromEntries(
        [...out.matchAll(/^(\w+)\s+(\S+)$/gm)].map((m) => [m[1]!, m[2]!] as [string, string]),
      )
      const base = urls.AppFramework
      const auth = urls.Identity
      if (base && auth)
        resolve({
          child,
          pid: child.pid!,
          urls,
          base,
          auth,
          readyMs,
          readyCpuSeconds,
          stderr: () => err,
          phases: parsePhases(err),
        })
      else reject(new Error(`the platform printed no URLs:\n${out}`))
    })
    child.once('exit', (code) => reject(new Error(`the platform exited with ${code}:\n${out}${err}`)))
  })
}

/** Stops a platform started by startServer (SIGINT, as Ctrl+C) and waits for its exit. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGINT')
  await exited
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssOf(pid: number): number | undefined {
  try {
    const kb = /^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb ? Number(kb) / 1024 : undefined
  } catch {
    return undefined
  }
}

/** CPU time (user + system) a process (or one of its threads) has used, in seconds, from /proc. */
export function cpuSecondsOf(pid: number, thread?: number): number {
  // With `thread`, the one thread's time (/proc/<pid>/task/<tid>/stat; the main thread's tid is the pid).
  const stat = readFileSync(
    thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`,
    'utf8',
  )
  // Fields after the command name (which may hold spaces) start at the state, field 3; utime and stime are 14, 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ticksPerSecond = 100
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond
}

/** A password-grant access token of a demo user for one company. */
export async function passwordToken(
  auth: string,
  email: string,
  password: string,
  companyKey: string,
): Promise<string> {
  const res = await fetch(`${auth}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'ledgerdesk-integration',
      client_secret: 'local-integration-secret',
      username: email,
      password,
      scope: 'openid profile AppFramework offline_access',
      companykey: companyKey,
    }),
  })
  if (!res.ok) throw new Error(`token request answered ${res.status}: ${await res.text()}`)
  return ((await res.json()) as { access_token: string }).access_token
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
