import { describe, expect, it } from 'vitest'
import { accessTokenClaims, apiBaseUrlOf, OidcErrorCode } from './oidc.ts'

const jwt = (claims: Record<string, unknown>) =>
  `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2lnbmF0dXJl`

describe('the API base URL from the access token', () => {
  it('is the AppFramework claim, with the trailing slash clients append routes to', () => {
    expect(apiBaseUrlOf(jwt({ sub: 'u', AppFramework: 'https://test.example.no/' }))).toBe(
      'https://test.example.no/',
    )
    expect(apiBaseUrlOf(jwt({ sub: 'u', AppFramework: 'http://127.0.0.1:4100' }))).toBe(
      'http://127.0.0.1:4100/',
    )
  })

  it('fails with a typed error when the claim is missing or not an address (spec 7)', () => {
    for (const token of [
      jwt({ sub: 'u' }),
      jwt({ AppFramework: 42 }),
      jwt({ AppFramework: 'javascript:alert(1)' }),
      'opaque-token',
    ]) {
      expect(() => apiBaseUrlOf(token)).toThrow(expect.objectContaining({ code: OidcErrorCode.NoApiAddress }))
    }
  })

  it('reads claims without trusting a malformed payload', () => {
    expect(accessTokenClaims('a.!!!.c')).toEqual({})
    expect(accessTokenClaims(jwt({ companykey: 'k' }))).toEqual({ companykey: 'k' })
  })
})
