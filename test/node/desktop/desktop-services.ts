// The desktop app's main-process services with the Node ports on a data folder of their own (or one
// given again, as the app restarting on it), the events they emitted, and a sign-in through the identity
// server's own login pages, as in browser mode.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { EventName, EventPayload } from '../../../common/bridge/contract.ts'
import { memoryLogger } from '../../../electron/main/logger.ts'
import { createNodePorts } from '../../../electron/main/node/ports.ts'
import type { Fetch } from '../../../electron/main/ports.ts'
import { createServices } from '../../../electron/main/services/index.ts'
import { DEMO_PASSWORD } from '../../../platform/seed/demo-constants.ts'
import { completeLogin } from './login-browser.ts'

export type Desktop = Awaited<ReturnType<typeof startDesktop>>

export async function startDesktop(
  options: {
    dataDir?: string
    now?: () => number
    fetch?: Fetch
    /** How the login comes back: the private-use scheme (the desktop app) or a loopback port. */
    redirectMode?: 'scheme' | 'loopback'
  } = {},
) {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'ledgerdesk-desktop-'))
  const events: { name: EventName; payload: unknown }[] = []
  const waiters: (() => void)[] = []
  const emit = <E extends EventName>(name: E, payload: EventPayload<E>) => {
    events.push({ name, payload })
    waiters.splice(0).forEach((w) => w())
  }
  const log = memoryLogger()
  const nodePorts = await createNodePorts({ dataDir, emit, log })
  const ports = options.fetch ? { ...nodePorts, fetch: options.fetch } : nodePorts
  const services = createServices({
    about: {
      appName: 'Ledgerdesk',
      appVersion: '0',
      mode: 'browser',
      versions: process.versions,
      platform: 'linux',
      arch: 'x64',
      dataDir,
      systemLocale: () => 'en',
    },
    dataDir,
    ports,
    emit,
    log,
    ...(options.now ? { now: options.now } : {}),
    ...(options.redirectMode ? { redirectMode: () => options.redirectMode! } : {}),
  })
  async function next<E extends EventName>(
    name: E,
    match: (p: EventPayload<E>) => boolean = () => true,
    from = 0,
  ): Promise<EventPayload<E>> {
    for (let seen = from; ;) {
      for (; seen < events.length; seen++) {
        const e = events[seen]!
        if (e.name === name && match(e.payload as EventPayload<E>)) return e.payload as EventPayload<E>
      }
      await new Promise<void>((r) => waiters.push(r))
    }
  }
  return { services, events, next, log, dataDir }
}

/** Adds the platform at `baseUrl` as an environment and signs `email` in through its login pages. */
export async function signInTo(d: Desktop, baseUrl: string, email: string, companyKey?: string) {
  const env = await d.services.environments.add({
    name: 'Local test',
    url: baseUrl,
    clientId: 'ledgerdesk-desktop',
  })
  return signInToEnvironment(d, env.id, email, companyKey)
}

export async function signInToEnvironment(
  d: Desktop,
  environmentId: string,
  email: string,
  companyKey?: string,
) {
  const started = d.events.length
  expect(await d.services.session.signIn(environmentId)).toEqual({ status: 'signingIn', environmentId })
  const opened = await d.next('shell.openUrlRequested', () => true, started)
  await completeLogin(opened.url, { email, password: DEMO_PASSWORD, companyKey })
  // A switch signs out of the old environment first (reason null); the outcome is what follows.
  const state = await d.next(
    'session.changed',
    (s) => s.status === 'signedIn' || (s.status === 'signedOut' && s.reason !== null),
    started,
  )
  expect(state).toMatchObject({ status: 'signedIn', environmentId })
  return { environmentId, state }
}
