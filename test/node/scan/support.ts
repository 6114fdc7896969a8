// Shared by the scan tests: the app's API client and the scan platform calls against a real local
// platform, signed in as a demo user with the password grant.
import { createApiClient } from '../../../electron/main/services/api/client.ts'
import { createScanPlatform } from '../../../electron/main/services/scan/platform.ts'
import { memoryLogger } from '../../../electron/main/logger.ts'

export interface PlatformAccess {
  authUrl: string
  filesUrl: string
  email: string
  password: string
  /** Sends API calls here instead of the token's AppFramework address (a proxy in front of the platform). */
  apiUrl?: string
}

/** A token source that signs in with the password grant and signs in again after a 401. */
export function passwordTokens(access: PlatformAccess) {
  let current: Promise<{ accessToken: string; apiBaseUrl: string }> | null = null
  const signIn = async () => {
    const form = new URLSearchParams({
      grant_type: 'password',
      client_id: 'ledgerdesk-integration',
      client_secret: 'local-integration-secret',
      username: access.email,
      password: access.password,
      scope: 'openid profile AppFramework offline_access',
    })
    const res = await fetch(`${access.authUrl}/connect/token`, { method: 'POST', body: form })
    const body = (await res.json().catch(() => ({}))) as { access_token?: string }
    // The status goes with the error, as the app's token manager's does: a login server that answers
    // 503 is out of reach for now (the scan queue waits), not a refusal of the file.
    if (!res.ok || !body.access_token)
      throw Object.assign(new Error(`sign-in failed: ${res.status}`), { status: res.status })
    // The API address is the token's AppFramework claim (read here without the OpenID client library,
    // which keeps the kill test's child process quick to start).
    const claims = JSON.parse(Buffer.from(body.access_token.split('.')[1]!, 'base64url').toString()) as {
      AppFramework: string
    }
    const apiBaseUrl = access.apiUrl ?? claims.AppFramework
    return { accessToken: body.access_token, apiBaseUrl: apiBaseUrl.replace(/\/?$/, '/') }
  }
  return {
    // A sign-in that failed (a cut connection) is tried again on the next call, not remembered.
    current: () =>
      (current ??= signIn().catch((e: unknown) => {
        current = null
        throw e
      })),
    afterUnauthorized: async () => (current = signIn()),
  }
}

export function scanPlatformFor(access: PlatformAccess) {
  const api = createApiClient({ fetch: (u, i) => fetch(u, i), tokens: passwordTokens(access) })
  return {
    api,
    platform: createScanPlatform({ api: async () => api, filesUrl: async () => access.filesUrl }),
  }
}

export const quietLog = memoryLogger()
