// The file server and the attachment routes (spec 2.13, 4.5; field notes "Supplier invoices, files and
// OCR"):
// - `POST {files_url}/api/file`: multipart upload (`File`, `FileName`, `Caption`, `Key`, `EntityType`,
//   `EntityID`, and `Token` / a `Key` header as real clients send), optionally linked to an entity in the
//   same transaction; `GET {files_url}/api/download/{id}` serves the bytes to a signed URL or a bearer.
// - `GET /api/biz/files/{EntityType}/{EntityID}` lists attachments; `DELETE .../{fileId}` removes one.
// - `files/{id}?action=link|download|ocranalyse`, answered before the generic route so that OCR runs
//   outside any transaction and the answers can carry this platform's file-server URL.
import { readFile } from 'node:fs/promises'
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { PlatformError } from '../errors.ts'
import type { BeforeWriteEvent, HookSet } from '../model/hooks.ts'
import { createEntity } from '../model/write.ts'
import { getEntityById } from '../query/index.ts'
import { readContext, tenantOf, writeContext, type PlatformContext } from '../routes/context.ts'
import {
  authenticate,
  resolveTenant,
  type Tenant,
  type TokenClaims,
  type VerifyToken,
} from '../tenancy/tenancy.ts'
import { attachableTarget, attachedFiles, findTarget, linkFile, unlinkFile } from './attachments.ts'
import { createOcrService } from './ocr-results.ts'
import { createUrlSigner } from './signed-urls.ts'
import { inspectDocument } from './sniff.ts'
import type { FileStorage, SpooledUpload } from './storage.ts'

export const DEFAULT_MAX_UPLOAD_BYTES = 50 * 1024 * 1024

export interface FileServerOptions {
  /** Where file bytes live (storage.ts): the data directory, PostgreSQL or an S3-compatible store. */
  storage: FileStorage
  /** Lease of a document-reading job (ocr-results.ts; default 30 s). */
  jobLeaseMs?: number
  /** Largest accepted upload (default 50 MB); larger ones answer 413. */
  maxUploadBytes?: number
  /** The access-token verifier tenancy uses. */
  verify: VerifyToken
  /**
   * `none`: `ocranalyse` answers as a cloud OCR that read nothing of the document (its pages, no words and no
   * proposals), for trying the app's own reading against it; `full` (default): what the reader read.
   */
  ocrAnswers?: 'full' | 'none'
}

/** An OCR result as a cloud OCR that read nothing answers it: the page sizes only. */
export function unreadAnswer(result: Record<string, unknown>): Record<string, unknown> {
  let pages: unknown
  try {
    pages = (JSON.parse(String(result.OcrRawData ?? '{}')) as { Pages?: unknown }).Pages
  } catch {
    pages = undefined
  }
  return {
    ...result,
    InterpretedProperties: [],
    ForeignSupplierIds: [],
    OcrRawData: JSON.stringify({
      AllWords: [],
      ImageWidth: result.ImageWidth,
      ImageHeight: result.ImageHeight,
      ...(pages ? { Pages: pages } : {}),
    }),
  }
}

type Query = Record<string, string>

function lowerQuery(request: FastifyRequest): Query {
  return Object.fromEntries(
    Object.entries((request.query ?? {}) as Record<string, unknown>).map(([k, v]) => [
      k.toLowerCase(),
      String(Array.isArray(v) ? v[0] : v),
    ]),
  )
}

function header(request: FastifyRequest, name: string): string | undefined {
  const raw = request.headers[name]
  const value = Array.isArray(raw) ? raw[0] : raw
  return value?.trim() || undefined
}

function positiveInt(raw: string | undefined, what: string): number {
  if (raw === undefined || !/^\d{1,10}$/.test(raw.trim()) || Number(raw) < 1 || Number(raw) > 2147483647)
    throw new PlatformError('BAD_REQUEST', `${what} must be a positive whole number, got '${raw ?? ''}'`)
  return Number(raw)
}

/** ExternalId is the file's id as text, so clients of the real file server find it where they expect. */
function fileDefaults(e: BeforeWriteEvent): void {
  if (e.operation === 'C' && (e.values.ExternalId === undefined || e.values.ExternalId === null))
    e.values.ExternalId = String(e.values.ID)
}

export function registerFiles(hooks: HookSet): void {
  hooks.register('File', { beforeWrite: fileDefaults })
}

/** Actions of `files/{id}` answered here (the generic route handles every other call on files). */
const FILE_ACTIONS = new Set(['link', 'download', 'ocranalyse'])

export function registerFileRoutes(app: FastifyInstance, pc: PlatformContext, opts: FileServerOptions): void {
  const storage = opts.storage
  const maxBytes = opts.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES
  const signer = createUrlSigner(pc.store)
  const ocr = createOcrService(pc, storage, { leaseMs: opts.jobLeaseMs })
  const fileDef = pc.registry.require('File')

  async function inTransaction<T>(
    tenant: Tenant,
    reason: string,
    fn: (ctx: ReturnType<typeof writeContext>) => Promise<T>,
  ): Promise<T> {
    const rc = await readContext(pc, tenant)
    return pc.store.transaction((tx) => fn(writeContext(pc, tenant, rc, tx, reason)))
  }

  async function fileAnswer(tenant: Tenant, id: number) {
    const row = await getEntityById(await readContext(pc, tenant), fileDef, id)
    if (!row) throw new PlatformError('NOT_FOUND', `File ${id} was not found`)
    return { ...row, Id: row.ID }
  }

  async function downloadUrl(tenant: Tenant, fileId: number): Promise<string> {
    const { expires, signature } = await signer.sign(tenant.companyKey, fileId)
    const q = new URLSearchParams({ key: tenant.companyKey, expires: String(expires), signature })
    return `${pc.urls.files}/api/download/${fileId}?${q}`
  }

  async function upload(request: FastifyRequest, reply: FastifyReply) {
    if (!request.isMultipart())
      throw new PlatformError('BAD_REQUEST', 'Send the file as multipart/form-data with a File part')
    // A bearer header is checked before the body is read; the `Token` field after it.
    let claims: TokenClaims | undefined = request.headers.authorization
      ? await authenticate(request, opts.verify)
      : undefined
    const fields: Query = {}
    let spooled: SpooledUpload | undefined
    let partName: string | undefined
    let extraFiles = 0
    let committed = false
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (spooled) {
            extraFiles++
            part.file.resume()
            continue
          }
          spooled = await storage.spool(part.file)
          partName = part.filename
        } else {
          fields[part.fieldname.toLowerCase()] = String(part.value ?? '')
        }
      }
      if (!spooled)
        throw new PlatformError('BAD_REQUEST', 'The form has no File part: send the document as File')
      if (extraFiles) throw new PlatformError('BAD_REQUEST', 'Send one file per upload')
      if (spooled.truncated) {
        throw new PlatformError(
          'PAYLOAD_TOO_LARGE',
          `The file is larger than the upload limit of ${formatBytes(maxBytes)}`,
        )
      }
      if (!claims) {
        const token = fields.token?.replace(/^Bearer\s+/i, '').trim()
        if (!token)
          throw new PlatformError(
            'UNAUTHORIZED',
            'Authorization required: send "Authorization: Bearer <token>" or the token in the Token field',
          )
        claims = await opts.verify(token).catch((err: unknown) => {
          if (err instanceof PlatformError) throw err
          throw new PlatformError('UNAUTHORIZED', 'The access token is invalid or has expired')
        })
      }
      const key = fields.key || header(request, 'key') || header(request, 'companykey')
      const tenant = await resolveTenant(pc.store, claims, key)
      const name = (fields.filename || partName || '').trim() || 'file'
      const info = await inspectDocument(await readFile(spooled.tempPath), name)
      const entityType = fields.entitytype?.trim()
      const entityId = fields.entityid?.trim()
      if (!entityType !== !entityId)
        throw new PlatformError('BAD_REQUEST', 'EntityType and EntityID go together: send both or neither')
      const sha256 = spooled.sha256
      // Bytes of a refused upload stay in the store: removing them could race an upload of the same bytes.
      await storage.commit(spooled)
      committed = true
      const id = await inTransaction(tenant, 'POST files/api/file', async (ctx) => {
        // The target is checked before the file row is written, so a refused link leaves nothing behind.
        const target = entityType ? await attachableTarget(ctx, entityType, entityId) : undefined
        const fileId = await createEntity(ctx, fileDef, {
          Name: name,
          Description: fields.caption || fields.description || null,
          StorageReference: storage.reference(sha256),
          ContentLength: spooled!.size,
          Extension: info.extension,
          ContentType: info.contentType,
          ClientId: tenant.clientId,
          Pages: info.pages,
          IsMultipageFile: info.pages > 1,
          Sha256: sha256,
        })
        if (target) await linkFile(ctx, fileId, target)
        return fileId
      })
      reply.status(201)
      return fileAnswer(tenant, id)
    } finally {
      if (spooled && !committed) await storage.discard(spooled)
    }
  }

  async function download(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
    const id = positiveInt(request.params.id, 'The file id')
    const q = lowerQuery(request)
    let companyId: number
    if (q.signature !== undefined) {
      const key = (q.key ?? '').toLowerCase()
      const valid = await signer.verify(key, id, Number(q.expires), q.signature)
      if (!valid)
        throw new PlatformError('FORBIDDEN', 'The download link is invalid or has expired; ask for a new one')
      const { rows } = await pc.store.query<{ ID: number }>(
        'select "ID" from "Company" where "Key" = $1 and "Deleted" = false',
        [key],
      )
      if (!rows[0]) throw new PlatformError('NOT_FOUND', `File ${id} was not found`)
      companyId = rows[0].ID
    } else {
      const claims = await authenticate(request, opts.verify)
      const key = q.key || header(request, 'key') || header(request, 'companykey')
      companyId = (await resolveTenant(pc.store, claims, key)).companyId
    }
    const { rows } = await pc.store.query<{
      Name: string | null
      ContentType: string | null
      Sha256: string | null
    }>(
      'select "Name", "ContentType", "Sha256" from "File" where "CompanyID" = $1 and "ID" = $2 and "Deleted" = false',
      [companyId, id],
    )
    const file = rows[0]
    if (!file?.Sha256) throw new PlatformError('NOT_FOUND', `File ${id} was not found`)
    const bytes = await storage.open(file.Sha256).catch(() => {
      throw new PlatformError('NOT_FOUND', `The content of File ${id} is missing from the file store`)
    })
    const name = file.Name || `file-${id}`
    return reply
      .type(file.ContentType || 'application/octet-stream')
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('cache-control', 'private, no-store')
      .send(bytes)
  }

  app.register(
    async (files) => {
      await files.register(multipart, {
        throwFileSizeLimit: false,
        limits: { fileSize: maxBytes, fields: 32, fieldSize: 64 * 1024, parts: 40 },
      })
      files.post('/api/file', upload)
      files.get('/api/download/:id', download)
    },
    { prefix: '/files' },
  )

  app.get<{ Params: { entityType: string; entityId: string } }>(
    '/api/biz/files/:entityType/:entityId',
    async (request) => {
      const tenant = tenantOf(request)
      const rc = await readContext(pc, tenant)
      const target = await findTarget(rc, request.params.entityType, request.params.entityId)
      return attachedFiles(rc, target)
    },
  )

  app.delete<{ Params: { entityType: string; entityId: string; fileId: string } }>(
    '/api/biz/files/:entityType/:entityId/:fileId',
    async (request, reply) => {
      const tenant = tenantOf(request)
      const fileId = positiveInt(request.params.fileId, 'The file id')
      const { entityType, entityId } = request.params
      await inTransaction(tenant, `DELETE files/${entityType}/${entityId}/${fileId}`, async (ctx) =>
        unlinkFile(ctx, fileId, await attachableTarget(ctx, entityType, entityId)),
      )
      return reply.status(204).send()
    },
  )

  async function fileAction(request: FastifyRequest, action: string, fileId: number): Promise<unknown> {
    const tenant = tenantOf(request)
    const q = lowerQuery(request)
    const method = request.method
    if (action === 'ocranalyse') {
      if (method !== 'GET' && method !== 'POST')
        throw new PlatformError('BAD_REQUEST', `Action 'ocranalyse' of File does not accept ${method}`)
      // Without PageNo the whole document is read (page 0 in the stored results).
      const pageNo = q.pageno === undefined ? 0 : positiveInt(q.pageno, 'PageNo')
      const result = await ocr.analyse(tenant, fileId, pageNo, /^(true|1)$/i.test(q.forcenewanalysis ?? ''))
      return opts.ocrAnswers === 'none' ? unreadAnswer(result) : result
    }
    if (action === 'download') {
      if (method !== 'GET' && method !== 'POST')
        throw new PlatformError('BAD_REQUEST', `Action 'download' of File does not accept ${method}`)
      const row = await getEntityById(await readContext(pc, tenant), fileDef, fileId)
      if (!row) throw new PlatformError('NOT_FOUND', `File ${fileId} was not found`)
      return downloadUrl(tenant, fileId)
    }
    if (method !== 'POST' && method !== 'PUT')
      throw new PlatformError('BAD_REQUEST', `Action 'link' of File does not accept ${method}`)
    if (!q.entitytype || !q.entityid)
      throw new PlatformError(
        'BAD_REQUEST',
        'link needs entitytype and entityid: files/{id}?action=link&entitytype=SupplierInvoice&entityid={id}',
      )
    const linkId = await inTransaction(tenant, `${method} files/${fileId}?action=link`, async (ctx) =>
      linkFile(ctx, fileId, await attachableTarget(ctx, q.entitytype, q.entityid)),
    )
    return getEntityById(await readContext(pc, tenant), pc.registry.require('FileEntityLink'), linkId)
  }

  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.url !== '/api/biz/:route/:id') return
    const params = request.params as { route: string; id: string }
    if (params.route.toLowerCase() !== fileDef.route) return
    const action = lowerQuery(request).action?.toLowerCase()
    if (!action || !FILE_ACTIONS.has(action)) return
    const fileId = positiveInt(params.id, 'The file id')
    const result = await fileAction(request, action, fileId)
    // Field notes: an action may answer a bare JSON string (the download URL).
    return reply.type('application/json').send(JSON.stringify(result))
  })
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`
  if (n >= 1024) return `${Math.round((n / 1024) * 10) / 10} KB`
  return `${n} bytes`
}
