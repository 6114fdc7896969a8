// The seeded OIDC clients of the local platform (documented in docs/local-platform.md). Confidential clients send
// their secret as form fields (spec 5, step 2), so they are registered with client_secret_post.

export const DESKTOP_CLIENT_ID = 'ledgerdesk-desktop'
export const INTEGRATION_CLIENT_ID = 'ledgerdesk-integration'
export const INTEGRATION_CLIENT_SECRET = 'local-integration-secret'
export const LICENSE_ADMIN_CLIENT_ID = 'license-admin-tool'
export const LICENSE_ADMIN_CLIENT_SECRET = 'local-license-secret'

export const PASSWORD_GRANT = 'password'
export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code'

// Native clients: RFC 8252 loopback redirects match on any port (oidc-provider ignores the port of
// loopback redirect URIs for application_type native).
export const clients = [
  {
    client_id: DESKTOP_CLIENT_ID,
    application_type: 'native',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token', DEVICE_CODE_GRANT],
    response_types: ['code'],
    redirect_uris: ['no.ledgerdesk.app:/oauth/callback', 'http://127.0.0.1/callback'],
    post_logout_redirect_uris: ['no.ledgerdesk.app:/oauth/logout', 'http://127.0.0.1/logout'],
  },
  {
    client_id: INTEGRATION_CLIENT_ID,
    client_secret: INTEGRATION_CLIENT_SECRET,
    application_type: 'native',
    token_endpoint_auth_method: 'client_secret_post',
    grant_types: ['authorization_code', 'refresh_token', 'client_credentials', PASSWORD_GRANT],
    response_types: ['code'],
    redirect_uris: ['http://127.0.0.1/callback'],
  },
  {
    client_id: LICENSE_ADMIN_CLIENT_ID,
    client_secret: LICENSE_ADMIN_CLIENT_SECRET,
    token_endpoint_auth_method: 'client_secret_post',
    grant_types: ['client_credentials'],
    response_types: [],
    redirect_uris: [],
    scope: 'LicenseAdmin',
  },
]
