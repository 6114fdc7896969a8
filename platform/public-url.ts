// The address the platform announces when clients reach it through something else than its listening
// address (TLS termination, a reverse proxy, a team's shared host name): `--public-url` / `publicUrl`.
// Every URL the platform tells a client (the endpoint set, the identity server's issuer and discovery
// document, token claims, download links, Location headers, purchase events) starts with it.

/**
 * The public base URL (`scheme://host[:port]/`) of a `--public-url` value, or an Error whose message says
 * what is wrong. Only http and https are accepted, without user, password, query or fragment; routes are
 * served at the root, so a path other than `/` is refused.
 */
export function publicBaseUrl(raw: string): string {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    throw new Error(`must be an http:// or https:// URL, got '${raw}'`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`must be an http:// or https:// URL, got '${raw}'`)
  if (!url.hostname) throw new Error(`must name a host, got '${raw}'`)
  if (url.username || url.password) throw new Error(`must not carry a user name or password, got '${raw}'`)
  if (raw.includes('?') || raw.includes('#'))
    throw new Error(`must not have a query or fragment, got '${raw}'`)
  if (url.pathname !== '/')
    throw new Error(
      `must not have a path (the platform serves its routes at the root of its address), got '${raw}'`,
    )
  return `${url.origin}/`
}
