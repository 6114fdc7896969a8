// The browser-mode host's upload endpoints: the bytes of a file the page sends, which the bridge socket (1 MiB
// per message) cannot carry. `POST /scan/drop` takes a file dropped on the scan station, `POST
// /journal/document` a document attached to a journal draft; both the same way. Only this host's own pages
// presenting this run's secret may upload; the service behind the route checks the company and the signed-in
// user, makes the name safe, caps the size (before any byte, from Content-Length) and stages the bytes, and
// the answer's token is what the route's bridge call takes (scan.dropUploads, journal.uploadStaged).
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Readable } from 'node:stream'
import { BridgeError } from '../../common/bridge/contract.ts'
import type { DropUpload } from '../../common/bridge/scan.ts'
import { sessionHeader } from '../../common/bridge/wire.ts'
import type { Logger } from '../main/logger.ts'

export interface StagedUploadRoute {
  /** What the log calls the file: `a dropped file`, `a journal document`. */
  kind: string
  /** The prefix of the endpoint's own codes (`SCAN_DROP`: SCAN_DROP_UNAUTHENTICATED ...). */
  codePrefix: string
  /** The prefix of the service's codes (`SCAN`: SCAN_UNKNOWN_COMPANY, SCAN_SIGNED_OUT). */
  area: string
  receive(
    companyKey: string,
    upload: { name: string; length: number | undefined; body: Readable },
  ): Promise<DropUpload>
}

export interface StagedUploadDeps {
  origin: string
  /** Whether the presented secret is this run's (constant-time). */
  validSecret(presented: string): boolean
  log: Logger
}

/** HTTP status per error case: the one place where upload errors become statuses. */
const statusOfCase: Record<string, number> = {
  UNAUTHENTICATED: 401,
  FOREIGN_ORIGIN: 403,
  METHOD: 405,
  NO_LENGTH: 411,
  TOO_LARGE: 413,
  BAD_NAME: 400,
  BAD_REQUEST: 400,
  INCOMPLETE: 400,
}
const statusOfServiceCase: Record<string, number> = { UNKNOWN_COMPANY: 403, SIGNED_OUT: 409 }

function statusOf(route: StagedUploadRoute, code: string): number | undefined {
  if (code.startsWith(`${route.codePrefix}_`)) return statusOfCase[code.slice(route.codePrefix.length + 1)]
  if (code.startsWith(`${route.area}_`)) return statusOfServiceCase[code.slice(route.area.length + 1)]
  return undefined
}

export async function handleStagedUpload(
  req: IncomingMessage,
  res: ServerResponse,
  route: StagedUploadRoute,
  deps: StagedUploadDeps,
) {
  try {
    const upload = await accept(req, route, deps)
    json(res, 201, upload)
  } catch (error) {
    const status = error instanceof BridgeError ? statusOf(route, error.code) : undefined
    const known = error instanceof BridgeError && status !== undefined
    if (!known) deps.log.error(`web host: ${route.kind} could not be staged`, { error })
    else deps.log.warn(`web host: refused ${route.kind}`, { code: (error as BridgeError).code })
    const body = known
      ? { code: error.code, message: error.message }
      : { code: 'INTERNAL', message: 'The file could not be stored on this computer; see the host log' }
    // A refusal may come before the body was read: the connection closes after the answer instead of
    // waiting for bytes that will not be taken.
    if (!req.complete) res.setHeader('Connection', 'close')
    json(res, status ?? 500, body)
  }
}

async function accept(
  req: IncomingMessage,
  route: StagedUploadRoute,
  deps: StagedUploadDeps,
): Promise<DropUpload> {
  const code = (c: keyof typeof statusOfCase) => `${route.codePrefix}_${c}`
  if (req.method !== 'POST') throw new BridgeError(code('METHOD'), 'Files are sent here with POST')
  const presented = req.headers[sessionHeader]
  if (typeof presented !== 'string' || !deps.validSecret(presented))
    throw new BridgeError(
      code('UNAUTHENTICATED'),
      'This upload does not carry the session secret of this Ledgerdesk run',
    )
  // Browsers send Origin with every POST; only this host's own pages may upload.
  if (req.headers.origin !== deps.origin)
    throw new BridgeError(code('FOREIGN_ORIGIN'), 'Only Ledgerdesk pages from this host may upload files')
  const url = new URL(req.url ?? '/', deps.origin)
  const company = url.searchParams.get('company')
  const name = url.searchParams.get('name')
  if (!company || !name)
    throw new BridgeError(code('BAD_REQUEST'), 'An upload names its company and file (?company=&name=)')
  const declared = req.headers['content-length']
  const length = declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : undefined
  return route.receive(company, { name, length, body: req })
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  })
  res.end(JSON.stringify(body))
}
