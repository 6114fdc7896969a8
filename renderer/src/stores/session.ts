// Who is signed in, to which environment, and the sign-in screen's state: environments, the Local
// sandbox's status, a sign-in in progress and why the last one ended. Main owns the tokens; this store
// only follows `session.changed` and `sandbox.statusChanged`.
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type {
  Environment,
  EnvironmentProbe,
  NewEnvironment,
  SandboxStatus,
  SessionReason,
  SessionState,
  VaultInfo,
} from '@common/bridge/contract'
import { useBridge } from '@renderer/bridge'

export const useSessionStore = defineStore('session', () => {
  const state = ref<SessionState>({ status: 'signedOut', reason: null })
  const loaded = ref(false)
  const environments = ref<Environment[]>([])
  const selectedEnvironmentId = ref<string>('local-sandbox')
  const sandbox = ref<SandboxStatus>({ state: 'stopped' })
  const vault = ref<VaultInfo | null>(null)
  /** A failure of a call made from the sign-in screen (not a sign-in outcome). */
  const callError = ref<SessionReason | null>(null)

  const signedIn = computed(() => state.value.status === 'signedIn')
  const user = computed(() => (state.value.status === 'signedIn' ? state.value.user : null))
  const selectedEnvironment = computed(() =>
    environments.value.find((e) => e.id === selectedEnvironmentId.value),
  )

  const listening: (() => void)[] = []

  async function load(): Promise<void> {
    const bridge = useBridge()
    if (listening.length === 0) {
      listening.push(
        bridge.on('session.changed', (next) => {
          state.value = next
        }),
        bridge.on('sandbox.statusChanged', (next) => {
          sandbox.value = next
        }),
      )
    }
    const [session, list, status] = await Promise.all([
      bridge.call('session.get'),
      bridge.call('environments.list'),
      bridge.call('sandbox.status'),
    ])
    state.value = session
    environments.value = list.environments
    selectedEnvironmentId.value = list.lastUsedId
    sandbox.value = status
    loaded.value = true
  }

  const asReason = (error: unknown): SessionReason => ({
    code: (error as { code?: string }).code ?? 'INTERNAL',
    message: error instanceof Error ? error.message : String(error),
  })

  async function run<T>(fn: () => Promise<T>): Promise<T | undefined> {
    callError.value = null
    try {
      return await fn()
    } catch (error) {
      callError.value = asReason(error)
      return undefined
    }
  }

  return {
    state,
    loaded,
    environments,
    selectedEnvironmentId,
    selectedEnvironment,
    sandbox,
    vault,
    callError,
    signedIn,
    user,
    load,
    /** Starts the Local sandbox when it is the chosen environment (idempotent in main). */
    startSandbox: () => run(async () => (sandbox.value = await useBridge().call('sandbox.start'))),
    signIn: () =>
      run(async () => {
        state.value = await useBridge().call('session.signIn', selectedEnvironmentId.value)
      }),
    cancelSignIn: () => run(() => useBridge().call('session.cancelSignIn')),
    signOut: () =>
      run(async () => {
        state.value = await useBridge().call('session.signOut')
      }),
    probe: (url: string): Promise<EnvironmentProbe | undefined> =>
      run(() => useBridge().call('environments.probe', url)),
    async addEnvironment(input: NewEnvironment): Promise<Environment | undefined> {
      const added = await run(() => useBridge().call('environments.add', input))
      if (added) {
        environments.value = [...environments.value, added]
        selectedEnvironmentId.value = added.id
      }
      return added
    },
    async loadVault(): Promise<void> {
      try {
        vault.value = await useBridge().call('session.vaultInfo')
      } catch (error) {
        console.error('Reading how the sign-in is stored failed', error)
      }
    },
    async setPersistRefreshTokens(persist: boolean): Promise<void> {
      vault.value =
        (await run(() => useBridge().call('session.setPersistRefreshTokens', persist))) ?? vault.value
    },
  }
})
