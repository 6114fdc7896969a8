// Which companies a user was newly given access to: their User row in the company was created within
// NEW_ACCESS_DAYS (the current-session answer of the company carries it, spec 2.2 "standard entity
// fields"). The workspace keeps such a company offline when it first learns of it, so a new colleague
// finds the clients they were given on this computer at their first sign-in, without a visit to
// Settings → Offline data; the user can turn it off there like any other.

/** How recent a membership counts as newly given. */
export const NEW_ACCESS_DAYS = 14

export function isNewAccess(memberSince: string | null | undefined, now: number = Date.now()): boolean {
  if (!memberSince) return false
  const since = Date.parse(memberSince)
  return Number.isFinite(since) && now - since <= NEW_ACCESS_DAYS * 86_400_000 && since <= now + 60_000
}
