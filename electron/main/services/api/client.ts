// The one client for platform calls from main: base URL from the token's AppFramework claim,
// Authorization, a CompanyKey taken from each call (main keeps no current company), JSON in and out,
// a per-call timeout and cancellation, retries with backoff where a retry is safe, and one refresh and
// retry when the platform answers 401.
import type { Fetch } from '../../ports.ts'
import {
  apiErrorFrom,
  ApiError,
  ApiErrorCode,
  HttpStatus,
  statisticsError,
  transportError,
} from './errors.ts'

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

export interface ApiClientOptions {
  fetch: Fetch
  tokens: TokenSource
  timeoutMs?: number
  /** Attempts for a safe call that meets a network error or 502/503/504 (first try included). */
  attempts?: number
  backoffMs?: number
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}

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

  async function once(
    path: string,
    call: CallOptions,
    grant: AccessGrant,
    signal: AbortSignal,
    encoded: { bytes: Uint8Array; contentType: string } | null,
  ): Promise<Response> {
    const url = new URL(path.replace(/^\/+/, ''), grant.apiBaseUrl)
    if (call.query) for (const [k, v] of buildQuery(call.query)) url.searchParams.set(k, v)
    const headers = new Headers({ Accept: 'application/json', Authorization: `Bearer ${grant.accessToken}` })
    if (call.companyKey) headers.set('CompanyKey', call.companyKey)
    let body: string | FormData | ReadableStream<Uint8Array> | undefined
    if (encoded && call.onUploadProgress) {
      headers.set('Content-Type', encoded.contentType)
      const stream = countedStream(encoded.bytes, call.onUploadProgress)
      // A streamed body is sent half duplex: the whole request before the answer is read.
      const init = { method: call.method ?? 'GET', headers, body: stream, signal, duplex: 'half' }
      return options.fetch(url, init as RequestInit)
    } else if (call.body instanceof FormData) {
      // Multipart (file uploads): fetch writes the boundary into Content-Type itself.
      body = call.body
    } else if (call.body !== undefined) {
      headers.set('Content-Type', 'application/json')
      body = JSON.stringify(call.body)
    }
    return options.fetch(url, { method: call.method ?? 'GET', headers, body, signal })
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
    let refreshed = false
    for (let attempt = 1; ; attempt++) {
      let response: Response
      try {
        response = await once(path, call, grant, signal, encoded)
      } catch (error) {
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
        parsed = await readBody(response)
      } catch (error) {
        throw failed(error)
      }
      if (!response.ok) throw apiErrorFrom(response.status, parsed)
      return parsed as T
    }
  }

  return {
    request,
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

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
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
