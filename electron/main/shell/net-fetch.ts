// Main's HTTP in Electron: Chromium's network stack (net.fetch, net.request), so an office's proxy settings
// and certificates apply to every platform call.
//
// `redirect: 'manual'` (main fetches an address a server gave and follows its redirects itself, only to the
// environment's own servers) cannot go through net.fetch: Electron's net.fetch hands the mode to net.request
// without a 'redirect' listener, and net.request cancels a manual redirect nobody follows, so the call fails
// with "Redirect was cancelled" (electron/electron#43715; lib/browser/api/net-fetch.ts and
// lib/common/api/net-client-request.ts, unchanged in the Electron 40 this app ships). Those requests go
// through net.request here, whose 'redirect' event names the status and the target: the redirect is
// answered as a response of its own (status, headers, `Location`), as Node's fetch answers it, and the
// request stops there.
import type { Fetch } from '../ports.ts'

/** The part of Electron's IncomingMessage (net.request's 'response') used here. */
export interface NetResponse {
  statusCode: number
  statusMessage: string
  headers: Record<string, string | string[]>
  on(event: 'data', listener: (chunk: Buffer) => void): this
  on(event: 'end', listener: () => void): this
  on(event: 'error', listener: (error: Error) => void): this
}

/** The part of Electron's ClientRequest used here. */
export interface NetRequest {
  on(
    event: 'redirect',
    listener: (
      statusCode: number,
      method: string,
      redirectUrl: string,
      responseHeaders: Record<string, string[]>,
    ) => void,
  ): this
  on(event: 'response', listener: (response: NetResponse) => void): this
  on(event: 'error', listener: (error: Error) => void): this
  setHeader(name: string, value: string): void
  end(): void
  abort(): void
}

/** The part of Electron's `net` module used here. */
export interface ElectronNet {
  fetch(input: string | Request, init?: RequestInit): Promise<Response>
  request(options: { url: string; method: string; redirect: 'manual' }): NetRequest
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError')
}

function manualRedirectFetch(net: ElectronNet, req: Request): Promise<Response> {
  if (req.body !== null)
    return Promise.reject(
      new TypeError('A request that follows its redirects itself is sent without a body (GET or HEAD)'),
    )
  const { signal, method } = req
  if (signal.aborted) return Promise.reject(abortReason(signal))
  return new Promise<Response>((resolve, reject) => {
    let settled = false
    let failBody: ((reason: unknown) => void) | undefined
    const request = net.request({ url: req.url, method, redirect: 'manual' })
    const onAbort = () => {
      const reason = abortReason(signal)
      request.abort()
      failBody?.(reason)
      if (!settled) {
        settled = true
        reject(reason)
      }
    }
    signal.addEventListener('abort', onAbort, { once: true })
    const done = () => signal.removeEventListener('abort', onAbort)
    request.on('redirect', (statusCode, _method, redirectUrl, responseHeaders) => {
      // Not followed: the caller decides where to go next. Aborting inside the event keeps Electron from
      // cancelling the request with an error.
      request.abort()
      done()
      if (settled) return
      settled = true
      const headers = new Headers()
      for (const [name, values] of Object.entries(responseHeaders))
        for (const value of values) headers.append(name, value)
      headers.set('location', redirectUrl)
      resolve(new Response(null, { status: statusCode, headers }))
    })
    request.on('response', (answer) => {
      if (settled) return
      settled = true
      const headers = new Headers()
      for (const [name, value] of Object.entries(answer.headers))
        for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v)
      const noBody = NULL_BODY_STATUSES.has(answer.statusCode) || method === 'HEAD'
      let body: ReadableStream<Uint8Array> | null = null
      let open = true
      if (noBody) done()
      else
        body = new ReadableStream<Uint8Array>({
          start(controller) {
            const close = (fail?: unknown) => {
              if (!open) return
              open = false
              done()
              if (fail === undefined) controller.close()
              else controller.error(fail)
            }
            failBody = close
            answer.on('data', (chunk) => {
              if (open) controller.enqueue(new Uint8Array(chunk))
            })
            answer.on('end', () => close())
            answer.on('error', (error) => close(error))
          },
          // A reader that stops early (a body over the cap) ends the transfer.
          cancel() {
            open = false
            done()
            request.abort()
          },
        })
      resolve(new Response(body, { status: answer.statusCode, statusText: answer.statusMessage, headers }))
    })
    request.on('error', (error) => {
      done()
      failBody?.(error)
      if (settled) return
      settled = true
      reject(error)
    })
    for (const [name, value] of req.headers) request.setHeader(name, value)
    request.end()
  })
}

/**
 * The Fetch port on Electron's network stack: net.fetch, except that `redirect: 'manual'` answers a redirect
 * with its status and a readable `Location` (through net.request) instead of failing.
 */
export function createNetFetch(net: ElectronNet): Fetch {
  return (input, init) => {
    const redirect = init?.redirect ?? (input instanceof Request ? input.redirect : 'follow')
    if (redirect === 'manual') {
      let req: Request
      try {
        req = new Request(input, init)
      } catch (error) {
        return Promise.reject(error)
      }
      return manualRedirectFetch(net, req)
    }
    return net.fetch(input instanceof URL ? input.href : input, init)
  }
}
