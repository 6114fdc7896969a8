// Which pages may use the bridge: only the app's own origin (app://ledgerdesk, or the dev server while
// developing). A page that navigated elsewhere, or an embedded frame, is refused.

/** `scheme://host[:port]` of a URL; WHATWG URL reports "null" as the origin of custom schemes like app:. */
export function originOf(url: string): string | undefined {
  try {
    const u = new URL(url)
    if (!u.host) return undefined
    return `${u.protocol}//${u.host}`
  } catch {
    return undefined
  }
}

export function isAllowedSender(
  frameUrl: string | undefined | null,
  allowedOrigins: readonly string[],
): boolean {
  if (!frameUrl) return false
  const origin = originOf(frameUrl)
  return origin !== undefined && allowedOrigins.includes(origin)
}
