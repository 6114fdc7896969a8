// The browser-mode session secret: read once from the URL the host printed, then removed from the
// address bar (so it is not bookmarked or shared) and kept for this tab only, so reloads and
// reconnects still carry it.
import { sessionParam } from '@common/bridge/wire'

const storageKey = 'ledgerdesk.session'

export function takeSessionSecret(win: Window = window): string | undefined {
  const url = new URL(win.location.href)
  const fromUrl = url.searchParams.get(sessionParam)
  if (fromUrl) {
    url.searchParams.delete(sessionParam)
    win.history.replaceState(win.history.state, '', url.pathname + url.search + url.hash)
    try {
      win.sessionStorage.setItem(storageKey, fromUrl)
    } catch {
      // Storage can be unavailable (privacy settings); the secret then lives only in memory.
    }
    return fromUrl
  }
  try {
    return win.sessionStorage.getItem(storageKey) ?? undefined
  } catch {
    return undefined
  }
}
