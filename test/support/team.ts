// A team server for tests and the benchmark: platform processes (the CLI, each its own process) on one
// PostgreSQL database behind a round-robin proxy, and a minimal S3-compatible object store. Everything
// listens on 127.0.0.1.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { createServer, request, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface RoundRobinProxy {
  /** `http://127.0.0.1:PORT/` */
  url: string
  port: number
  /** Backend base URLs (`http://127.0.0.1:PORT`) in turn; set once the processes listen. */
  backends: string[]
  /** Requests each backend answered, by backend URL. */
  answered: Map<string, number>
  close(): Promise<void>
}

function listenLoopback(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))
  })
}

/**
 * Sends each request to the next backend in turn, the way a load balancer does; a backend that refuses the
 * connection (a stopped process) is skipped for the next one. The request body is held in memory so it can be
 * sent again to the next backend: this is a test proxy, not a production one.
 */
export async function startRoundRobinProxy(): Promise<RoundRobinProxy> {
  let next = 0
  const proxy: RoundRobinProxy = {
    url: '',
    port: 0,
    backends: [],
    answered: new Map(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const tryBackend = (left: number) => {
        if (left === 0 || proxy.backends.length === 0) {
          res.writeHead(502).end('no backend answered')
          return
        }
        const backend = proxy.backends[next++ % proxy.backends.length]!
        const target = new URL(req.url ?? '/', backend)
        const out = request(
          target,
          {
            method: req.method,
            headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress },
            // A connection per request: a kept-alive one to a process that went away would fail the request.
            agent: false,
          },
          (answer: IncomingMessage) => {
            proxy.answered.set(backend, (proxy.answered.get(backend) ?? 0) + 1)
            res.writeHead(answer.statusCode ?? 502, answer.headers)
            answer.pipe(res)
          },
        )
        out.on('error', (err: NodeJS.ErrnoException) => {
          if (err.code === 'ECONNREFUSED' && !res.headersSent) tryBackend(left - 1)
          else res.destroy(err)
        })
        out.end(body)
      }
      tryBackend(proxy.backends.length)
    })
  })
  proxy.port = await listenLoopback(server)
  proxy.url = `http://127.0.0.1:${proxy.port}/`
  return proxy
}

export interface MinimalS3 {
  /** `http://127.0.0.1:PORT` (the endpoint, path-style: `/bucket/key`). */
  endpoint: string
  /** bucket/key -> bytes, for what the test checks. */
  objects: Map<string, Buffer>
  /** PUT requests received, by bucket/key. */
  puts: Map<string, number>
  close(): Promise<void>
}

/** Decodes an `aws-chunked` body: `<hex size>[;chunk-signature=...]\r\n<bytes>\r\n` ... `0\r\n<trailers>`. */
function decodeAwsChunked(raw: Buffer): Buffer {
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at)
    if (lineEnd < 0) break
    const size = parseInt(raw.subarray(at, lineEnd).toString('latin1').split(';')[0]!, 16)
    if (!size) break
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
  return Buffer.concat(parts)
}

/**
 * The part of the S3 API the platform's file store uses (PUT, GET and HEAD of an object, path-style), kept in
 * memory. An object appears only once its whole body arrived, as with S3. Signatures are not checked.
 */
export async function startMinimalS3(): Promise<MinimalS3> {
  const objects = new Map<string, Buffer>()
  const puts = new Map<string, number>()
  const server = createServer((req, res) => {
    const key = decodeURIComponent(new URL(req.url ?? '/', 'http://s3').pathname.slice(1))
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      if (req.method === 'PUT') {
        let body: Buffer = Buffer.concat(chunks)
        const encoding = String(req.headers['content-encoding'] ?? '')
        const sha = String(req.headers['x-amz-content-sha256'] ?? '')
        if (encoding.includes('aws-chunked') || sha.startsWith('STREAMING-')) body = decodeAwsChunked(body)
        objects.set(key, body)
        puts.set(key, (puts.get(key) ?? 0) + 1)
        res.writeHead(200, { ETag: `"${key.length}-${body.length}"` }).end()
        return
      }
      const object = objects.get(key)
      if (req.method === 'GET' || req.method === 'HEAD') {
        if (!object) {
          res
            .writeHead(404, { 'Content-Type': 'application/xml' })
            .end(
              req.method === 'HEAD'
                ? undefined
                : '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
            )
          return
        }
        res.writeHead(200, {
          'Content-Length': String(object.length),
          'Content-Type': 'application/octet-stream',
          ETag: `"${key.length}-${object.length}"`,
        })
        res.end(req.method === 'GET' ? object : undefined)
        return
      }
      res.writeHead(405).end()
    })
  })
  const port = await listenLoopback(server)
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    puts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export interface TeamProcess {
  child: ChildProcess
  pid: number
  /** Where this process listens, `http://127.0.0.1:PORT` (what the proxy forwards to). */
  listen: string
  stderr(): string
  stop(): Promise<void>
}

/**
 * Starts `npm run platform` (scripts/platform.mjs, from the platform's build) or, with `tsx`, the CLI from
 * source in one node process, and resolves once it prints `ready`, with the address it listens on (it announces the public URL).
 */
export function startTeamProcess(
  args: readonly string[],
  env: Record<string, string> = {},
  how: 'build' | 'tsx' = 'tsx',
): Promise<TeamProcess> {
  const command =
    how === 'tsx'
      ? // One process (the tsx command would start the platform in a child of its own, out of reach of a kill).
        [process.execPath, '--import', 'tsx', 'platform/cli.ts']
      : [process.execPath, 'scripts/platform.mjs']
  const dataDir = mkdtempSync(join(tmpdir(), 'ledgerdesk-team-'))
  const child = spawn(command[0]!, [...command.slice(1), '--port', '0', '--data-dir', dataDir, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  })
  let out = ''
  let err = ''
  return new Promise((resolve, reject) => {
    // `ready` (stdout) and where it listens (stderr, printed just before) may arrive in either order.
    const check = () => {
      const listen = /listening on (http:\/\/\S+?)\/?,/.exec(err)?.[1]
      if (!/^ready$/m.test(out) || !listen) return
      resolve({
        child,
        pid: child.pid!,
        listen,
        stderr: () => err,
        stop: async () => {
          if (child.exitCode !== null || child.signalCode !== null) return
          const exited = new Promise((r) => child.once('exit', r))
          child.kill('SIGTERM')
          await exited
        },
      })
    }
    child.stderr!.on('data', (c: Buffer) => {
      err += c.toString()
      check()
    })
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString()
      check()
    })
    child.once('exit', (code) => reject(new Error(`the platform exited with ${code}:\n${out}${err}`)))
  })
}
