// Addresses a server gives are checked before main fetches them: a small HTTP server on loopback plays
// a platform that answers hostile addresses (file:, another host, plain http on a network, an endless
// body), and a second one records whether anything, above all an Authorization header, reached it.
import { describe, expect, it } from 'vitest'
import { answerJson, useLoopbackServers } from '../../../../test/support/loopback.ts'
import { DEFAULT_MAX_BYTES } from '../scan/sniff.ts'
import { createSyncService } from '../sync/sync-service.ts'
import { createApiClient, type TokenSource } from './client.ts'
import { ApiErrorCode } from './errors.ts'
import { uploadFile } from './files.ts'
import { checkAppFramework, MAX_SERVER_BODY_BYTES, ServerUrlErrorCode } from './server-urls.ts'

const serve = useLoopbackServers()
const json = answerJson

/** A server that answers 200 to anything and records what reached it. */
async function recorder() {
  const seen: { url: string; authorization: string | undefined }[] = []
  const base = await serve((req, res) => {
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization })
    req.resume()
    json(res, 200, { ID: 1 })
  })
  return { base, seen }
}

/** A platform whose /api/endpoints names `files` and whose file 1 downloads from `download(base)`. */
async function platform(answers: {
  files?: (base: string) => string
  download?: (base: string) => string
  redirectTo?: string
  /** Main's HTTP (default Node's fetch). */
  fetch?: typeof fetch
}) {
  const seen: string[] = []
  const base = await serve((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    seen.push(`${req.method} ${url.pathname}${url.search}`)
    if (url.pathname === '/api/endpoints')
      return json(res, 200, {
        AppFramework: base,
        Identity: `${base}identity`,
        Files: answers.files?.(base) ?? `${base}files`,
      })
    if (url.pathname === '/api/biz/files/1' && url.searchParams.get('action') === 'download')
      return json(res, 200, answers.download?.(base) ?? `${base}bytes/small`)
    if (url.pathname === '/api/biz/files/1')
      return json(res, 200, { ID: 1, Name: 'a.pdf', ContentType: 'application/pdf' })
    if (url.pathname === '/bytes/small') {
      res.writeHead(200, { 'Content-Type': 'application/pdf' })
      return res.end('%PDF-1.4 small')
    }
    if (url.pathname === '/bytes/declared-huge') {
      res.writeHead(200, {
        'Content-Type': 'application/pdf',
        'Content-Length': String(MAX_SERVER_BODY_BYTES + 1),
      })
      return res.end()
    }
    if (url.pathname === '/bytes/endless') {
      // No Content-Length: chunks until the reader stops.
      res.writeHead(200, { 'Content-Type': 'application/pdf' })
      const chunk = Buffer.alloc(1024 * 1024)
      let sent = 0
      const pump = () => {
        while (sent <= MAX_SERVER_BODY_BYTES / chunk.length + 2) {
          sent++
          if (!res.write(chunk)) return void res.once('drain', pump)
        }
        res.end()
      }
      return pump()
    }
    if (url.pathname === '/bytes/nowhere') {
      res.writeHead(302)
      return res.end()
    }
    if (url.pathname === '/bytes/away') {
      res.writeHead(302, { Location: answers.redirectTo ?? '/' })
      return res.end()
    }
    json(res, 404, { Message: 'no' })
  })
  const tokens: TokenSource = {
    current: async () => ({ accessToken: 'secret-token', apiBaseUrl: base }),
    afterUnauthorized: async () => ({ accessToken: 'secret-token', apiBaseUrl: base }),
  }
  const api = createApiClient({ fetch: answers.fetch ?? fetch, tokens })
  const sync = createSyncService({ api: async () => api, fetch: answers.fetch ?? fetch })
  return { base, seen, api, sync }
}

const pdf = { bytes: new TextEncoder().encode('%PDF-1.4 x'), name: 'x.pdf' }

describe('addresses from a server', () => {
  it('downloads a file from the environment’s own server', async () => {
    const p = await platform({})
    const file = await p.sync.download('key', 1)
    expect(Buffer.from(file.base64, 'base64').toString()).toBe('%PDF-1.4 small')
  })

  it('refuses a file: download URL with a clear error', async () => {
    const p = await platform({ download: () => 'file:///etc/passwd' })
    await expect(p.sync.download('key', 1)).rejects.toMatchObject({
      code: ServerUrlErrorCode.Refused,
      message: expect.stringMatching(/scheme file: .*only https/),
    })
  })

  it('refuses a download URL on another host, and nothing reaches that host', async () => {
    const other = await recorder()
    const p = await platform({ download: () => `${other.base}stolen` })
    await expect(p.sync.download('key', 1)).rejects.toMatchObject({
      code: ServerUrlErrorCode.Refused,
      message: expect.stringContaining("not one of this environment's servers"),
    })
    // A redirect from the environment's own server to that host is refused the same way.
    const redirecting = await platform({
      download: (base) => `${base}bytes/away`,
      redirectTo: `${other.base}after-redirect`,
    })
    await expect(redirecting.sync.download('key', 1)).rejects.toMatchObject({
      code: ServerUrlErrorCode.Refused,
    })
    expect(redirecting.seen).toContain('GET /bytes/away')
    expect(other.seen).toEqual([])
  })

  it('refuses plain http to a machine on the network', async () => {
    const p = await platform({ download: () => 'http://192.0.2.10/files/1' })
    await expect(p.sync.download('key', 1)).rejects.toMatchObject({
      code: ServerUrlErrorCode.Refused,
      message: expect.stringContaining('plain http on another machine'),
    })
  })

  it('refuses an answer larger than the cap, declared or streamed, without reading it all', async () => {
    for (const path of ['bytes/declared-huge', 'bytes/endless']) {
      const p = await platform({ download: (base) => `${base}${path}` })
      await expect(p.sync.download('key', 1), path).rejects.toMatchObject({
        code: ServerUrlErrorCode.TooLarge,
        message: expect.stringContaining('larger than 50 MB'),
      })
    }
    // The same cap the scan station uploads at most.
    expect(MAX_SERVER_BODY_BYTES).toBe(DEFAULT_MAX_BYTES)
  })

  it('refuses a file: or network-http file server from /api/endpoints, and sends the document nowhere', async () => {
    for (const files of ['file:///tmp/files', 'http://192.0.2.10/files']) {
      const p = await platform({ files: () => files })
      await expect(
        uploadFile(p.api, await p.api.filesUrl().catch(() => files), 'key', pdf),
        files,
      ).rejects.toMatchObject({
        code: ServerUrlErrorCode.Refused,
      })
      expect(p.seen.filter((s) => s.startsWith('POST'))).toEqual([])
    }
  })

  it('never sends the token to a host that is not one of the environment’s servers', async () => {
    const other = await recorder()
    const p = await platform({})
    await expect(uploadFile(p.api, other.base, 'key', pdf)).rejects.toMatchObject({
      code: ServerUrlErrorCode.Refused,
    })
    await expect(p.api.get(`${other.base}api/biz/companies`)).rejects.toMatchObject({
      code: ServerUrlErrorCode.Refused,
    })
    expect(other.seen).toEqual([])
    // The file server the environment names does get it.
    const named = await platform({ files: () => `${other.base}files` })
    expect(await uploadFile(named.api, await named.api.filesUrl(), 'key', pdf)).toBe(1)
    expect(other.seen).toEqual([{ url: '/files/api/file', authorization: 'Bearer secret-token' }])
  })
})

describe('the AppFramework claim', () => {
  it('must name the environment’s own API base', () => {
    expect(checkAppFramework('https://test.example.no', 'https://test.example.no/')).toBe(
      'https://test.example.no/',
    )
    expect(checkAppFramework('https://any.example.no/', null)).toBe('https://any.example.no/')
    expect(() => checkAppFramework('https://evil.example.com/', 'https://test.example.no/')).toThrow(
      expect.objectContaining({
        code: ServerUrlErrorCode.WrongPlatform,
        message: expect.stringContaining("this environment's platform is https://test.example.no/"),
      }),
    )
    expect(() => checkAppFramework('http://10.0.0.5/', null)).toThrow(
      expect.objectContaining({ code: ServerUrlErrorCode.Refused }),
    )
  })
})

/**
 * Main's HTTP as a browser answers `redirect: 'manual'`: an opaque-redirect response (type `opaqueredirect`,
 * status 0, no headers, no body) instead of the 3xx and its Location.
 */
const browserLikeFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init)
  if (init?.redirect !== 'manual' || response.status < 300 || response.status >= 400) return response
  await response.body?.cancel()
  return {
    type: 'opaqueredirect',
    status: 0,
    statusText: '',
    ok: false,
    redirected: false,
    url: '',
    headers: new Headers(),
    body: null,
    bodyUsed: false,
  } as unknown as Response
}

describe('redirects of a download address', () => {
  it('follows a redirect that stays on the environment’s servers to the bytes', async () => {
    const p = await platform({ download: (base) => `${base}bytes/away`, redirectTo: '/bytes/small' })
    const file = await p.sync.download('key', 1)
    expect(Buffer.from(file.base64, 'base64').toString()).toBe('%PDF-1.4 small')
    expect(p.seen).toEqual(expect.arrayContaining(['GET /bytes/away', 'GET /bytes/small']))
  })

  it('fails with a worded error, not an empty file, when the redirect comes back opaque', async () => {
    const p = await platform({
      download: (base) => `${base}bytes/away`,
      redirectTo: '/bytes/small',
      fetch: browserLikeFetch,
    })
    await expect(p.sync.download('key', 1)).rejects.toMatchObject({
      code: ApiErrorCode.InvalidResponse,
      message: expect.stringMatching(
        /^The server redirected the download address of file 1, but the answer hid where to \(an opaque redirect\); nothing was downloaded$/,
      ),
    })
    expect(p.seen).not.toContain('GET /bytes/small')
    // Without a redirect the same connection downloads as before.
    const direct = await platform({ fetch: browserLikeFetch })
    const file = await direct.sync.download('key', 1)
    expect(Buffer.from(file.base64, 'base64').toString()).toBe('%PDF-1.4 small')
  })

  it('fails with a worded error when the connection refuses to stop at a redirect', async () => {
    // Electron's net.fetch: a manual redirect that nobody follows is cancelled (electron/electron#43715).
    const refusing: typeof fetch = async (input, init) => {
      const response = await fetch(input, init)
      if (init?.redirect === 'manual' && response.status >= 300 && response.status < 400) {
        await response.body?.cancel()
        throw new Error('Redirect was cancelled')
      }
      return response
    }
    const p = await platform({
      download: (base) => `${base}bytes/away`,
      redirectTo: '/bytes/small',
      fetch: refusing,
    })
    await expect(p.sync.download('key', 1)).rejects.toMatchObject({
      code: ApiErrorCode.InvalidResponse,
      message: expect.stringContaining('could not read where to (Redirect was cancelled)'),
    })
  })

  it('fails with a worded error for a redirect that names no address', async () => {
    const p = await platform({ download: (base) => `${base}bytes/nowhere` })
    await expect(p.sync.download('key', 1)).rejects.toMatchObject({
      code: ApiErrorCode.InvalidResponse,
      message: expect.stringContaining('with a redirect (302) that names no address'),
    })
  })
})
