// The client against a small HTTP server on loopback that answers the way the platform does in each
// case (the three error shapes, statistics' Success: false, 401s, gateway errors).
import { describe, expect, it } from 'vitest'
import { answerJson, useLoopbackServers } from '../../../../test/support/loopback.ts'
import { createApiClient, buildQuery, UPLOAD_CHUNK, type AccessGrant, type TokenSource } from './client.ts'
import { ApiError, ApiErrorCode, apiErrorFrom } from './errors.ts'

const serve = useLoopbackServers()
const json = answerJson

function fixedTokens(base: string, token = 'token-1'): TokenSource {
  const grant: AccessGrant = { accessToken: token, apiBaseUrl: base }
  return { current: async () => grant, afterUnauthorized: async () => grant }
}

const noSleep = async () => undefined

describe('the API client', () => {
  it('sends Authorization, the CompanyKey of the call, query options and a JSON body', async () => {
    const seen: { url?: string; auth?: string; company?: string; body?: string }[] = []
    const base = await serve((req, res) => {
      let body = ''
      req.on('data', (c) => (body += c))
      req.on('end', () => {
        seen.push({
          url: req.url,
          auth: req.headers.authorization,
          company: req.headers.companykey as string,
          body,
        })
        json(res, 200, { ID: 7 })
      })
    })
    const api = createApiClient({ fetch, tokens: fixedTokens(base) })
    await api.get('api/biz/contacts', {
      companyKey: 'key-a',
      query: { filter: "Name eq 'A'", select: ['ID', 'Name'], top: 5 },
    })
    const created = await api.post('/api/biz/contacts', { Name: 'B' }, { companyKey: 'key-b' })
    expect(created).toEqual({ ID: 7 })
    expect(seen[0]).toMatchObject({ auth: 'Bearer token-1', company: 'key-a' })
    expect(new URL(seen[0]!.url!, base).searchParams.toString()).toBe(
      'filter=Name+eq+%27A%27&select=ID%2CName&top=5&hateoas=false',
    )
    expect(seen[1]).toMatchObject({ url: '/api/biz/contacts', company: 'key-b', body: '{"Name":"B"}' })
  })

  it('builds query options with hateoas off unless asked for', () => {
    expect(buildQuery({ expand: ['Items', 'Items.Product'], orderby: 'ID desc', skip: 10 }).toString()).toBe(
      'expand=Items%2CItems.Product&orderby=ID+desc&skip=10&hateoas=false',
    )
    expect(buildQuery({ hateoas: true }).get('hateoas')).toBe('true')
  })

  it('retries a GET after 503 and 502 with backoff, but never a POST', async () => {
    let gets = 0
    let posts = 0
    const base = await serve((req, res) => {
      if (req.method === 'GET') {
        gets++
        if (gets === 1) return json(res, 503, { Message: 'busy' })
        if (gets === 2) return json(res, 502, { Message: 'gateway' })
        return json(res, 200, [1])
      }
      posts++
      json(res, 503, { Message: 'busy' })
    })
    const waits: number[] = []
    const api = createApiClient({
      fetch,
      tokens: fixedTokens(base),
      sleep: async (ms) => void waits.push(ms),
    })
    expect(await api.get('api/biz/x')).toEqual([1])
    expect(gets).toBe(3)
    expect(waits).toEqual([250, 500])
    await expect(api.post('api/biz/x', {})).rejects.toMatchObject({
      code: ApiErrorCode.Unavailable,
      status: 503,
    })
    expect(posts).toBe(1)
  })

  it('retries a GET after a network error and then reports the platform unreachable', async () => {
    let calls = 0
    const failing: typeof fetch = async () => {
      calls++
      throw new TypeError('fetch failed')
    }
    const api = createApiClient({
      fetch: failing,
      tokens: fixedTokens('http://127.0.0.1:9/'),
      sleep: noSleep,
    })
    await expect(api.get('api/biz/x')).rejects.toMatchObject({ code: ApiErrorCode.Network, status: 0 })
    expect(calls).toBe(3)
  })

  it('gives up after the per-call timeout', async () => {
    const base = await serve(() => undefined)
    const api = createApiClient({ fetch, tokens: fixedTokens(base), sleep: noSleep, attempts: 1 })
    await expect(api.get('api/biz/slow', { timeoutMs: 50 })).rejects.toMatchObject({
      code: ApiErrorCode.Timeout,
    })
  })

  it('stops when the caller cancels', async () => {
    const base = await serve(() => undefined)
    const api = createApiClient({ fetch, tokens: fixedTokens(base), sleep: noSleep })
    const controller = new AbortController()
    const call = api.get('api/biz/slow', { signal: controller.signal })
    setTimeout(() => controller.abort(), 20)
    await expect(call).rejects.toMatchObject({ code: ApiErrorCode.Aborted })
  })

  it('refreshes once on a 401 and retries with the new token', async () => {
    const base = await serve((req, res) =>
      req.headers.authorization === 'Bearer fresh'
        ? json(res, 200, { ok: true })
        : json(res, 401, { Message: 'expired' }),
    )
    let refreshes = 0
    const api = createApiClient({
      fetch,
      tokens: {
        current: async () => ({ accessToken: 'stale', apiBaseUrl: base }),
        afterUnauthorized: async () => {
          refreshes++
          return { accessToken: 'fresh', apiBaseUrl: base }
        },
      },
    })
    expect(await api.get('api/biz/x')).toEqual({ ok: true })
    expect(refreshes).toBe(1)
  })

  it('does not refresh twice when the new token is refused as well', async () => {
    const base = await serve((_req, res) => json(res, 401, { Message: 'Authorization required' }))
    let refreshes = 0
    const api = createApiClient({
      fetch,
      tokens: {
        current: async () => ({ accessToken: 'a', apiBaseUrl: base }),
        afterUnauthorized: async () => {
          refreshes++
          return { accessToken: 'b', apiBaseUrl: base }
        },
      },
    })
    await expect(api.get('api/biz/x')).rejects.toMatchObject({
      code: ApiErrorCode.Unauthorized,
      status: 401,
      message: 'Authorization required',
    })
    expect(refreshes).toBe(1)
  })

  it('counts a multipart upload as it goes, and sends it whole again after a refresh on 401', async () => {
    const received: { auth?: string; type?: string; length: number; text: string }[] = []
    const base = await serve((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const body = Buffer.concat(chunks)
        received.push({
          auth: req.headers.authorization,
          type: req.headers['content-type'],
          length: body.length,
          text: body.toString('latin1'),
        })
        if (req.headers.authorization === 'Bearer old') json(res, 401, { Message: 'expired' })
        else json(res, 201, { ID: 42 })
      })
    })
    let token = 'old'
    const tokens: TokenSource = {
      current: async () => ({ accessToken: token, apiBaseUrl: base }),
      afterUnauthorized: async () => ({ accessToken: (token = 'new'), apiBaseUrl: base }),
    }
    const api = createApiClient({ fetch, tokens })
    const bytes = new Uint8Array(3 * UPLOAD_CHUNK + 1000).fill(0x41)
    const form = new FormData()
    form.set('Key', 'key-a')
    form.set('File', new Blob([bytes]), 'faktura.pdf')
    const progress: [number, number][] = []
    const created = await api.request('files/api/file', {
      method: 'POST',
      body: form,
      onUploadProgress: (sent, total) => progress.push([sent, total]),
    })
    expect(created).toEqual({ ID: 42 })
    expect(received.map((r) => r.auth)).toEqual(['Bearer old', 'Bearer new'])
    const [, second] = received
    expect(second!.type).toMatch(/^multipart\/form-data; boundary=/)
    expect(second!.text).toContain('filename="faktura.pdf"')
    expect(second!.text).toContain('A'.repeat(3 * UPLOAD_CHUNK + 1000))
    // Each attempt counts from its first piece to the whole body; the total is the body the server got.
    const total = second!.length
    expect(progress.every(([, t]) => t === total)).toBe(true)
    const ends = progress.filter(([sent]) => sent === total)
    expect(ends).toHaveLength(2)
    expect(progress.length).toBeGreaterThanOrEqual(2 * Math.ceil(total / UPLOAD_CHUNK))
    const secondAttempt = progress.slice(progress.indexOf(ends[0]!) + 1).map(([sent]) => sent)
    expect(secondAttempt).toEqual([...secondAttempt].sort((a, b) => a - b))
  })

  it('throws for statistics answered with HTTP 200 and Success: false, and returns Data otherwise', async () => {
    const base = await serve((req, res) =>
      new URL(req.url!, 'http://x').searchParams.get('model') === 'Bad'
        ? json(res, 200, { Data: [], Success: false, Message: "Unknown field 'Nope' on Bad" })
        : json(res, 200, { Data: [{ countID: 3 }], Success: true, Message: '' }),
    )
    const api = createApiClient({ fetch, tokens: fixedTokens(base) })
    expect(
      await api.statistics({ model: 'SupplierInvoice', select: 'count(ID)' }, { companyKey: 'k' }),
    ).toEqual([{ countID: 3 }])
    const error = await api.statistics({ model: 'Bad' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      code: ApiErrorCode.Statistics,
      status: 200,
      message: "Unknown field 'Nope' on Bad",
    })
  })
})

describe('the license administration host (spec 4.10 `{license_admin_url}`)', () => {
  // An environment on three hosts of its own: the API base, the file server its endpoint set names, and a
  // license administration host that only the environment's settings name.
  const base = 'https://api.example.no/'
  function environment() {
    const reached: { url: string; auth: string | null }[] = []
    const fetchFake = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const url = new URL(input instanceof Request ? input.url : input)
      reached.push({ url: url.href, auth: new Headers(init?.headers).get('authorization') })
      const body =
        url.href === `${base}api/endpoints`
          ? { AppFramework: base, Identity: 'https://login.example.no', Files: 'https://files.example.no/' }
          : { Message: 'Queued' }
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })
    }
    return { reached, fetch: fetchFake }
  }
  const route = 'https://lisens.example.no/admin/api/companies/v2/update-permissions'

  it('is one of the environment’s hosts when configured: the token goes there', async () => {
    const env = environment()
    const api = createApiClient({
      fetch: env.fetch,
      tokens: fixedTokens(base),
      licenseAdminUrl: async () => 'https://lisens.example.no/admin/',
    })
    expect(await api.licenseAdminUrl()).toBe('https://lisens.example.no/admin')
    expect(await api.post(route, { CompanyIds: [1], UserIds: [2], Roles: null })).toEqual({
      Message: 'Queued',
    })
    expect(env.reached.at(-1)).toEqual({ url: route, auth: 'Bearer token-1' })
  })

  it('is no host of the environment when none is configured: nothing is sent there', async () => {
    const env = environment()
    const api = createApiClient({ fetch: env.fetch, tokens: fixedTokens(base) })
    expect(await api.licenseAdminUrl()).toBeNull()
    await expect(api.post(route, {})).rejects.toMatchObject({ code: 'SERVER_URL_REFUSED' })
    expect(env.reached.map((r) => new URL(r.url).host)).not.toContain('lisens.example.no')
  })

  it('refuses a configured address over plain http to another machine', async () => {
    const env = environment()
    const api = createApiClient({
      fetch: env.fetch,
      tokens: fixedTokens(base),
      licenseAdminUrl: async () => 'http://lisens.example.no/',
    })
    await expect(api.licenseAdminUrl()).rejects.toMatchObject({ code: 'SERVER_URL_REFUSED' })
    expect(env.reached.map((r) => new URL(r.url).host)).not.toContain('lisens.example.no')
  })
})

describe("mapping the platform's error bodies to one typed error", () => {
  it('shape 1: Message and ErrorReference', () => {
    const e = apiErrorFrom(404, {
      Message: 'SupplierInvoice 9 not found',
      ErrorReference: 'f3b0c2a4-1111-4111-8111-111111111111',
    })
    expect(e).toMatchObject({
      code: ApiErrorCode.NotFound,
      message: 'SupplierInvoice 9 not found',
      details: { status: 404, fields: [], reference: 'f3b0c2a4-1111-4111-8111-111111111111' },
    })
  })

  it('shape 2: rule violations in Messages, with their levels', () => {
    const e = apiErrorFrom(400, {
      Messages: [
        {
          PropertyName: 'TaxInclusiveAmount',
          EntityType: 'SupplierInvoice',
          Message: 'Amount must be positive',
          Level: 30,
        },
        {
          PropertyName: 'InvoiceDate',
          EntityType: 'SupplierInvoice',
          Message: 'Date is in the future',
          Level: 20,
        },
      ],
      ErrorsCount: 1,
    })
    expect(e.code).toBe(ApiErrorCode.Validation)
    expect(e.message).toBe('Amount must be positive')
    expect(e.fields).toEqual([
      {
        field: 'TaxInclusiveAmount',
        entityType: 'SupplierInvoice',
        message: 'Amount must be positive',
        level: 30,
      },
      { field: 'InvoiceDate', entityType: 'SupplierInvoice', message: 'Date is in the future', level: 20 },
    ])
  })

  it('shape 3: _validationResults, nested inside child objects and arrays', () => {
    const e = apiErrorFrom(400, {
      Message: 'Validation failed',
      _validationResults: {
        Name: [{ PropertyName: 'Name', EntityType: 'Customer', Message: 'Name is required' }],
      },
      Items: [
        {},
        {
          _validationResults: {
            Quantity: [
              { PropertyName: 'Quantity', EntityType: 'CustomerInvoiceItem', Message: 'Must be above 0' },
            ],
          },
        },
      ],
    })
    expect(e.message).toBe('Validation failed')
    expect(e.fields).toEqual([
      { field: 'Name', entityType: 'Customer', message: 'Name is required', level: null },
      {
        field: 'Items.1.Quantity',
        entityType: 'CustomerInvoiceItem',
        message: 'Must be above 0',
        level: null,
      },
    ])
  })

  it('answers a message for bodies with none: text, HTML, or nothing', () => {
    expect(apiErrorFrom(403, 'Forbidden').message).toBe('Forbidden')
    expect(apiErrorFrom(502, '<html>Bad gateway</html>')).toMatchObject({
      code: ApiErrorCode.Unavailable,
      message: 'The platform answered with status 502',
    })
    expect(apiErrorFrom(500, undefined)).toMatchObject({ code: ApiErrorCode.Server, status: 500 })
    expect(apiErrorFrom(409, { message: 'Changed by someone else' })).toMatchObject({
      code: ApiErrorCode.Conflict,
      message: 'Changed by someone else',
    })
  })

  it('crosses the bridge as a value with status and fields', () => {
    const shape = apiErrorFrom(400, {
      Message: 'x',
      Messages: [{ PropertyName: 'A', Message: 'bad', Level: 30 }],
    }).toShape()
    expect(shape).toEqual({
      code: ApiErrorCode.Validation,
      message: 'x',
      details: {
        status: 400,
        reference: null,
        fields: [{ field: 'A', entityType: null, message: 'bad', level: 30 }],
      },
    })
  })
})

// Issue 37: redirects are followed by the client within the call's origin only, so the sign-in and the
// company key never reach another server whatever the fetch would forward; answers are read up to a cap.
describe('redirects and the size of answers', () => {
  /** The other server: it records every request it gets, with its headers. */
  async function elsewhere() {
    const seen: { method?: string; url?: string; auth?: string; company?: string }[] = []
    const base = await serve((req, res) => {
      seen.push({
        method: req.method,
        url: req.url,
        auth: req.headers.authorization,
        company: req.headers.companykey as string | undefined,
      })
      req.resume()
      json(res, 200, { stolen: true })
    })
    return { base, seen }
  }

  it('never sends Authorization or CompanyKey to the server a GET is redirected to', async () => {
    const other = await elsewhere()
    const base = await serve((req, res) => {
      res.writeHead(302, { Location: `${other.base}api/biz/contacts` })
      res.end()
    })
    const api = createApiClient({ fetch, tokens: fixedTokens(base), sleep: noSleep })
    const err = await api.get('api/biz/contacts', { companyKey: 'key-a' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ code: ApiErrorCode.InvalidResponse })
    expect((err as Error).message).toBe(
      `The platform redirected GET /api/biz/contacts to another server (${new URL(other.base).origin}); it was not followed, so the sign-in and the company key were not sent there`,
    )
    expect(other.seen).toEqual([])
  })

  it('never sends a POST with its body and headers on to another server (307)', async () => {
    const other = await elsewhere()
    const base = await serve((req, res) => {
      req.resume()
      res.writeHead(307, { Location: `${other.base}api/biz/contacts` })
      res.end()
    })
    const api = createApiClient({ fetch, tokens: fixedTokens(base), sleep: noSleep })
    const err = await api.post('api/biz/contacts', { Name: 'A' }, { companyKey: 'key-a' }).catch((e) => e)
    expect(err).toMatchObject({ code: ApiErrorCode.InvalidResponse })
    expect((err as Error).message).toMatch(/redirected POST \/api\/biz\/contacts, which sends a body/)
    expect(other.seen).toEqual([])
  })

  it('follows a redirect within the platform’s own origin, with the sign-in', async () => {
    const seen: string[] = []
    const base = await serve((req, res) => {
      seen.push(`${req.url} ${req.headers.authorization} ${req.headers.companykey}`)
      if (req.url?.startsWith('/api/old')) {
        res.writeHead(301, { Location: '/api/new' })
        res.end()
      } else json(res, 200, { ID: 1 })
    })
    const api = createApiClient({ fetch, tokens: fixedTokens(base) })
    expect(await api.get('api/old', { companyKey: 'key-a' })).toEqual({ ID: 1 })
    expect(seen).toEqual(['/api/old Bearer token-1 key-a', '/api/new Bearer token-1 key-a'])
  })

  it('refuses an answer larger than the cap, declared or streamed, with its own code', async () => {
    const big = JSON.stringify({ Data: 'x'.repeat(2 * 1024 * 1024) })
    const base = await serve((req, res) => {
      if (req.url?.startsWith('/api/declared')) {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(big.length) })
        res.end(big)
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json' })
        for (let i = 0; i < big.length; i += 65536) res.write(big.slice(i, i + 65536))
        res.end()
      }
    })
    const api = createApiClient({ fetch, tokens: fixedTokens(base), maxAnswerBytes: 1024 * 1024 })
    for (const path of ['api/declared', 'api/streamed']) {
      const err = await api.get(path).catch((e: unknown) => e)
      expect(err, path).toBeInstanceOf(ApiError)
      expect(err).toMatchObject({ code: ApiErrorCode.TooLarge })
      expect((err as Error).message).toBe(
        `The platform's answer to GET ${path} is larger than 1 MB; it was not read`,
      )
    }
    // Below the cap the same answer is read.
    const roomy = createApiClient({ fetch, tokens: fixedTokens(base), maxAnswerBytes: 4 * 1024 * 1024 })
    expect(((await roomy.get('api/streamed')) as { Data: string }).Data).toHaveLength(2 * 1024 * 1024)
  })
})
