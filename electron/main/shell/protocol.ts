// The app:// scheme: the built renderer is served from one fixed origin (app://ledgerdesk) for the
// app's whole life, so IndexedDB and storage stay put across updates, unlike file:// paths.
import { readFile } from 'node:fs/promises'
import { protocol } from 'electron'
import type { Logger } from '../logger.ts'
import { resolveStaticPath, staticHeaders } from '../static-files.ts'

export const appScheme = 'app'
export const appHost = 'ledgerdesk'
export const appOrigin = `${appScheme}://${appHost}`

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ])
}

export function serveRenderer(rendererDir: string, csp: string, log: Logger): void {
  protocol.handle(appScheme, async (request) => {
    const url = new URL(request.url)
    if (url.host !== appHost) return new Response('Not found', { status: 404 })
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return new Response('Method not allowed', { status: 405 })
    const file = resolveStaticPath(rendererDir, url.pathname)
    if (!file) return new Response('Not found', { status: 404 })
    try {
      const body = await readFile(file)
      return new Response(request.method === 'HEAD' ? null : body, {
        status: 200,
        headers: staticHeaders(file, csp),
      })
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code !== 'ENOENT' && code !== 'EISDIR') log.error('app://: reading a file failed', { file, error })
      return new Response('Not found', { status: 404 })
    }
  })
}
