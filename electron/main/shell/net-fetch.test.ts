// Main's HTTP in Electron, against a model of Electron's net module on real loopback HTTP: net.request
// (ClientRequest) with its redirect modes, where a manual redirect not followed during the 'redirect' event
// is cancelled with "Redirect was cancelled", and net.fetch built on it the way Electron 40 builds it
// (lib/browser/api/net-fetch.ts passes the redirect mode on and listens for no 'redirect').
import { EventEmitter } from 'node:events'
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { useLoopbackServers } from '../../../test/support/loopback.ts'
import { createApiClient, type TokenSource } from '../services/api/client.ts'
import { ApiErrorCode } from '../services/api/errors.ts'
import { createNetFetch, type ElectronNet } from './net-fetch.ts'

const serve = useLoopbackServers()

/** A platform whose /api/endpoints names itself, with download addresses that redirect on its own host. */
async function platformServer() {
  const seen: string[] = []
  const base = await serve((req, res) => {
    seen.push(`${req.method} ${req.url}`)
    if (req.url === '/api/endpoints') {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      return res.end(
        JSON.stringify({ AppFramework: base, Identity: `${base}identity`, Files: `${base}files` }),
      )
    }
    if (req.url === '/files/api/download/1') {
      res.writeHead(302, { Location: '/files/blob/1', 'X-Hop': 'one' })
      return res.end('moved')
    }
    if (req.url === '/files/blob/1') {
      res.writeHead(200, { 'Content-Type': 'application/pdf' })
      return res.end('%PDF-1.7 redirected bytes')
    }
    if (req.url === '/files/slow') return // never answers
    if (req.url === '/files/endless') {
      res.writeHead(200, { 'Content-Type': 'application/pdf' })
      const timer = setInterval(() => res.write(Buffer.alloc(16 * 1024)), 5)
      res.on('close', () => clearInterval(timer))
      return
    }
    res.writeHead(404).end()
  })
  return { base, seen }
}

/** Electron's ClientRequest as lib/common/api/net-client-request.ts behaves, over node:http. */
class ModelClientRequest extends EventEmitter {
  aborted = false
  private followCb: (() => void) | undefined
  private current: ClientRequest | undefined
  private readonly headers: Record<string, string> = {}

  constructor(private readonly options: { url: string; method: string; redirect?: string }) {
    super()
  }

  setHeader(name: string, value: string) {
    this.headers[name] = value
  }

  followRedirect() {
    if (!this.followCb) throw new Error('followRedirect() called, but was not waiting for a redirect')
    this.followCb()
  }

  abort() {
    this.aborted = true
    this.current?.destroy()
  }

  end() {
    this.send(this.options.url, this.options.method)
  }

  private send(url: string, method: string) {
    if (this.aborted) return
    const req = httpRequest(url, { method, headers: this.headers }, (res) => this.answered(url, method, res))
    this.current = req
    req.on('error', (error) => {
      if (!this.aborted) this.emit('error', error)
    })
    req.end()
  }

  private answered(url: string, method: string, res: IncomingMessage) {
    const status = res.statusCode ?? 0
    const location = res.headers.location
    if (status < 300 || status >= 400 || !location) return void this.emit('response', res)
    res.resume()
    const newUrl = new URL(location, url).href
    const headers = Object.fromEntries(
      Object.entries(res.headers).map(([k, v]) => [k, Array.isArray(v) ? v : [String(v)]]),
    )
    const mode = this.options.redirect ?? 'follow'
    if (mode === 'error')
      return void this.emit('error', new Error("Attempted to redirect, but redirect policy was 'error'"))
    if (mode === 'follow') {
      this.followCb = () => {}
      this.emit('redirect', status, method, newUrl, headers)
      this.followCb = undefined
      return this.send(newUrl, method)
    }
    let followed = false
    this.followCb = () => (followed = true)
    try {
      this.emit('redirect', status, method, newUrl, headers)
    } finally {
      this.followCb = undefined
      if (followed) this.send(newUrl, method)
      else if (!this.aborted) this.emit('error', new Error('Redirect was cancelled'))
    }
  }
}

/** Electron's `net`: request as above, fetch as Electron 40's net.fetch builds on it. */
function modelNet() {
  const requests: ModelClientRequest[] = []
  const request = (options: { url: string; method: string; redirect?: string }) => {
    const r = new ModelClientRequest(options)
    requests.push(r)
    return r
  }
  const net: ElectronNet = {
    request: (options) => request(options),
    fetch(input, init) {
      const req = new Request(input, init)
      return new Promise<Response>((resolve, reject) => {
        const r = request({ url: req.url, method: req.method, redirect: req.redirect })
        for (const [k, v] of req.headers) r.setHeader(k, v)
        r.on('response', (res: IncomingMessage) => {
          const headers = new Headers()
          for (const [k, v] of Object.entries(res.headers))
            headers.set(k, Array.isArray(v) ? v.join(', ') : String(v))
          const body = new ReadableStream<Uint8Array>({
            start(c) {
              res.on('data', (chunk: Buffer) => c.enqueue(new Uint8Array(chunk)))
              res.on('end', () => c.close())
            },
          })
          resolve(new Response(body, { status: res.statusCode, headers }))
        })
        r.on('error', reject)
        r.end()
      })
    },
  }
  return { net, requests }
}

const tokensFor = (base: string): TokenSource => ({
  current: async () => ({ accessToken: 'token', apiBaseUrl: base }),
  afterUnauthorized: async () => ({ accessToken: 'token', apiBaseUrl: base }),
})

describe("Electron's net module as modelled", () => {
  it('fails net.fetch with redirect: manual at a redirect, as electron/electron#43715 reports', async () => {
    const { base } = await platformServer()
    const { net } = modelNet()
    await expect(net.fetch(`${base}files/api/download/1`, { redirect: 'manual' })).rejects.toThrow(
      'Redirect was cancelled',
    )
  })
})

describe('the Fetch port on Electron’s network stack', () => {
  it('answers a manual redirect with its status and Location, and goes no further', async () => {
    const { base, seen } = await platformServer()
    const fetchPort = createNetFetch(modelNet().net)
    const res = await fetchPort(`${base}files/api/download/1`, { redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`${base}files/blob/1`)
    expect(res.headers.get('x-hop')).toBe('one')
    expect(res.body).toBeNull()
    expect(seen).toEqual(['GET /files/api/download/1'])
  })

  it('streams an ordinary answer of a manual-redirect request with its headers', async () => {
    const { base } = await platformServer()
    const res = await createNetFetch(modelNet().net)(new URL(`${base}files/blob/1`), { redirect: 'manual' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(await res.text()).toBe('%PDF-1.7 redirected bytes')
  })

  it('leaves every other request to net.fetch, which follows redirects', async () => {
    const { base } = await platformServer()
    const res = await createNetFetch(modelNet().net)(`${base}files/api/download/1`)
    expect(await res.text()).toBe('%PDF-1.7 redirected bytes')
  })

  it('stops the request when the caller cancels', async () => {
    const { base } = await platformServer()
    const { net, requests } = modelNet()
    const controller = new AbortController()
    const pending = createNetFetch(net)(`${base}files/slow`, {
      redirect: 'manual',
      signal: controller.signal,
    })
    await new Promise((r) => setTimeout(r, 50))
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    expect(requests.at(-1)?.aborted).toBe(true)
  })

  it('ends the transfer when the reader stops early', async () => {
    const { base } = await platformServer()
    const { net, requests } = modelNet()
    const res = await createNetFetch(net)(`${base}files/endless`, { redirect: 'manual' })
    const reader = res.body!.getReader()
    expect((await reader.read()).value?.length).toBeGreaterThan(0)
    await reader.cancel()
    expect(requests.at(-1)?.aborted).toBe(true)
  })

  it('refuses a body on a request that follows its redirects itself', async () => {
    const fetchPort = createNetFetch(modelNet().net)
    await expect(
      fetchPort('http://127.0.0.1:9/x', { method: 'POST', body: 'x', redirect: 'manual' }),
    ).rejects.toThrow(/without a body/)
  })
})

describe('a download address that redirects, fetched in Electron', () => {
  it('reaches the bytes through the Fetch port', async () => {
    const { base, seen } = await platformServer()
    const api = createApiClient({ fetch: createNetFetch(modelNet().net), tokens: tokensFor(base) })
    const answer = await api.fetchServerUrl(`${base}files/api/download/1`, 'the download address of file 1')
    expect(answer.status).toBe(200)
    expect(answer.contentType).toBe('application/pdf')
    expect(new TextDecoder().decode(answer.bytes)).toBe('%PDF-1.7 redirected bytes')
    expect(seen).toEqual(expect.arrayContaining(['GET /files/api/download/1', 'GET /files/blob/1']))
  })

  it('fails with a worded error on net.fetch alone, instead of calling the file server unreachable', async () => {
    const { base } = await platformServer()
    const { net } = modelNet()
    // How main was wired before: every call, manual redirects too, through net.fetch.
    const api = createApiClient({
      fetch: (input, init) => net.fetch(input instanceof URL ? input.href : input, init),
      tokens: tokensFor(base),
    })
    await expect(
      api.fetchServerUrl(`${base}files/api/download/1`, 'the download address of file 1'),
    ).rejects.toMatchObject({
      code: ApiErrorCode.InvalidResponse,
      message:
        'The server redirected the download address of file 1, and this connection could not read where to (Redirect was cancelled); nothing was downloaded',
    })
  })
})
