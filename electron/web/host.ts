// Browser mode's Node host: runs the main-process services with the Node ports, serves the built
// renderer on 127.0.0.1, and carries the bridge contract over a WebSocket on the same port. The socket
// accepts only pages from this host's own origin that present this run's secret; so do the upload
// endpoints that take the bytes of dropped files and journal documents (staged-upload.ts), which no bridge
// message could carry.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { join, resolve } from 'node:path'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { BridgeErrorCode, type EventName, type EventPayload } from '../../common/bridge/contract.ts'
import {
  bridgeSocketPath,
  dropUploadPath,
  journalDocumentUploadPath,
  maxBridgeMessageBytes,
  sessionParam,
  WireCall,
  type WireServerMessage,
} from '../../common/bridge/wire.ts'
import { readAppInfo } from '../main/app-info.ts'
import { createDispatcher } from '../main/bridge/dispatcher.ts'
import type { EmitEvent } from '../main/events.ts'
import { consoleLogger, type Logger } from '../main/logger.ts'
import { createNodePorts } from '../main/node/ports.ts'
import { createServices } from '../main/services/index.ts'
import { contentSecurityPolicy, resolveStaticPath, staticHeaders } from '../main/static-files.ts'
import { handleStagedUpload, type StagedUploadRoute } from './staged-upload.ts'

export interface WebHostOptions {
  /** TCP port on 127.0.0.1; 0 picks a free one. */
  port: number
  dataDir: string
  /** The built renderer (out/renderer). */
  rendererDir: string
  log?: Logger
  /** The clock of token expiry (tests move it past a token's lifetime). */
  now?: () => number
}

export interface WebHost {
  /** The address to open: it carries the per-run secret. */
  url: string
  origin: string
  port: number
  close(): Promise<void>
}

const loopback = '127.0.0.1'
const faviconFile = resolve(import.meta.dirname, '../../resources/icon.png')

export class WebHostError extends Error {
  constructor(
    readonly code: 'RENDERER_NOT_BUILT' | 'PORT_IN_USE',
    message: string,
  ) {
    super(message)
    this.name = 'WebHostError'
  }
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const log = options.log ?? consoleLogger
  try {
    await access(join(options.rendererDir, 'index.html'))
  } catch {
    throw new WebHostError(
      'RENDERER_NOT_BUILT',
      `The renderer is not built (no index.html in ${options.rendererDir}); run: node scripts/build-web.mjs`,
    )
  }

  const appInfo = await readAppInfo(resolve(import.meta.dirname, '../../package.json'))
  const secret = randomBytes(32).toString('base64url')
  const secretDigest = sha256(secret)
  const clients = new Set<WebSocket>()

  const emit: EmitEvent = <E extends EventName>(name: E, payload: EventPayload<E>) => {
    const message: WireServerMessage = { type: 'event', name, payload }
    const text = JSON.stringify(message)
    for (const ws of clients) if (ws.readyState === ws.OPEN) ws.send(text)
  }
  const ports = await createNodePorts({ dataDir: options.dataDir, emit, log })
  const services = createServices({
    about: {
      appName: appInfo.name,
      appVersion: appInfo.version,
      mode: 'browser',
      versions: process.versions,
      platform: process.platform,
      arch: process.arch,
      dataDir: options.dataDir,
      systemLocale: () => Intl.DateTimeFormat().resolvedOptions().locale,
    },
    dataDir: options.dataDir,
    ports,
    emit,
    log,
    ...(options.now ? { now: options.now } : {}),
  })
  const dispatch = createDispatcher(services.handlers, log)
  await services.start().catch((error: unknown) => log.error('the scan station could not start', { error }))

  const server = createServer()
  const port = await listen(server, options.port)
  const origin = `http://${loopback}:${port}`
  const host = `${loopback}:${port}`
  const csp = contentSecurityPolicy({ connectSrc: [`ws://${host}`] })

  const validSecret = (presented: string) => timingSafeEqual(sha256(presented), secretDigest)
  const uploadRoutes: Record<string, StagedUploadRoute> = {
    [dropUploadPath]: {
      kind: 'a dropped file',
      codePrefix: 'SCAN_DROP',
      area: 'SCAN',
      receive: (companyKey, upload) => services.scan.receiveUpload(companyKey, upload),
    },
    [journalDocumentUploadPath]: {
      kind: 'a journal document',
      codePrefix: 'JOURNAL_UPLOAD',
      area: 'JOURNAL',
      receive: (companyKey, upload) => services.journal.receiveUpload(companyKey, upload),
    },
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // A page on another name that resolves to 127.0.0.1 (DNS rebinding) must not read the app.
    if (req.headers.host !== host) return plain(res, 421, `Open Ledgerdesk at ${origin}/\n`)
    const pathname = pathOf(req.url, origin)
    if (pathname === undefined) return plain(res, 400, 'Bad request\n')
    const uploadRoute = Object.hasOwn(uploadRoutes, pathname) ? uploadRoutes[pathname] : undefined
    if (uploadRoute) return void handleStagedUpload(req, res, uploadRoute, { origin, validSecret, log })
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'Method not allowed\n')
    // Browsers ask for /favicon.ico on their own; the tab shows the app's icon.
    const file = pathname === '/favicon.ico' ? faviconFile : resolveStaticPath(options.rendererDir, pathname)
    if (!file) return plain(res, 404, 'Not found\n')
    stat(file).then(
      (s) => {
        if (!s.isFile()) return plain(res, 404, 'Not found\n')
        res.writeHead(200, { ...staticHeaders(file, csp), 'Content-Length': String(s.size) })
        if (req.method === 'HEAD') return res.end()
        createReadStream(file)
          .on('error', (error) => {
            log.error('web host: reading a file failed', { file, error })
            res.destroy()
          })
          .pipe(res)
      },
      () => plain(res, 404, 'Not found\n'),
    )
  })

  // A larger message closes its socket with 1009; the page fails that socket's calls with a clear error.
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxBridgeMessageBytes })
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refusal = refuseReason(req)
    if (refusal) {
      log.warn('web host: refused a bridge connection', { reason: refusal, origin: req.headers.origin })
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req))
  })

  function refuseReason(req: IncomingMessage): string | undefined {
    let url: URL
    try {
      url = new URL(req.url ?? '/', origin)
    } catch {
      return 'url'
    }
    if (url.pathname !== bridgeSocketPath) return 'path'
    if (req.headers.host !== host) return 'host'
    // Browsers always send Origin on WebSocket handshakes; only this host's own pages may connect.
    if (req.headers.origin !== origin) return 'origin'
    const presented = url.searchParams.get(sessionParam) ?? ''
    if (!validSecret(presented)) return 'secret'
    return undefined
  }

  wss.on('connection', (ws: WebSocket) => {
    clients.add(ws)
    ws.on('close', () => clients.delete(ws))
    ws.on('error', (error: Error & { code?: string }) =>
      error.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH'
        ? log.warn('web host: closed a bridge socket sent a message over 1 MiB', { error: error.message })
        : log.warn('web host: bridge socket error', { error }),
    )
    ws.on('message', (data: RawData, isBinary: boolean) => void answer(ws, data, isBinary))
  })

  async function answer(ws: WebSocket, data: RawData, isBinary: boolean) {
    let json: unknown
    try {
      json = isBinary ? undefined : JSON.parse(data.toString())
    } catch {
      json = undefined
    }
    const call = WireCall.safeParse(json)
    if (!call.success) {
      const id = (json as { id?: unknown } | undefined)?.id
      log.warn('web host: a bridge message was not a call', { issues: call.error.issues })
      if (typeof id === 'number') {
        send(ws, {
          type: 'result',
          id,
          result: {
            ok: false,
            error: { code: BridgeErrorCode.InvalidArguments, message: 'Malformed bridge message' },
          },
        })
      }
      return
    }
    const result = await dispatch(call.data.name, call.data.args)
    send(ws, { type: 'result', id: call.data.id, result })
  }

  function send(ws: WebSocket, message: WireServerMessage) {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message))
  }

  let closing: Promise<void> | undefined
  return {
    url: `${origin}/?${sessionParam}=${secret}#/`,
    origin,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const ws of clients) ws.close(1001, 'Ledgerdesk host stopped')
        wss.close()
        server.close(() => resolve())
        server.closeAllConnections()
      }).then(() =>
        // The Local sandbox's platform process stops with the host.
        services
          .dispose()
          .catch((error: unknown) =>
            log.warn('web host: the local platform did not stop cleanly', { error }),
          ),
      )
      return closing
    },
  }
}

function pathOf(requestUrl: string | undefined, origin: string): string | undefined {
  try {
    return new URL(requestUrl ?? '/', origin).pathname
  } catch {
    return undefined
  }
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest()
}

function plain(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' })
  res.end(body)
}

function listen(server: ReturnType<typeof createServer>, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(
          new WebHostError(
            'PORT_IN_USE',
            `Port ${port} on ${loopback} is in use; pass --port <n>, or --port 0 for a free one`,
          ),
        )
      } else reject(error)
    }
    server.once('error', onError)
    server.listen(port, loopback, () => {
      server.off('error', onError)
      const address = server.address()
      resolve(typeof address === 'object' && address ? address.port : port)
    })
  })
}
