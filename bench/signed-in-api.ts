// Main's API client signed in as a demo user on a platform a bench started: a password grant of the
// integration client, the token handed back as is (a bench runs well within its lifetime).
import { createApiClient, type ApiClient } from '../electron/main/services/api/client.ts'
import { DEMO_PASSWORD } from '../platform/seed/demo-constants.ts'

export async function signedInApi(
  urls: { auth: string; base: string },
  username: string,
  password = DEMO_PASSWORD,
): Promise<ApiClient> {
  const token = await fetch(`${urls.auth}/connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'ledgerdesk-integration',
      client_secret: 'local-integration-secret',
      username,
      password,
      scope: 'openid profile AppFramework offline_access',
    }),
  }).then(async (r) => ((await r.json()) as { access_token: string }).access_token)
  const grant = { accessToken: token, apiBaseUrl: urls.base }
  return createApiClient({
    fetch,
    tokens: { current: async () => grant, afterUnauthorized: async () => grant },
  })
}
