// The one client for platform calls from main: base URL from the token's AppFramework claim,
// Authorization, a CompanyKey taken from each call (main keeps no current company), JSON in and out,
// a per-call timeout and cancellation, retries with backoff where a retry is safe, and one refresh and
// retry when the platform answers 401. An address that is not under the API base (the file server, a
// download URL) is fetched only after server-urls.ts accepted it for this environment.
//
// The answer is the platform's, and read as bounded (issue 37): a JSON answer is read up to
// MAX_API_ANSWER_BYTES, and redirects are followed here, not by the fetch implementation, and only within
// the origin the call went to, so Authorization and CompanyKey never reach another server whatever the
// fetch in use (Node's, Electron's net) would forward. A call with a body is never redirected.
import { BridgeError } from '../../../../common/bridge/contract.ts'
import type { Fetch } from '../../ports.ts'
import {
  apiErrorFrom,
  ApiError,
  ApiErrorCode,
  HttpStatus,
  statisticsError,
  transportError,
} from './errors.ts'
import { rowAgainstFilter } from './filter-check.ts'
import { checkScheme, checkServerUrl, readCapped, ServerUrlErrorCode } from './server-urls.ts'

export interface AccessGrant {
  accessToken: string
  /** The API base URL from the AppFramework claim; ends with '/'. */
  apiBaseUrl: string
}

/** Where the client gets tokens: the session's token manager. */
export interface TokenSource {
  current(): Promise<AccessGrant>
  /** The platform refused `stale`: refresh (once, however many calls ask) and answer the new grant. */
  afterUnauthorized(stale: string): Promise<AccessGrant>
}

export interface QueryOptions {
  filter?: string
  select?: string | readonly string[]
  expand?: string | readonly string[]
  orderby?: string
  top?: number
  skip?: number
  /** Hypermedia is opt-in (field notes); false unless asked for. */
  hateoas?: boolean
  action?: string
  [other: string]: string | number | boolean | readonly string[] | undefined
}

/** Query options as the spec names them (4.2): filter, select, expand, orderby, top, skip, hateoas. */
export function buildQuery(options: QueryOptions = {}): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue
    params.set(key, Array.isArray(value) ? value.join(',') : String(value))
  }
  if (!params.has('hateoas')) params.set('hateoas', 'false')
  return params
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'
  /** The company this call is for; sent as the CompanyKey header. */
  companyKey?: string
  query?: QueryOptions
  body?: unknown
  timeoutMs?: number
  signal?: AbortSignal
  /**
   * Told how many bytes of a multipart body (FormData) have gone to the connection, and of how many. The
   * body is then sent as a stream of UPLOAD_CHUNK-sized pieces, counted as the connection takes them.
   */
  onUploadProgress?(sent: number, total: number): void
}

/** The piece of an upload counted at a time: small enough for a moving percentage on a slow link. */
export const UPLOAD_CHUNK = 64 * 1024

/** A multipart body as bytes and its Content-Type (with the boundary), for a counted stream per attempt. */
async function encodeForm(form: FormData): Promise<{ bytes: Uint8Array; contentType: string }> {
  const encoded = new Response(form)
  const contentType = encoded.headers.get('content-type') ?? 'multipart/form-data'
  return { bytes: new Uint8Array(await encoded.arrayBuffer()), contentType }
}

function countedStream(bytes: Uint8Array, onProgress: (sent: number, total: number) => void) {
  let sent = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes.length) {
        controller.close()
        return
      }
      const chunk = bytes.subarray(sent, sent + UPLOAD_CHUNK)
      sent += chunk.length
      controller.enqueue(chunk)
      onProgress(sent, bytes.length)
    },
  })
}

/**
 * The largest answer of an API call read: the scan station's upload limit, as for a file's download
 * (server-urls.ts MAX_SERVER_BODY_BYTES, fetchServerUrl). A list that large is paged by its caller.
 */
export const MAX_API_ANSWER_BYTES = 50 * 1024 * 1024

/** The statuses fetch follows as redirects; 304 (not modified) and 300 are answers. */
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308])

export interface ApiClientOptions {
  fetch: Fetch
  /** The largest answer read (default MAX_API_ANSWER_BYTES). */
  maxAnswerBytes?: number
  tokens: TokenSource
  timeoutMs?: number
  /** Attempts for a safe call that meets a network error or 502/503/504 (first try included). */
  attempts?: number
  backoffMs?: number
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  /**
   * The environment's other servers main may fetch from besides the API base and the file server its
   * /api/endpoints names: the identity server (its issuer).
   */
  trustedUrls?: () => Promise<readonly string[]>
  /**
   * The environment's license administration address (spec 4.10 `{license_admin_url}`, the host of the bulk
   * permission route), which the endpoint set does not name: deployment configuration (spec 5), so the
   * environment's settings tell it. Its host is one of the environment's own; null or absent: none.
   */
  licenseAdminUrl?: () => Promise<string | null>
}

/** What /api/endpoints told this client about its environment, checked. */
interface EnvironmentServers {
  /** The file server's base URL (spec 2.1 `Files`), without a trailing slash. */
  filesUrl: string
  /** The license/admin server (spec 2.1 `License`), without a trailing slash; null when none is named. */
  licenseUrl: string | null
  /** The configured license administration address, without a trailing slash; null when none is. */
  licenseAdminUrl: string | null
  /** URL.host of every server of the environment. */
  hosts: ReadonlySet<string>
}

const maxRedirects = 5
const isAbsolute = (path: string) => /^[a-z][a-z0-9+.-]*:/i.test(path)

const retryStatuses: ReadonlySet<number> = new Set([
  HttpStatus.BadGateway,
  HttpStatus.ServiceUnavailable,
  HttpStatus.GatewayTimeout,
])

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason)
    })
  })
}

export type ApiClient = ReturnType<typeof createApiClient>

export function createApiClient(options: ApiClientOptions) {
  const attempts = options.attempts ?? 3
  const backoffMs = options.backoffMs ?? 250
  const sleep = options.sleep ?? defaultSleep
  const maxAnswerBytes = options.maxAnswerBytes ?? MAX_API_ANSWER_BYTES
  // Per API base: a client lives as long as one session (environment and user), so this goes with it.
  const servers = new Map<string, Promise<EnvironmentServers>>()

  function serversOf(apiBaseUrl: string): Promise<EnvironmentServers> {
    let found = servers.get(apiBaseUrl)
    if (!found) {
      found = (async () => {
        const endpoints = await request<Record<string, unknown>>('api/endpoints')
        if (typeof endpoints?.Files !== 'string' || endpoints.Files === '')
          throw transportError(
            ApiErrorCode.InvalidResponse,
            'The platform named no file server (Files in /api/endpoints)',
          )
        const files = checkScheme(endpoints.Files, 'a file server address (Files in /api/endpoints)')
        const hosts = new Set([new URL(apiBaseUrl).host, files.host])
        // The license/admin server is the environment's own as the file server is: its endpoint set names it.
        const license =
          typeof endpoints.License === 'string' && endpoints.License !== ''
            ? checkScheme(endpoints.License, 'a license server address (License in /api/endpoints)')
            : null
        if (license) hosts.add(license.host)
        // The bulk-permission host is the environment's own by its configuration (not the endpoint set).
        const configured = await options.licenseAdminUrl?.()
        const licenseAdmin = configured
          ? checkScheme(configured, 'a license administration address (the environment’s settings)')
          : null
        if (licenseAdmin) hosts.add(licenseAdmin.host)
        for (const url of (await options.trustedUrls?.()) ?? []) hosts.add(new URL(url).host)
        return {
          filesUrl: files.href.replace(/\/+$/, ''),
          licenseUrl: license ? license.href.replace(/\/+$/, '') : null,
          licenseAdminUrl: licenseAdmin ? licenseAdmin.href.replace(/\/+$/, '') : null,
          hosts,
        }
      })()
      servers.set(apiBaseUrl, found)
      found.catch(() => servers.delete(apiBaseUrl))
    }
    return found
  }

  async function once(
    url: URL,
    method: NonNullable<CallOptions['method']>,
    call: CallOptions,
    grant: AccessGrant,
    signal: AbortSignal,
    encoded: { bytes: Uint8Array; contentType: string } | null,
  ): Promise<Response> {
    const headers = new Headers({ Accept: 'application/json', Authorization: `Bearer ${grant.accessToken}` })
    if (call.companyKey) headers.set('CompanyKey', call.companyKey)
    let body: string | FormData | ReadableStream<Uint8Array> | undefined
    // Without a body a redirect is answered as it is (`manual`), and followed by `send` within the origin; a
    // call with a body is not redirected at all (`error`: Electron's net cannot answer a manual redirect
    // of a request with a body, and a body is not sent twice).
    if (encoded && call.onUploadProgress) {
      headers.set('Content-Type', encoded.contentType)
      const stream = countedStream(encoded.bytes, call.onUploadProgress)
      // A streamed body is sent half duplex: the whole request before the answer is read.
      const init = { method, headers, body: stream, signal, duplex: 'half', redirect: 'error' }
      return options.fetch(url, init as RequestInit)
    } else if (call.body instanceof FormData) {
      // Multipart (file uploads): fetch writes the boundary into Content-Type itself.
      body = call.body
    } else if (call.body !== undefined) {
      headers.set('Content-Type', 'application/json')
      body = JSON.stringify(call.body)
    }
    const redirect = body === undefined ? 'manual' : 'error'
    return options.fetch(url, { method, headers, body, signal, redirect })
  }

  /**
   * One attempt of a call: sent, and a redirect followed while it stays on the origin the call went to (at
   * most maxRedirects, 303 as GET). A redirect to another origin is refused before anything is sent there;
   * so is one the fetch in use cannot say where to (an opaque redirect).
   */
  async function send(
    path: string,
    call: CallOptions,
    grant: AccessGrant,
    signal: AbortSignal,
    encoded: { bytes: Uint8Array; contentType: string } | null,
  ): Promise<Response> {
    let url = new URL(path.replace(/^\/+/, ''), grant.apiBaseUrl)
    if (call.query) for (const [k, v] of buildQuery(call.query)) url.searchParams.set(k, v)
    let method = call.method ?? 'GET'
    const what = `${method} ${url.pathname}`
    for (let hop = 0; ; hop++) {
      let response: Response
      try {
        response = await once(url, method, call, grant, signal, encoded)
      } catch (error) {
        const cause = (error as { cause?: unknown } | null)?.cause
        const words = `${error instanceof Error ? error.message : ''} ${cause instanceof Error ? cause.message : ''}`
        if (!signal.aborted && /redirect/i.test(words))
          throw transportError(
            ApiErrorCode.InvalidResponse,
            `The platform redirected ${what}, which sends a body; it was not sent again elsewhere`,
          )
        throw error
      }
      if (response.type === 'opaqueredirect' || response.status === 0) {
        await response.body?.cancel()
        throw transportError(
          ApiErrorCode.InvalidResponse,
          `The platform redirected ${what}, but the answer hid where to (an opaque redirect); it was not followed`,
        )
      }
      if (!REDIRECTS.has(response.status)) return response
      await response.body?.cancel()
      const location = response.headers.get('location')
      if (!location)
        throw transportError(
          ApiErrorCode.InvalidResponse,
          `The platform answered ${what} with a redirect (${response.status}) that names no address`,
        )
      const next = new URL(location, url)
      if (next.origin !== url.origin)
        throw transportError(
          ApiErrorCode.InvalidResponse,
          `The platform redirected ${what} to another server (${next.origin}); it was not followed, so the sign-in and the company key were not sent there`,
        )
      if (hop >= maxRedirects)
        throw transportError(
          ApiErrorCode.InvalidResponse,
          `${what} redirected more than ${maxRedirects} times`,
        )
      if (response.status === 303 && method !== 'GET') method = 'GET'
      url = next
    }
  }

  async function request<T = unknown>(path: string, call: CallOptions = {}): Promise<T> {
    const method = call.method ?? 'GET'
    const safe = method === 'GET'
    const timeout = AbortSignal.timeout(call.timeoutMs ?? options.timeoutMs ?? 30_000)
    const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout
    const failed = (error: unknown): ApiError => {
      if (error instanceof ApiError) return error
      if (call.signal?.aborted) return transportError(ApiErrorCode.Aborted, 'The request was cancelled')
      if (timeout.aborted) return transportError(ApiErrorCode.Timeout, 'The platform did not answer in time')
      return transportError(ApiErrorCode.Network, 'The platform could not be reached')
    }

    const encoded =
      call.onUploadProgress && call.body instanceof FormData ? await encodeForm(call.body) : null
    let grant = await options.tokens.current()
    if (isAbsolute(path)) {
      // Off the API base (the file server, the license servers): the token goes there only when it is the
      // environment's own.
      const target = new URL(path)
      if (target.origin !== new URL(grant.apiBaseUrl).origin)
        checkServerUrl(target, (await serversOf(grant.apiBaseUrl)).hosts, 'a server address')
    }
    let refreshed = false
    for (let attempt = 1; ; attempt++) {
      let response: Response
      try {
        response = await send(path, call, grant, signal, encoded)
      } catch (error) {
        // A redirect refused is the platform's answer, not a network error: not tried again.
        if (error instanceof ApiError) throw error
        if (safe && attempt < attempts && !signal.aborted) {
          await sleep(backoffMs * 2 ** (attempt - 1), signal).catch(() => undefined)
          if (!signal.aborted) continue
        }
        throw failed(error)
      }
      if (response.status === HttpStatus.Unauthorized && !refreshed) {
        await response.body?.cancel()
        refreshed = true
        grant = await options.tokens.afterUnauthorized(grant.accessToken)
        attempt--
        continue
      }
      if (safe && retryStatuses.has(response.status) && attempt < attempts) {
        await response.body?.cancel()
        await sleep(backoffMs * 2 ** (attempt - 1), signal).catch(() => undefined)
        if (!signal.aborted) continue
        throw failed(undefined)
      }
      let parsed: unknown
      try {
        parsed = await readBody(response, `The platform's answer to ${method} ${path}`, maxAnswerBytes)
      } catch (error) {
        throw failed(error)
      }
      if (!response.ok) throw apiErrorFrom(response.status, parsed)
      const filter = call.query?.filter ?? call.query?.$filter
      if (safe && typeof filter === 'string' && Array.isArray(parsed)) {
        const stray = rowAgainstFilter(filter, parsed)
        if (stray)
          throw new ApiError(
            ApiErrorCode.FilterIgnored,
            `The platform answered rows its filter excludes (row ${String(stray.ID ?? stray.Id ?? '?')}); it does not filter on what this list asked for, so the answer is not used`,
            { status: response.status, fields: [], reference: null },
          )
      }
      return parsed as T
    }
  }

  return {
    request,
    /** The file server's base URL as this environment's /api/endpoints names it (checked, cached). */
    async filesUrl(): Promise<string> {
      return (await serversOf((await options.tokens.current()).apiBaseUrl)).filesUrl
    },
    /** The license/admin server as this environment's /api/endpoints names it (spec 2.1 `License`), or null. */
    async licenseUrl(): Promise<string | null> {
      return (await serversOf((await options.tokens.current()).apiBaseUrl)).licenseUrl
    },
    /**
     * The license administration address the environment is configured with (spec 4.10
     * `{license_admin_url}`), without a trailing slash, or null: the endpoint set never names it.
     */
    async licenseAdminUrl(): Promise<string | null> {
      return (await serversOf((await options.tokens.current()).apiBaseUrl)).licenseAdminUrl
    },
    /**
     * The bytes at an address a server gave (a file's download URL): fetched without a token, only from
     * the environment's own servers, following redirects that stay there, up to MAX_SERVER_BODY_BYTES.
     * The Fetch port must answer `redirect: 'manual'` with the 3xx and its Location (Node's fetch does; in
     * Electron shell/net-fetch.ts does). A redirect it cannot read (a browser-style opaque redirect, a
     * fetch that refuses manual redirects) fails with an error that says so, never as an empty file.
     */
    async fetchServerUrl(
      address: string,
      what: string,
      call: { signal?: AbortSignal; timeoutMs?: number } = {},
    ): Promise<{ status: number; bytes: Uint8Array; contentType: string | null; fileName: string | null }> {
      const { hosts } = await serversOf((await options.tokens.current()).apiBaseUrl)
      const timeout = AbortSignal.timeout(call.timeoutMs ?? 120_000)
      const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout
      let url = checkServerUrl(address, hosts, what)
      for (let hop = 0; ; hop++) {
        let response: Response
        try {
          response = await options.fetch(url, { redirect: 'manual', signal })
        } catch (error) {
          if (call.signal?.aborted) throw transportError(ApiErrorCode.Aborted, 'The request was cancelled')
          if (timeout.aborted)
            throw transportError(ApiErrorCode.Timeout, 'The file server did not answer in time')
          // Electron's net.fetch fails a manual redirect with "Redirect was cancelled".
          const message = error instanceof Error ? error.message : String(error)
          if (/redirect/i.test(message))
            throw transportError(
              ApiErrorCode.InvalidResponse,
              `The server redirected ${what}, and this connection could not read where to (${message}); nothing was downloaded`,
            )
          throw transportError(ApiErrorCode.Network, 'The file server could not be reached')
        }
        if (response.type === 'opaqueredirect' || response.status === 0) {
          await response.body?.cancel()
          throw transportError(
            ApiErrorCode.InvalidResponse,
            `The server redirected ${what}, but the answer hid where to (an opaque redirect); nothing was downloaded`,
          )
        }
        const location = response.headers.get('location')
        if (response.status >= 300 && response.status < 400) {
          await response.body?.cancel()
          if (!location)
            throw transportError(
              ApiErrorCode.InvalidResponse,
              `The server answered ${what} with a redirect (${response.status}) that names no address; nothing was downloaded`,
            )
          if (hop >= maxRedirects)
            throw transportError(
              ApiErrorCode.InvalidResponse,
              `${what} redirected more than ${maxRedirects} times`,
            )
          url = checkServerUrl(new URL(location, url), hosts, what)
          continue
        }
        if (!response.ok) {
          await response.body?.cancel()
          return { status: response.status, bytes: new Uint8Array(), contentType: null, fileName: null }
        }
        return {
          status: response.status,
          bytes: await readCapped(response, what),
          contentType: response.headers.get('content-type'),
          fileName: fileNameOf(response.headers.get('content-disposition')),
        }
      }
    },
    get: <T = unknown>(path: string, call: Omit<CallOptions, 'method' | 'body'> = {}) =>
      request<T>(path, { ...call, method: 'GET' }),
    post: <T = unknown>(path: string, body: unknown, call: Omit<CallOptions, 'method' | 'body'> = {}) =>
      request<T>(path, { ...call, method: 'POST', body }),
    put: <T = unknown>(path: string, body: unknown, call: Omit<CallOptions, 'method' | 'body'> = {}) =>
      request<T>(path, { ...call, method: 'PUT', body }),
    delete: (path: string, call: Omit<CallOptions, 'method' | 'body'> = {}) =>
      request<void>(path, { ...call, method: 'DELETE' }),
    /** The statistics route; a query error answered as HTTP 200 with `Success: false` throws too. */
    async statistics<Row = Record<string, unknown>>(
      query: QueryOptions & { model: string },
      call: Omit<CallOptions, 'method' | 'body' | 'query'> = {},
    ): Promise<Row[]> {
      const body = await request<unknown>('api/statistics', { ...call, query })
      const failure = statisticsError(body)
      if (failure) throw failure
      const data = (body as { Data?: unknown } | undefined)?.Data
      if (!Array.isArray(data)) {
        throw transportError(ApiErrorCode.InvalidResponse, 'The statistics answer had no Data list')
      }
      return data as Row[]
    },
  }
}

/** The file name a Content-Disposition header gives (RFC 6266: `filename*=UTF-8''…` before `filename="…"`). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim()) || null
    } catch {
      /* a broken encoding: try the plain form */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)
  return plain?.[1]?.trim() || null
}

/** An answer's body read up to `maxBytes` (cancelled beyond it, ApiError TooLarge), JSON parsed. */
async function readBody(response: Response, what: string, maxBytes: number): Promise<unknown> {
  let bytes: Uint8Array
  try {
    bytes = await readCapped(response, what, maxBytes)
  } catch (error) {
    if (error instanceof BridgeError && error.code === ServerUrlErrorCode.TooLarge)
      throw new ApiError(ApiErrorCode.TooLarge, error.message, {
        status: response.status,
        fields: [],
        reference: null,
      })
    throw error
  }
  const text = new TextDecoder().decode(bytes)
  if (text === '') return undefined
  const type = response.headers.get('content-type') ?? ''
  if (type.includes('json')) {
    try {
      return JSON.parse(text)
    } catch {
      if (response.ok)
        throw transportError(ApiErrorCode.InvalidResponse, 'The platform answered with broken JSON')
      return text
    }
  }
  return text
}
