// How an Admin section reads what it shows from the platform: asked again when the company changes (the
// other company's answer forgotten first, and a late answer for it ignored) or when the connection comes
// back; a failure keeps what was read before, so the section can show it read-only and say why.
import { ref, watch, type Ref } from 'vue'
import { isConnectionError } from '@renderer/data/drain'

export type ReadState = 'loading' | 'ready' | 'unreachable' | 'failed'

export function useSectionRead<T>(options: {
  read: () => Promise<T>
  /** The company whose data this is; null for a section that is not about one company. */
  company: () => string | null
  online: () => boolean
  what: string
}): { data: Ref<T | null>; state: Ref<ReadState>; error: Ref<unknown>; load: () => Promise<void> } {
  const data = ref(null) as Ref<T | null>
  const state = ref<ReadState>('loading')
  const error = ref<unknown>(null)
  let asked = 0

  async function load(): Promise<void> {
    const ask = ++asked
    if (!data.value) state.value = 'loading'
    try {
      const answer = await options.read()
      if (ask !== asked) return
      data.value = answer
      state.value = 'ready'
    } catch (e) {
      if (ask !== asked) return
      console.warn(`${options.what} could not be read`, options.company(), e)
      error.value = e
      state.value = isConnectionError(e) ? 'unreachable' : 'failed'
    }
  }
  watch(
    options.company,
    () => {
      data.value = null
      void load()
    },
    { immediate: true },
  )
  watch(options.online, (online) => online && state.value !== 'ready' && void load())
  return { data, state, error, load }
}
