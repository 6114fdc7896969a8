// What the identity server's parts share: the provider, the API resource server and the account shape.
import type { Store } from '../db/store.ts'
import type { IdentityAccount } from './accounts.ts'
import { grantCompany } from './adapter.ts'
import type { SignInGuard } from './sign-in.ts'

export interface ProviderContext {
  sql: Store
  // oidc-provider is untyped; see oidc-provider.d.ts.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  provider: any
  apiResource: string
  resourceServerInfo: Record<string, unknown>
  mountPath: string
  cookieKey: string
  grantTtl: number
  /** Password sign-ins go through it: back-off and locks (identity/sign-in.ts). */
  signIns: SignInGuard
}

/** The account as oidc-provider sees it: claims for id_token and userinfo, company from the grant. */
export function accountFor(sql: Store, apiBaseUrl: string, account: IdentityAccount) {
  return {
    accountId: account.global_identity,
    async claims(_use: string, _scope: string, _claims: unknown, _rejected: unknown, grantId?: string) {
      const companyKey = grantId ? await grantCompany(sql, grantId) : undefined
      return {
        sub: account.global_identity,
        AppFramework: apiBaseUrl,
        ...(companyKey ? { companyKey } : {}),
        name: account.display_name,
        preferred_username: account.email,
        email: account.email,
        email_verified: true,
      }
    },
  }
}
