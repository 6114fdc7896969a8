// Whether the platform answers, for the renderer's connection state: a light authenticated call (the
// companies list needs no company), its failure worded by the one transient-error rule.
import type { ConnectionProbe } from '../../../../common/bridge/sync.ts'
import { transientKind } from '../../../../common/transient.ts'
import type { ApiClient } from '../api/client.ts'

export function createProbe(deps: { api(): Promise<ApiClient>; now: () => Date }) {
  return async function probe(): Promise<ConnectionProbe> {
    const checkedAt = deps.now().toISOString()
    let api: ApiClient
    try {
      api = await deps.api()
    } catch (error) {
      return { state: 'signedOut', checkedAt, message: (error as Error).message }
    }
    try {
      await api.get('api/init/companies', { timeoutMs: 10_000 })
      return { state: 'online', checkedAt, message: null }
    } catch (error) {
      const message = (error as Error).message
      const kind = transientKind(error)
      if (kind === 'unreachable') return { state: 'offline', checkedAt, message }
      if (kind === 'signedOut') return { state: 'signedOut', checkedAt, message }
      return { state: 'serverError', checkedAt, message }
    }
  }
}
