// The scan station against a platform that answers as the real service does where the spec is silent: a
// filter on a field it does not know is ignored and every row comes back (field notes, "Query options"), the
// file server answers `Id`, and a file's bytes are reached through `files/{id}?action=download`. A run that
// resumes (after a kill, a cancel, or another user's run on this station) must link exactly its own file to
// exactly its own draft: by the id its ledger kept, or by a file on the draft whose bytes it has checked.
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { memoryLogger } from '../../logger.ts'
import type { Fetch } from '../../ports.ts'
import { createApiClient, type TokenSource } from '../api/client.ts'
import { UNSTARTED, openLedger, type LedgerEntry, type ReadFields } from './ledger.ts'
import { createPipeline } from './pipeline.ts'
import { createScanPlatform, scanMark } from './platform.ts'

const company = 'company-key'
const base = 'https://platform.test/'
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const png = (text: string) =>
  new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new TextEncoder().encode(text)])
const noFields: ReadFields = {
  orgNumber: null,
  supplierName: null,
  invoiceNumber: null,
  invoiceDate: null,
  dueDate: null,
  amount: null,
  currency: null,
  kid: null,
  bankAccount: null,
  iban: null,
}

type Row = Record<string, unknown>

/**
 * A company on a platform that behaves like the real service. It already holds an unrelated invoice (1)
 * with an unrelated file (1) attached, and a second unrelated file (2) attached to nothing: a run that
 * trusted an unfiltered answer would take one of them for its own.
 */
function realService() {
  const files = new Map<number, { bytes: Uint8Array; name: string }>([
    [1, { bytes: new TextEncoder().encode('%PDF-1.4 another supplier'), name: 'paper-2024.pdf' }],
    [2, { bytes: new TextEncoder().encode('%PDF-1.4 a contract'), name: 'contract.pdf' }],
  ])
  const invoices = new Map<number, Row>([[1, { ID: 1, SupplierID: 1, Comment: 'Paper invoice, 2024' }]])
  const links: { ID: number; FileID: number; EntityType: string; EntityID: number }[] = [
    { ID: 1, FileID: 1, EntityType: 'SupplierInvoice', EntityID: 1 },
  ]
  let nextFile = 100
  let nextInvoice = 50
  let nextLink = 10
  const asked: string[] = []
  const service = {
    files,
    invoices,
    links,
    asked,
    uploads: [] as number[],
    /** Called as the file server answers an upload, before the answer reaches the station. */
    onUpload: null as (() => void) | null,
    addFile(bytes: Uint8Array, name: string) {
      files.set(nextFile, { bytes, name })
      return nextFile++
    },
    addInvoice(fields: Row) {
      invoices.set(nextInvoice, { ID: nextInvoice, ...fields })
      return nextInvoice++
    },
    attach(fileId: number, invoiceId: number) {
      links.push({ ID: nextLink++, FileID: fileId, EntityType: 'SupplierInvoice', EntityID: invoiceId })
    },
    attachedTo: (invoiceId: number) => links.filter((l) => l.EntityID === invoiceId).map((l) => l.FileID),
    contentOf: (fileId: number) => sha(files.get(fileId)!.bytes),
  }

  const fetch: Fetch = async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    const path = url.pathname
    const action = url.searchParams.get('action')
    asked.push(`${request.method} ${path}${action ? `?action=${action}` : ''}`)
    const json = (body: unknown, status = 200) => Response.json(body, { status })
    const fileRow = (id: number) => ({ ID: id, Name: files.get(id)!.name })
    let m: RegExpMatchArray | null
    if (path === '/api/endpoints')
      return json({ AppFramework: base, Identity: `${base}identity`, Files: `${base}files` })
    if (request.method === 'POST' && path === '/files/api/file') {
      const form = await request.formData()
      const part = form.get('File') as File
      const id = service.addFile(new Uint8Array(await part.arrayBuffer()), part.name)
      service.uploads.push(id)
      service.onUpload?.()
      const stored = files.get(id)!
      // As the real file server describes the stored file: `Id`, no `ID`.
      return json(
        {
          Id: id,
          Name: stored.name,
          StorageReference: `ref-${id}`,
          ContentLength: stored.bytes.length,
          ContentType: part.type,
          ExternalId: null,
        },
        201,
      )
    }
    if ((m = path.match(/^\/files\/bytes\/(\d+)$/))) return new Response(files.get(Number(m[1]))!.bytes)
    if ((m = path.match(/^\/api\/biz\/files\/SupplierInvoice\/(\d+)$/)))
      return json(service.attachedTo(Number(m[1])).map(fileRow))
    if ((m = path.match(/^\/api\/biz\/files\/(\d+)$/))) {
      const id = Number(m[1])
      if (!files.has(id)) return json({ Message: `File ${id} was not found` }, 404)
      if (action === 'download') return json(`${base}files/bytes/${id}`)
      if (action === 'ocranalyse') return json({ InterpretedProperties: [] })
      if (action === 'link' && request.method === 'POST') {
        service.attach(id, Number(url.searchParams.get('entityid')))
        return json(links.at(-1))
      }
    }
    // Undocumented list routes, and filters on fields the service does not know: every row, unfiltered.
    if (path === '/api/biz/files') return json([...files.keys()].map(fileRow))
    if (path === '/api/biz/fileentitylinks') return json(links)
    if (path === '/api/biz/supplierinvoices' && request.method === 'GET') return json([...invoices.values()])
    if (path === '/api/biz/supplierinvoices' && request.method === 'POST')
      return json(invoices.get(service.addInvoice((await request.json()) as Row)))
    if ((m = path.match(/^\/api\/biz\/supplierinvoices\/(\d+)$/))) return json(invoices.get(Number(m[1])))
    if (path === '/api/biz/suppliers') return json(request.method === 'GET' ? [{ ID: 1 }] : { ID: 1 })
    if (path.startsWith('/api/biz/comments/')) return json(request.method === 'GET' ? [] : { ID: 1 })
    return json({ Message: `No route ${request.method} ${path}` }, 404)
  }
  const tokens: TokenSource = {
    current: async () => ({ accessToken: 'token', apiBaseUrl: base }),
    afterUnauthorized: async () => ({ accessToken: 'token', apiBaseUrl: base }),
  }
  const api = createApiClient({ fetch, tokens })
  const platform = createScanPlatform({ api: async () => api, filesUrl: () => api.filesUrl() })
  return Object.assign(service, {
    platform,
    /** Whether the station asked a route the spec does not document for files (a list of all files or links). */
    searched: () => asked.some((a) => a === 'GET /api/biz/files' || a === 'GET /api/biz/fileentitylinks'),
  })
}

const made: string[] = []
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `scan-real-${name}-`))
  made.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A scan folder holding one file. */
function scanned(name: string, bytes: Uint8Array) {
  const folder = tempDir('folder')
  const path = join(folder, name)
  writeFileSync(path, bytes)
  return { folder, path, bytes, sha256: sha(bytes) }
}

/** A ledger entry as an interrupted run left it. */
function entryOf(file: ReturnType<typeof scanned>, change: Partial<LedgerEntry>): Partial<LedgerEntry> {
  return {
    companyKey: company,
    state: 'creating',
    step: 'upload',
    originalPath: file.path,
    name: basename(file.path),
    folder: dirname(file.path),
    kind: 'png',
    size: file.bytes.length,
    ...UNSTARTED,
    attempts: 1,
    takenAt: new Date().toISOString(),
    ...change,
  }
}

async function seed(ledgerDir: string, entries: Partial<LedgerEntry>[]) {
  mkdirSync(ledgerDir, { recursive: true })
  const ledger = await openLedger(join(ledgerDir, `${company}.jsonl`))
  for (const e of entries) await ledger.record(e.sha256!, e)
  await ledger.close()
}

function station(service: ReturnType<typeof realService>, ledgerDir: string, otherLedgerDirs: string[] = []) {
  return createPipeline({
    platform: service.platform,
    ledgerDir,
    otherLedgerDirs: async () => otherLedgerDirs,
    log: memoryLogger(),
    locale: () => 'en',
    events: {},
    retryMs: 50,
    localRetryMs: 5,
  })
}

const entryFor = async (pipeline: ReturnType<typeof station>, sha256: string) =>
  (await pipeline.entries(company)).find((e) => e.sha256 === sha256)

describe('a scan resumed against a platform that ignores unknown filters', () => {
  it('keeps the file id the upload answered when a cancel lands with the answer; Retry goes on with it', async () => {
    const service = realService()
    const file = scanned('scan.png', png('cancelled while answering'))
    const pipeline = station(service, tempDir('ledger'))
    service.onUpload = () => void pipeline.cancel(company)
    expect(await pipeline.take({ companyKey: company, path: file.path, folder: file.folder })).toBe('queued')
    await pipeline.idle()
    const [uploaded] = service.uploads
    expect(await entryFor(pipeline, file.sha256)).toMatchObject({ state: 'cancelled', fileId: uploaded })

    service.onUpload = null
    expect(await pipeline.retry(company, file.sha256)).toBe(true)
    await pipeline.idle()
    const done = await entryFor(pipeline, file.sha256)
    expect(done).toMatchObject({ state: 'done', fileId: uploaded })
    // Uploaded once, and that upload is the invoice's one document.
    expect(service.uploads).toEqual([uploaded])
    expect(service.attachedTo(done!.invoiceId!)).toEqual([uploaded])
    expect(service.contentOf(uploaded!)).toBe(file.sha256)
    expect(service.attachedTo(1)).toEqual([1])
    expect(service.searched()).toBe(false)
    await pipeline.close()
  })

  it('uploads again after a kill between the upload and its record, and never takes another file for its own', async () => {
    const service = realService()
    const file = scanned('scan.png', png('killed after the upload'))
    const ledgerDir = tempDir('ledger')
    await seed(ledgerDir, [
      { sha256: file.sha256, ...entryOf(file, { state: 'uploading', step: 'upload', started: 'upload' }) },
    ])
    const pipeline = station(service, ledgerDir)
    await pipeline.resumeCompany(company)
    await pipeline.idle()
    const done = await entryFor(pipeline, file.sha256)
    expect(done).toMatchObject({ state: 'done', fileId: service.uploads[0] })
    expect(service.attachedTo(done!.invoiceId!)).toEqual(service.uploads)
    expect(service.contentOf(done!.fileId!)).toBe(file.sha256)
    expect(service.attachedTo(1)).toEqual([1])
    expect(service.searched()).toBe(false)
    await pipeline.close()
  })

  it('links its own file when resumed at the link step, whatever a list of links would answer', async () => {
    const service = realService()
    const file = scanned('scan.png', png('killed while linking'))
    const fileId = service.addFile(file.bytes, 'scan.png')
    const invoiceId = service.addInvoice({ SupplierID: 1, Comment: `scan.png\n${scanMark(file.sha256)}` })
    const ledgerDir = tempDir('ledger')
    await seed(ledgerDir, [
      {
        sha256: file.sha256,
        ...entryOf(file, {
          step: 'link',
          started: 'link',
          fileId,
          invoiceId,
          supplierId: 1,
          fields: noFields,
        }),
      },
    ])
    const pipeline = station(service, ledgerDir)
    await pipeline.resumeCompany(company)
    await pipeline.idle()
    expect(await entryFor(pipeline, file.sha256)).toMatchObject({ state: 'done', fileId, invoiceId })
    expect(service.attachedTo(invoiceId)).toEqual([fileId])
    expect(service.searched()).toBe(false)
    await pipeline.close()
  })

  it('finds its draft again only in a row that carries its scan mark, and links the file the ledger kept', async () => {
    const service = realService()
    const file = scanned('scan.png', png('killed while creating the draft'))
    const fileId = service.addFile(file.bytes, 'scan.png')
    // The interrupted run made its draft; an unfiltered answer lists the unrelated invoice 1 before it.
    const draft = service.addInvoice({ SupplierID: 1, Comment: `scan.png\n${scanMark(file.sha256)}` })
    const ledgerDir = tempDir('ledger')
    await seed(ledgerDir, [
      {
        sha256: file.sha256,
        ...entryOf(file, { step: 'invoice', started: 'invoice', fileId, supplierId: 1, fields: noFields }),
      },
    ])
    const pipeline = station(service, ledgerDir)
    await pipeline.resumeCompany(company)
    await pipeline.idle()
    expect(await entryFor(pipeline, file.sha256)).toMatchObject({ state: 'done', fileId, invoiceId: draft })
    expect(service.attachedTo(draft)).toEqual([fileId])
    expect(service.attachedTo(1)).toEqual([1])
    expect([...service.invoices.keys()]).toEqual([1, draft])
    expect(service.searched()).toBe(false)
    await pipeline.close()
  })

  it('makes a new draft rather than take an unrelated one when no row carries the scan mark', async () => {
    const service = realService()
    const file = scanned('scan.png', png('killed before the draft was made'))
    const fileId = service.addFile(file.bytes, 'scan.png')
    const ledgerDir = tempDir('ledger')
    await seed(ledgerDir, [
      {
        sha256: file.sha256,
        ...entryOf(file, { step: 'invoice', started: 'invoice', fileId, supplierId: 1, fields: noFields }),
      },
    ])
    const pipeline = station(service, ledgerDir)
    await pipeline.resumeCompany(company)
    await pipeline.idle()
    const done = await entryFor(pipeline, file.sha256)
    expect(done).toMatchObject({ state: 'done', fileId })
    expect(done!.invoiceId).not.toBe(1)
    expect(service.invoices.get(done!.invoiceId!)?.Comment).toContain(scanMark(file.sha256))
    expect(service.attachedTo(done!.invoiceId!)).toEqual([fileId])
    expect(service.attachedTo(1)).toEqual([1])
    await pipeline.close()
  })

  it('attaches the XML beside a PDF after a kill by uploading it, never by a file it has not checked', async () => {
    const service = realService()
    const pdf = scanned('faktura.pdf', new TextEncoder().encode('%PDF-1.4 the scanned invoice\n%%EOF'))
    const xmlBytes = new TextEncoder().encode('<Invoice>the invoice as XML</Invoice>')
    const xmlPath = join(pdf.folder, 'faktura.xml')
    writeFileSync(xmlPath, xmlBytes)
    const fileId = service.addFile(pdf.bytes, 'faktura.pdf')
    const invoiceId = service.addInvoice({ SupplierID: 1, Comment: `faktura.pdf\n${scanMark(pdf.sha256)}` })
    // The PDF is on its draft; so is an unrelated file someone attached, which is not the XML.
    service.attach(fileId, invoiceId)
    service.attach(2, invoiceId)
    const ledgerDir = tempDir('ledger')
    await seed(ledgerDir, [
      {
        sha256: pdf.sha256,
        ...entryOf(pdf, {
          kind: 'pdf',
          step: 'link',
          started: 'link',
          fileId,
          invoiceId,
          supplierId: 1,
          fields: noFields,
          partner: {
            sha256: sha(xmlBytes),
            path: xmlPath,
            name: 'faktura.xml',
            fileId: null,
            destination: null,
          },
        }),
      },
    ])
    const pipeline = station(service, ledgerDir)
    await pipeline.resumeCompany(company)
    await pipeline.idle()
    const done = await entryFor(pipeline, pdf.sha256)
    expect(done).toMatchObject({ state: 'done', fileId, partner: { fileId: service.uploads[0] } })
    expect(service.contentOf(done!.partner!.fileId!)).toBe(sha(xmlBytes))
    expect(service.attachedTo(invoiceId)).toEqual([fileId, 2, done!.partner!.fileId])
    expect(service.searched()).toBe(false)
    expect(readdirSync(pdf.folder).filter((n) => !n.startsWith('processed'))).toEqual([])
    await pipeline.close()
  })

  it("uses a file on another user's draft only when its bytes are this file's", async () => {
    const service = realService()
    const file = scanned('scan.png', png('taken by two users'))
    // Another user's run on this station made the draft and attached the file, and recorded neither.
    const draft = service.addInvoice({ SupplierID: 1, Comment: `scan.png\n${scanMark(file.sha256)}` })
    const theirs = service.addFile(file.bytes, 'scan.png')
    service.attach(2, draft)
    service.attach(theirs, draft)
    const otherLedger = tempDir('other-ledger')
    await seed(otherLedger, [
      { sha256: file.sha256, ...entryOf(file, { step: 'invoice', started: 'invoice', fileId: theirs }) },
    ])
    const pipeline = station(service, tempDir('ledger'), [otherLedger])
    expect(await pipeline.take({ companyKey: company, path: file.path, folder: file.folder })).toBe('queued')
    await pipeline.idle()
    expect(await entryFor(pipeline, file.sha256)).toMatchObject({
      state: 'done',
      invoiceId: draft,
      fileId: theirs,
    })
    // Nothing more on the draft: the file it holds is this content, checked by its bytes.
    expect(service.attachedTo(draft)).toEqual([2, theirs])
    expect([...service.invoices.keys()]).toEqual([1, draft])
    expect(service.searched()).toBe(false)
    await pipeline.close()
  })
})
