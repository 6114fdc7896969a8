// The browser-mode host's upload endpoint for dropped files (POST /scan/drop): the bytes of a file dropped on
// the page, which the bridge socket (1 MiB per message) cannot carry. Only this host's own pages presenting
// this run's secret may upload; the scan service checks the company, makes the name safe, caps the size
// and stages the bytes, and the answer's token is what the bridge call scan.dropUploads takes.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Readable } from 'node:stream'
import { BridgeError } from '../../common/bridge/contract.ts'
import type { DropUpload } from '../../common/bridge/scan.ts'
import { sessionHeader } from '../../common/bridge/wire.ts'
import type { Logger } from '../main/logger.ts'

export interface DropUploadDeps {
  origin: string
  /** Whether the presented secret is this run's (constant-time). */
  validSecret(presented: string): boolean
  receive(
    companyKey: string,
    upload: { name: string; length: number | undefined; body: Readable },
  ): Promise<DropUpload>
  log: Logger
}

/** HTTP status per error code: the one place where upload errors become statuses. */
const statusOf: Record<string, number> = {
  SCAN_DROP_UNAUTHENTICATED: 401,
  SCAN_DROP_FOREIGN_ORIGIN: 403,
  SCAN_UNKNOWN_COMPANY: 403,
  SCAN_DROP_METHOD: 405,
  SCAN_SIGNED_OUT: 409,
  SCAN_DROP_NO_LENGTH: 411,
  SCAN_DROP_TOO_LARGE: 413,
  SCAN_DROP_BAD_NAME: 400,
  SCAN_DROP_BAD_REQUEST: 400,
  SCAN_DROP_INCOMPLETE: 400,
}

export async function handleDropUpload(req: IncomingMessage, res: ServerResponse, deps: DropUploadDeps) {
  try {
    const upload = await accept(req, deps)
    json(res, 201, upload)
  } catch (error) {
    const known = error instanceof BridgeError && statusOf[error.code] !== undefined
    if (!known) deps.log.error('web host: a dropped file could not be staged', { error })
    else deps.log.warn('web host: refused a dropped file', { code: (error as BridgeError).code })
    const body = known
      ? { code: error.code, message: error.message }
      : { code: 'INTERNAL', message: 'The file could not be stored on this computer; see the host log' }
    // A refusal may come before the body was read: the connection closes after the answer instead of
    // waiting for bytes that will not be taken.
    if (!req.complete) res.setHeader('Connection', 'close')
    json(res, known ? statusOf[error.code]! : 500, body)
  }
}

async function accept(req: IncomingMessage, deps: DropUploadDeps): Promise<DropUpload> {
  if (req.method !== 'POST') throw new BridgeError('SCAN_DROP_METHOD', 'Dropped files are sent with POST')
  const presented = req.headers[sessionHeader]
  if (typeof presented !== 'string' || !deps.validSecret(presented))
    throw new BridgeError(
      'SCAN_DROP_UNAUTHENTICATED',
      'This upload does not carry the session secret of this Ledgerdesk run',
    )
  // Browsers send Origin with every POST; only this host's own pages may upload.
  if (req.headers.origin !== deps.origin)
    throw new BridgeError('SCAN_DROP_FOREIGN_ORIGIN', 'Only Ledgerdesk pages from this host may upload files')
  const url = new URL(req.url ?? '/', deps.origin)
  const company = url.searchParams.get('company')
  const name = url.searchParams.get('name')
  if (!company || !name)
    throw new BridgeError('SCAN_DROP_BAD_REQUEST', 'An upload names its company and file (?company=&name=)')
  const declared = req.headers['content-length']
  const length = declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : undefined
  return deps.receive(company, { name, length, body: req })
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  })
  res.end(JSON.stringify(body))
}
