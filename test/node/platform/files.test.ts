// The file server and attachments (spec 2.13, 4.5; field notes "Supplier invoices, files and OCR"):
// multipart upload by content type, content-addressed storage, the supplier-invoice status rule,
// link/unlink/list, signed downloads and company isolation.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateInvoice } from '../../../document-reader/corpus/generate.ts'
import { SupplierInvoiceStatus } from '../../../common/status.ts'
import { parseCliArgs } from '../../../platform/cli.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'
import {
  encryptedPdfBytes,
  jpegBytes,
  newDraftInvoice,
  pngBytes,
  sha256,
  tiffBytes,
  upload,
} from './files-helpers.ts'

const nordlys: string = DEMO_COMPANIES.nordlys.key
const fjordbygg: string = DEMO_COMPANIES.fjordbygg.key
const aurora: string = DEMO_COMPANIES.aurora.key

let p: TestPlatform
let anne: string
let invoicePdf: Uint8Array
const call = (method: string, path: string, body?: unknown, companyKey = nordlys) =>
  api(p.urls.base, method, path, { token: anne, companyKey, body })

function storedFiles(): string[] {
  const root = join(p.dataDir, 'files')
  return readdirSync(root)
    .filter((d) => /^[0-9a-f]{2}$/.test(d))
    .flatMap((d) => readdirSync(join(root, d)).map((f) => `${d}/${f}`))
}

async function setInvoiceStatus(id: number, status: number): Promise<void> {
  await p.store.query(
    'update "SupplierInvoice" set "StatusCode" = $3 where "CompanyID" = (select "ID" from "Company" where "Key" = $1) and "ID" = $2',
    [nordlys, id, status],
  )
}

async function fileRowCount(): Promise<number> {
  const { rows } = await p.store.query<{ n: number }>('select count(*)::int as n from "File"')
  return rows[0]!.n
}

beforeAll(async () => {
  p = await startTestPlatform()
  anne = await p.token(DEMO_USERS.anne.email)
  invoicePdf = (await generateInvoice(7)).pdf
})
afterAll(() => p?.close())

describe('upload to the file server', () => {
  it('stores an invoice PDF on a new draft invoice and lists it as the invoice attachment', async () => {
    const inv = await newDraftInvoice(p, anne, nordlys)
    const r = await upload(
      p,
      {
        bytes: invoicePdf,
        fileName: 'faktura-7.pdf',
        caption: 'Scanned at reception',
        key: nordlys,
        entityType: 'SupplierInvoice',
        entityId: inv.ID,
      },
      { token: anne },
    )
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({
      Name: 'faktura-7.pdf',
      Description: 'Scanned at reception',
      ContentLength: invoicePdf.length,
      ContentType: 'application/pdf',
      Extension: '.pdf',
      Pages: 1,
      Sha256: sha256(invoicePdf),
      StorageReference: `${sha256(invoicePdf).slice(0, 2)}/${sha256(invoicePdf)}`,
    })
    expect(r.body.Id).toBe(r.body.ID)
    expect(r.body.ExternalId).toBe(String(r.body.ID))
    const list = await call('GET', `api/biz/files/SupplierInvoice/${inv.ID}`)
    expect(list.status).toBe(200)
    expect(list.body.map((f: { ID: number }) => f.ID)).toEqual([r.body.ID])
    expect((await call('GET', `api/biz/files/${r.body.ID}`)).body.Name).toBe('faktura-7.pdf')
  })

  it('serves identical bytes through the download URL, and refuses a tampered or foreign one', async () => {
    const up = await upload(p, { bytes: invoicePdf, fileName: 'dl.pdf', key: nordlys }, { token: anne })
    const r = await call('GET', `api/biz/files/${up.body.ID}?action=download`)
    expect(r.status).toBe(200)
    expect(typeof r.body).toBe('string')
    const url = new URL(r.body as string)
    expect(url.href.startsWith(`${p.urls.files}/api/download/${up.body.ID}`)).toBe(true)
    // A browser or PDF viewer opens the URL without a token.
    const res = await fetch(url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sha256(invoicePdf))

    const tampered = new URL(url)
    tampered.searchParams.set('signature', '0'.repeat(64))
    expect((await fetch(tampered)).status).toBe(403)
    const otherCompany = new URL(url)
    otherCompany.searchParams.set('key', fjordbygg)
    expect((await fetch(otherCompany)).status).toBe(403)
    // Without a signature the caller needs a token and a company.
    const bare = `${p.urls.files}/api/download/${up.body.ID}`
    expect((await fetch(bare)).status).toBe(401)
    const withToken = await fetch(bare, { headers: { Authorization: `Bearer ${anne}`, CompanyKey: nordlys } })
    expect(withToken.status).toBe(200)
    expect(sha256(new Uint8Array(await withToken.arrayBuffer()))).toBe(sha256(invoicePdf))
  })

  it('stores the same bytes once however often they are uploaded', async () => {
    const bytes = (await generateInvoice(11)).pdf
    const before = storedFiles().length
    const a = await upload(p, { bytes, fileName: 'a.pdf', key: nordlys }, { token: anne })
    const b = await upload(p, { bytes, fileName: 'b.pdf', key: nordlys }, { token: anne })
    expect([a.status, b.status]).toEqual([201, 201])
    expect(a.body.ID).not.toBe(b.body.ID)
    expect(a.body.StorageReference).toBe(b.body.StorageReference)
    expect(storedFiles().length).toBe(before + 1)
    expect(storedFiles()).toContain(a.body.StorageReference)
  })

  it('accepts PNG, JPEG and TIFF by their content whatever the file is called', async () => {
    const cases = [
      { bytes: pngBytes(), type: 'image/png', ext: '.png' },
      { bytes: jpegBytes(), type: 'image/jpeg', ext: '.jpg' },
      { bytes: tiffBytes(), type: 'image/tiff', ext: '.tif' },
    ]
    for (const c of cases) {
      const r = await upload(p, { bytes: c.bytes, fileName: 'document.pdf', key: nordlys }, { token: anne })
      expect(r.status, c.type).toBe(201)
      expect(r.body).toMatchObject({ ContentType: c.type, Extension: c.ext, Pages: 1, Name: 'document.pdf' })
    }
  })

  it('refuses a text file named .pdf, an empty file, a truncated PDF and an encrypted PDF, each saying why', async () => {
    const count = await fileRowCount()
    const cases: [Uint8Array, RegExp][] = [
      [new TextEncoder().encode('Dear customer, this is not a PDF.'), /not a PDF, PNG, JPEG or TIFF/],
      [new Uint8Array(0), /empty/],
      [invoicePdf.slice(0, Math.floor(invoicePdf.length / 2)), /truncated/],
      [encryptedPdfBytes(), /encrypted/],
    ]
    for (const [bytes, message] of cases) {
      const r = await upload(p, { bytes, fileName: 'invoice.pdf', key: nordlys }, { token: anne })
      expect(r.status, String(message)).toBe(400)
      expect(r.body.Message).toMatch(message)
      expect(r.body.Message).toMatch(/invoice\.pdf/)
    }
    expect(await fileRowCount()).toBe(count)
  })

  it('takes the token from the Token field and the company from the Key header, as real clients send them', async () => {
    const r = await upload(
      p,
      { bytes: pngBytes(), fileName: 'x.png', tokenField: anne },
      { headers: { Key: nordlys } },
    )
    expect(r.status).toBe(201)
    expect((await call('GET', `api/biz/files/${r.body.ID}`)).status).toBe(200)
  })

  it('needs a token (401) and membership of the company (403)', async () => {
    const anon = await upload(p, { bytes: pngBytes(), fileName: 'x.png', key: nordlys })
    expect(anon.status).toBe(401)
    expect(anon.body.Message).toMatch(/Authorization required/)
    const bad = await upload(p, {
      bytes: pngBytes(),
      fileName: 'x.png',
      key: nordlys,
      tokenField: 'not-a-token',
    })
    expect(bad.status).toBe(401)
    const per = await p.token(DEMO_USERS.per.email)
    const foreign = await upload(p, { bytes: pngBytes(), fileName: 'x.png', key: aurora }, { token: per })
    expect(foreign.status).toBe(403)
  })

  it('refuses an unknown entity type (400) or entity (404) and leaves no file behind', async () => {
    const count = await fileRowCount()
    const unknownType = await upload(
      p,
      { bytes: pngBytes(), fileName: 'x.png', key: nordlys, entityType: 'Spaceship', entityId: 1 },
      { token: anne },
    )
    expect(unknownType.status).toBe(400)
    expect(unknownType.body.Message).toMatch(/Spaceship/)
    const missing = await upload(
      p,
      { bytes: pngBytes(), fileName: 'x.png', key: nordlys, entityType: 'SupplierInvoice', entityId: 999999 },
      { token: anne },
    )
    expect(missing.status).toBe(404)
    expect(missing.body.Message).toMatch(/SupplierInvoice 999999 was not found/)
    expect(await fileRowCount()).toBe(count)
  })
})

describe('upload size limit', () => {
  it('is set on the command line in megabytes', () => {
    expect(parseCliArgs(['--max-upload-mb', '5'], {}).maxUploadBytes).toBe(5 * 1024 * 1024)
    expect(parseCliArgs([], {}).maxUploadBytes).toBeUndefined()
    expect(() => parseCliArgs(['--max-upload-mb', '0'], {})).toThrow(/--max-upload-mb/)
  })

  it('answers 413 for a file over the configured limit and 201 under it', async () => {
    const small = await startTestPlatform({ platformOptions: { maxUploadBytes: 2000 } })
    try {
      const token = await small.token(DEMO_USERS.anne.email)
      const big = await upload(small, { bytes: invoicePdf, fileName: 'big.pdf', key: nordlys }, { token })
      expect(invoicePdf.length).toBeGreaterThan(2000)
      expect(big.status).toBe(413)
      expect(big.body.Message).toMatch(/upload limit/)
      const ok = await upload(small, { bytes: pngBytes(), fileName: 'small.png', key: nordlys }, { token })
      expect(ok.status).toBe(201)
    } finally {
      await small.close()
    }
  })
})

describe('attachments', () => {
  it('links an uploaded file to an invoice, lists it, and removes the link', async () => {
    const inv = await newDraftInvoice(p, anne, nordlys)
    const up = await upload(p, { bytes: pngBytes(), fileName: 'x.png', key: nordlys }, { token: anne })
    const link = await call(
      'POST',
      `api/biz/files/${up.body.ID}?action=link&entitytype=SupplierInvoice&entityid=${inv.ID}`,
    )
    expect(link.status).toBe(200)
    expect(link.body).toMatchObject({ FileID: up.body.ID, EntityType: 'SupplierInvoice', EntityID: inv.ID })
    expect((await call('GET', `api/biz/files/SupplierInvoice/${inv.ID}`)).body).toHaveLength(1)
    const del = await call('DELETE', `api/biz/files/SupplierInvoice/${inv.ID}/${up.body.ID}`)
    expect(del.status).toBe(204)
    expect((await call('GET', `api/biz/files/SupplierInvoice/${inv.ID}`)).body).toEqual([])
    const again = await call('DELETE', `api/biz/files/SupplierInvoice/${inv.ID}/${up.body.ID}`)
    expect(again.status).toBe(404)
    // The file itself stays.
    expect((await call('GET', `api/biz/files/${up.body.ID}`)).status).toBe(200)
  })

  it('links files to any entity type of the registry', async () => {
    const sup = (await call('GET', 'api/biz/suppliers?top=1')).body[0]
    const up = await upload(
      p,
      { bytes: pngBytes(), fileName: 'contract.png', key: nordlys, entityType: 'supplier', entityId: sup.ID },
      { token: anne },
    )
    expect(up.status).toBe(201)
    const list = await call('GET', `api/biz/files/Supplier/${sup.ID}`)
    expect(list.body.map((f: { ID: number }) => f.ID)).toContain(up.body.ID)
  })

  it('refuses attach, link and removal on a journaled invoice, naming its status', async () => {
    const inv = await newDraftInvoice(p, anne, nordlys)
    const up = await upload(
      p,
      { bytes: pngBytes(), fileName: 'x.png', key: nordlys, entityType: 'SupplierInvoice', entityId: inv.ID },
      { token: anne },
    )
    expect(up.status).toBe(201)
    await setInvoiceStatus(inv.ID, SupplierInvoiceStatus.Journaled)
    const attach = await upload(
      p,
      {
        bytes: jpegBytes(),
        fileName: 'y.jpg',
        key: nordlys,
        entityType: 'SupplierInvoice',
        entityId: inv.ID,
      },
      { token: anne },
    )
    expect(attach.status).toBe(400)
    expect(attach.body.Message).toMatch(/30101, 30102, 30108.*status 30104/)
    const other = await upload(p, { bytes: jpegBytes(), fileName: 'y.jpg', key: nordlys }, { token: anne })
    const link = await call(
      'POST',
      `api/biz/files/${other.body.ID}?action=link&entitytype=SupplierInvoice&entityid=${inv.ID}`,
    )
    expect(link.status).toBe(400)
    expect(link.body.Message).toMatch(/status 30104/)
    const del = await call('DELETE', `api/biz/files/SupplierInvoice/${inv.ID}/${up.body.ID}`)
    expect(del.status).toBe(400)
    expect((await call('GET', `api/biz/files/SupplierInvoice/${inv.ID}`)).body).toHaveLength(1)
  })

  it('allows attachments on an invoice sent for approval (30102)', async () => {
    const inv = await newDraftInvoice(p, anne, nordlys)
    await setInvoiceStatus(inv.ID, SupplierInvoiceStatus.ForApproval)
    const up = await upload(
      p,
      { bytes: pngBytes(), fileName: 'x.png', key: nordlys, entityType: 'SupplierInvoice', entityId: inv.ID },
      { token: anne },
    )
    expect(up.status).toBe(201)
  })
})

describe('company isolation', () => {
  it('never shows, links or downloads a file of one company from another', async () => {
    const up = await upload(p, { bytes: pngBytes(), fileName: 'secret.png', key: nordlys }, { token: anne })
    const id = up.body.ID
    expect((await call('GET', `api/biz/files/${id}`, undefined, fjordbygg)).status).toBe(404)
    expect((await call('GET', `api/biz/files/${id}?action=download`, undefined, fjordbygg)).status).toBe(404)
    const fjordInvoice = await newDraftInvoice(p, anne, fjordbygg)
    const link = await call(
      'POST',
      `api/biz/files/${id}?action=link&entitytype=SupplierInvoice&entityid=${fjordInvoice.ID}`,
      undefined,
      fjordbygg,
    )
    expect(link.status).toBe(404)
    const list = await call('GET', `api/biz/files/SupplierInvoice/${fjordInvoice.ID}`, undefined, fjordbygg)
    expect(list.body.map((f: { Name: string }) => f.Name)).not.toContain('secret.png')
    const bearerDownload = await fetch(`${p.urls.files}/api/download/${id}`, {
      headers: { Authorization: `Bearer ${anne}`, CompanyKey: fjordbygg },
    })
    expect(bearerDownload.status).toBe(404)
    // A Nordlys invoice is not reachable with the Fjordbygg key either.
    const nordInvoice = await newDraftInvoice(p, anne, nordlys)
    const cross = await upload(
      p,
      {
        bytes: pngBytes(),
        fileName: 'x.png',
        key: fjordbygg,
        entityType: 'SupplierInvoice',
        entityId: nordInvoice.ID + 100000,
      },
      { token: anne },
    )
    expect(cross.status).toBe(404)
  })
})
