// A Bridge for DOM tests: the same interface the app uses, answered by in-memory services that behave
// like main's (preferences are kept and every change is announced with app.preferencesChanged).
import type { Ref } from 'vue'
import {
  BridgeError,
  BridgeErrorCode,
  type AboutInfo,
  type Environment,
  type SessionState,
  type CallArgs,
  type CallName,
  type CallResult,
  type EventName,
  type EventPayload,
  type Preferences,
} from '@common/bridge/contract'
import { createBridgeState, type Bridge, type BridgeState } from '@renderer/bridge'
import { scanOverview } from './scan-station.ts'

export type Handlers = {
  [K in CallName]?: (...args: CallArgs<K>) => CallResult<K> | Promise<CallResult<K>>
}

export interface RecordedCall {
  name: CallName
  args: unknown[]
}

export interface TestBridge {
  bridge: Bridge
  /** Drive the connection state the way a transport would. */
  state: Ref<BridgeState>
  calls: RecordedCall[]
  preferences: Preferences
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void
}

export const sampleAbout: AboutInfo = {
  appName: 'Ledgerdesk',
  appVersion: '0.1.0-test.7',
  mode: 'electron',
  electronVersion: '40.10.2',
  nodeVersion: '22.99.1',
  chromeVersion: '144.0.7559.60',
  platform: 'linux',
  arch: 'x64',
  dataDir: '/home/kari/.config/Ledgerdesk',
  locale: 'nb-NO',
}

export const sampleSandboxEnvironment: Environment = {
  id: 'local-sandbox',
  name: 'Local sandbox',
  kind: 'sandbox',
  baseUrl: null,
  authUrl: null,
  licenseAdminUrl: null,
  clientId: 'ledgerdesk-desktop',
  hasClientSecret: false,
}

export const sampleSession: SessionState = {
  status: 'signedIn',
  environmentId: 'local-sandbox',
  environmentName: 'Local sandbox',
  user: {
    GlobalIdentity: '5e1d0000-a000-4000-8000-00000000a001',
    DisplayName: 'Anne Accountant',
    Email: 'anne.accountant@demo.test',
    UserName: 'anne.accountant@demo.test',
  },
  loginCompanyKey: null,
}

export function createTestBridge(
  options: { preferences?: Preferences; handlers?: Handlers } = {},
): TestBridge {
  const { state, view } = createBridgeState('connected')
  const listeners = new Map<EventName, Set<(payload: never) => void>>()
  const calls: RecordedCall[] = []
  const preferences: Preferences = { locale: null, ...options.preferences }

  function emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    for (const listener of listeners.get(name) ?? [])
      (listener as (payload: EventPayload<E>) => void)(payload)
  }

  const defaults: Handlers = {
    'app.about': () => structuredClone(sampleAbout),
    'app.getPreferences': () => ({ ...preferences }),
    'app.setPreferences': (change) => {
      Object.assign(preferences, change)
      emit('app.preferencesChanged', { ...preferences })
      return { ...preferences }
    },
    'shell.openExternal': () => undefined,
    // Signed in to the Local sandbox with no companies yet, so the shell itself is shown.
    'session.get': () => structuredClone(sampleSession),
    'environments.list': () => ({
      environments: [structuredClone(sampleSandboxEnvironment)],
      lastUsedId: 'local-sandbox',
    }),
    'sandbox.status': () => ({
      state: 'ready',
      baseUrl: 'http://127.0.0.1:4100/',
      authUrl: 'http://127.0.0.1:4100/identity',
      licenseAdminUrl: 'http://127.0.0.1:4100/license-admin',
    }),
    'companies.list': () => [],
    'scan.overview': () => scanOverview(),
    'scan.rows': () => [],
    'session.vaultInfo': () => ({
      backend: 'safeStorage:gnome_libsecret',
      weakBackend: false,
      refreshTokens: 'encrypted',
    }),
  }
  const handlers: Handlers = { ...defaults, ...options.handlers }

  const bridge: Bridge = {
    transport: 'test',
    state: view,
    async call<K extends CallName>(name: K, ...args: CallArgs<K>): Promise<CallResult<K>> {
      calls.push({ name, args })
      if (state.value !== 'connected')
        throw new BridgeError(BridgeErrorCode.Disconnected, 'The bridge is not connected')
      const handler = handlers[name] as
        ((...args: CallArgs<K>) => CallResult<K> | Promise<CallResult<K>>) | undefined
      if (!handler) throw new BridgeError(BridgeErrorCode.UnknownCall, `No handler for ${name}`)
      return handler(...args)
    },
    on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void {
      let set = listeners.get(name)
      if (!set) listeners.set(name, (set = new Set()))
      set.add(listener as (payload: never) => void)
      return () => set.delete(listener as (payload: never) => void)
    },
  }
  return { bridge, state, calls, preferences, emit }
}
