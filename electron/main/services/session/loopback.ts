// RFC 8252 section 7.3: a one-time listener on 127.0.0.1 with a random port. It answers the browser
// with a short page and hands the redirect to the pending login; requests to other paths or hosts are
// refused, and the listener closes when the login ends.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { loopbackCallbackPath } from './redirect.ts'

export interface LoopbackListener {
  redirectUri: string
  close(): Promise<void>
}

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>` +
  `<style>body{font:16px system-ui,sans-serif;margin:4rem auto;max-width:32rem;color:#1f2937}</style></head>` +
  `<body><h1>${title}</h1><p>${body}</p></body></html>`

/**
 * `onRedirect` receives the full redirect URL and answers whether it finished the login (true) or was
 * not for it (false: the browser gets an error page and the listener keeps waiting).
 */
export async function startLoopbackListener(onRedirect: (url: string) => boolean): Promise<LoopbackListener> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const host = `127.0.0.1:${port}`
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const send = (status: number, html: string) => {
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
      res.end(html)
    }
    const path = (req.url ?? '').split('?')[0]
    if (req.method !== 'GET' || req.headers.host !== host || path !== loopbackCallbackPath) {
      return send(404, page('Not found', 'This address only receives the Ledgerdesk sign-in.'))
    }
    const finished = onRedirect(`http://${host}${req.url ?? ''}`)
    if (finished) {
      send(
        200,
        page(
          'Ledgerdesk',
          'The sign-in answer reached Ledgerdesk. You can close this tab and go back to the app.',
        ),
      )
    } else {
      send(
        400,
        page(
          'Ledgerdesk',
          'This sign-in answer does not belong to the sign-in in progress. Start the sign-in again from Ledgerdesk.',
        ),
      )
    }
  })
  let closing: Promise<void> | undefined
  return {
    redirectUri: `http://${host}${loopbackCallbackPath}`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return closing
    },
  }
}
