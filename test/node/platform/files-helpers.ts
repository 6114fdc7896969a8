// Shared by the file-server, OCR-route and entity-lock tests: uploads over multipart as real clients send
// them, and documents made by code (invoice PDFs from the corpus generator, images, broken PDFs).
import { createHash } from 'node:crypto'
import { createCanvas } from '@napi-rs/canvas'
import UTIF from 'utif2'
import { expect } from 'vitest'
import { api, type ApiResponse, type TestPlatform } from '../../support/platform.ts'

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

export interface UploadFields {
  bytes: Uint8Array
  fileName?: string
  /** The name in the part's Content-Disposition (default fileName). */
  partName?: string
  caption?: string
  key?: string
  entityType?: string
  entityId?: number | string
  /** Sent as the Token form field instead of the Authorization header. */
  tokenField?: string
}

/** `POST {files_url}/api/file` with a multipart form. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert response bodies field by field
export async function upload<T = any>(
  p: TestPlatform,
  fields: UploadFields,
  opts: { token?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const form = new FormData()
  if (fields.key !== undefined) form.set('Key', fields.key)
  if (fields.tokenField !== undefined) form.set('Token', fields.tokenField)
  if (fields.entityType !== undefined) form.set('EntityType', fields.entityType)
  if (fields.entityId !== undefined) form.set('EntityID', String(fields.entityId))
  if (fields.fileName !== undefined) form.set('FileName', fields.fileName)
  if (fields.caption !== undefined) form.set('Caption', fields.caption)
  form.set('File', new Blob([fields.bytes]), fields.partName ?? fields.fileName ?? 'upload.bin')
  const headers: Record<string, string> = { ...opts.headers }
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`
  const res = await fetch(`${p.urls.files}/api/file`, { method: 'POST', body: form, headers })
  const text = await res.text()
  let body: unknown = text
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, body: body as T }
}

export function pngBytes(): Uint8Array {
  const c = createCanvas(40, 30)
  const g = c.getContext('2d')
  g.fillStyle = '#fff'
  g.fillRect(0, 0, 40, 30)
  g.fillStyle = '#000'
  g.fillRect(5, 5, 10, 10)
  return new Uint8Array(c.toBuffer('image/png'))
}

export function jpegBytes(): Uint8Array {
  const c = createCanvas(40, 30)
  const g = c.getContext('2d')
  g.fillStyle = '#eee'
  g.fillRect(0, 0, 40, 30)
  return new Uint8Array(c.toBuffer('image/jpeg'))
}

export function tiffBytes(): Uint8Array {
  const rgba = new Uint8Array(20 * 10 * 4).fill(255)
  return new Uint8Array(UTIF.encodeImage(rgba, 20, 10))
}

/** A one-page PDF whose trailer names a standard-security-handler `/Encrypt` dictionary (a user password is needed). */
export function encryptedPdfBytes(): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${'a1'.repeat(32)}> /U <${'b2'.repeat(32)}> /P -44 >>`,
  ]
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((o, i) => {
    offsets.push(out.length)
    out += `${i + 1} 0 obj\n${o}\nendobj\n`
  })
  const xref = out.length
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${'c3'.repeat(16)}> <${'c3'.repeat(16)}>] >>\n`
  out += `startxref\n${xref}\n%%EOF\n`
  return new TextEncoder().encode(out)
}

/** A new draft supplier invoice of the company. */
export async function newDraftInvoice(
  p: TestPlatform,
  token: string,
  companyKey: string,
): Promise<{ ID: number; StatusCode: number; InvoiceNumber: string }> {
  const sup = (await api(p.urls.base, 'GET', 'api/biz/suppliers?top=1', { token, companyKey })).body[0]
  const r = await api(p.urls.base, 'POST', 'api/biz/supplierinvoices', {
    token,
    companyKey,
    body: { SupplierID: sup.ID, InvoiceNumber: `F-${Math.random().toString(36).slice(2, 8)}` },
  })
  expect(r.status).toBe(201)
  return r.body
}
