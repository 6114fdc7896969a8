// `GET /api/biz/files/{id}?action=ocranalyse` (spec 2.13, 4.5): the result shape, proposals equal to the
// generator's ground truth, stored results reused until forceNewAnalysis, errors as 400.
import { describe, expect, it } from 'vitest'
import { generateInvoice, type GeneratedInvoice } from '../../../document-reader/corpus/generate.ts'
import { generateHardDocument } from '../../../document-reader/corpus/hard.ts'
import { scanVariant } from '../../../document-reader/corpus/scan.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { usePlatformAs } from '../../support/platform.ts'
import { upload } from './files-helpers.ts'

const nordlys: string = DEMO_COMPANIES.nordlys.key
const fjordbygg: string = DEMO_COMPANIES.fjordbygg.key

const anne = usePlatformAs(DEMO_USERS.anne.email, nordlys)
const call = (method: string, path: string, companyKey = nordlys) =>
  anne.call(method, path, undefined, companyKey)

interface Candidate {
  Id: number
  Value: string
  HitWordText: string
  Top: number
  Left: number
  Width: number
  Height: number
  ProbabilityFactor: number
}
interface Property {
  Id: number
  OcrInterpretationId: number
  OcrPropertyId: number
  ProposedCandidateId: number
  ProposedCandidate: Candidate
  OcrProperty: { Id: number; Name: string; PropertyType: number }
  InterpretationCandidates: Candidate[]
}

async function uploaded(invoice: GeneratedInvoice): Promise<number> {
  const r = await upload(
    anne.p,
    { bytes: invoice.pdf, fileName: `inv-${invoice.seed}.pdf`, key: nordlys },
    { token: anne.token },
  )
  expect(r.status).toBe(201)
  return r.body.ID
}

describe('ocranalyse', () => {
  it('proposes the ground-truth values of generated text invoices in the shape of spec 2.13', async () => {
    for (const seed of [1, 2, 3]) {
      const invoice = await generateInvoice(seed)
      const fileId = await uploaded(invoice)
      const r = await call('GET', `api/biz/files/${fileId}?action=ocranalyse`)
      expect(r.status, `seed ${seed}`).toBe(200)
      const result = r.body
      expect(result).toMatchObject({ PageNo: 1, OcrDataUsed: true })
      expect(result.Id).toBeGreaterThan(0)
      expect(result.ImageWidth).toBeGreaterThan(0)
      expect(result.ImageHeight).toBeGreaterThan(result.ImageWidth)
      expect(['no', 'en']).toContain(result.Language)
      expect(result.UniFile).toMatchObject({
        Name: `inv-${seed}.pdf`,
        ContentType: 'application/pdf',
        Extension: '.pdf',
        Pages: 1,
        ExternalId: String(fileId),
      })
      const raw = JSON.parse(result.OcrRawData)
      expect(raw.AllWords.length).toBeGreaterThan(20)
      expect(raw.AllWords[0]).toMatchObject({
        Text: expect.any(String),
        Left: expect.any(Number),
        Top: expect.any(Number),
      })

      const props = result.InterpretedProperties as Property[]
      const proposed = Object.fromEntries(props.map((pr) => [pr.OcrPropertyId, pr.ProposedCandidate.Value]))
      for (const id of [1, 3, 4, 5, 6, 8] as const) {
        expect(proposed[id] ?? null, `seed ${seed} property ${id}`).toBe(invoice.truth[id])
      }
      for (const pr of props) {
        expect(pr.OcrInterpretationId).toBe(result.Id)
        expect(pr.OcrProperty.Id).toBe(pr.OcrPropertyId)
        expect(pr.ProposedCandidateId).toBe(pr.ProposedCandidate.Id)
        expect(pr.InterpretationCandidates.map((c) => c.Id)).toContain(pr.ProposedCandidateId)
        for (const c of pr.InterpretationCandidates) {
          expect(c.ProbabilityFactor).toBeGreaterThanOrEqual(0)
          expect(c.ProbabilityFactor).toBeLessThanOrEqual(1)
          expect(c.Left + c.Width).toBeLessThanOrEqual(result.ImageWidth)
        }
      }
    }
  })

  it('reads a scanned, image-only invoice with Tesseract in the pixels of the rendered page', async () => {
    const invoice = await generateInvoice(7, { layout: 'classic' })
    const scanned = await scanVariant(invoice.pdf, 7, { dpi: 200, rotation: 0.8, noise: 80, format: 'png' })
    const fileId = await uploaded({ ...invoice, pdf: scanned })
    const r = await call('GET', `api/biz/files/${fileId}?action=ocranalyse`)
    expect(r.status).toBe(200)
    // No text layer: the words come from the page image, A4 at the platform's rendering resolution.
    expect(r.body.ImageHeight / r.body.ImageWidth).toBeCloseTo(841.89 / 595.28, 1)
    const words = JSON.parse(r.body.OcrRawData).AllWords as { Text: string }[]
    expect(words.length).toBeGreaterThan(20)
    const proposed = Object.fromEntries(
      (r.body.InterpretedProperties as Property[]).map((pr) => [
        pr.OcrPropertyId,
        pr.ProposedCandidate.Value,
      ]),
    )
    for (const id of [5, 6, 8] as const)
      expect(proposed[id] ?? null, `property ${id}`).toBe(invoice.truth[id])
  }, 60_000)

  it('answers the stored result again, and runs anew with forceNewAnalysis=true', async () => {
    const fileId = await uploaded(await generateInvoice(5))
    const first = await call('GET', `api/biz/files/${fileId}?action=ocranalyse`)
    expect(first.status).toBe(200)
    // Mark the stored result: a reused answer carries the mark, a new analysis does not.
    await anne.p.store.query(
      // Page 0: the whole document, read when no PageNo is asked for.
      `update ocr_result set result = jsonb_set(result, '{OcrTemplateId}', '4242') where file_id = $1 and page_no = 0`,
      [fileId],
    )
    const second = await call('POST', `api/biz/files/${fileId}?action=ocranalyse`)
    expect(second.status).toBe(200)
    expect(second.body.OcrTemplateId).toBe(4242)
    expect(second.body.Id).toBe(first.body.Id)
    expect(second.body.InterpretedProperties).toEqual(first.body.InterpretedProperties)
    const forced = await call('GET', `api/biz/files/${fileId}?action=ocranalyse&forceNewAnalysis=true`)
    expect(forced.status).toBe(200)
    expect(forced.body.OcrTemplateId).toBeNull()
    expect(forced.body.InterpretedProperties).toEqual(first.body.InterpretedProperties)
    const after = await call('GET', `api/biz/files/${fileId}?action=ocranalyse`)
    expect(after.body.OcrTemplateId).toBeNull()
    const { rows } = await anne.p.store.query<{ n: number }>(
      'select count(*)::int as n from ocr_result where file_id = $1 and company_id = (select "ID" from "Company" where "Key" = $2)',
      [fileId, nordlys],
    )
    expect(rows[0]!.n).toBe(1)
  })

  it('answers concurrent identical requests with one result', async () => {
    const fileId = await uploaded(await generateInvoice(9))
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('GET', `api/biz/files/${fileId}?action=ocranalyse`)),
    )
    for (const a of answers) expect(a.status).toBe(200)
    expect(answers[1]!.body).toEqual(answers[0]!.body)
    expect(answers[2]!.body).toEqual(answers[0]!.body)
  })

  it('reads a document of several pages whole, each candidate with its PageNo; PageNo reads one page', async () => {
    const doc = await generateHardDocument('multipage', 1001)
    const r = await upload(
      anne.p,
      { bytes: doc.bytes, fileName: 'several-pages.pdf', key: nordlys },
      { token: anne.token },
    )
    expect(r.status).toBe(201)
    const whole = await call('GET', `api/biz/files/${r.body.ID}?action=ocranalyse`)
    expect(whole.status).toBe(200)
    expect(whole.body.PagesRead).toEqual(Array.from({ length: doc.pages }, (_, i) => i + 1))
    const props = whole.body.InterpretedProperties as (Property & { ProposedCandidate: { PageNo: number } })[]
    const total = props.find((pr) => pr.OcrPropertyId === 6)!
    expect(total.ProposedCandidate.Value).toBe(doc.truth.fields[6])
    expect(total.ProposedCandidate.PageNo).toBe(doc.pages)
    expect(props.find((pr) => pr.OcrPropertyId === 5)!.ProposedCandidate.PageNo).toBe(1)
    const words = JSON.parse(whole.body.OcrRawData).AllWords as { PageNo: number }[]
    expect(new Set(words.map((w) => w.PageNo)).size).toBe(doc.pages)
    const last = await call('GET', `api/biz/files/${r.body.ID}?action=ocranalyse&PageNo=${doc.pages}`)
    expect(last.status).toBe(200)
    expect(last.body.PageNo).toBe(doc.pages)
    expect(last.body.PagesRead).toEqual([doc.pages])
    for (const pr of last.body.InterpretedProperties as { ProposedCandidate: { PageNo: number } }[])
      expect(pr.ProposedCandidate.PageNo).toBe(doc.pages)
  })

  it('answers 400 for a page the document does not have, and 404 for a file of another company', async () => {
    const fileId = await uploaded(await generateInvoice(4))
    const page2 = await call('GET', `api/biz/files/${fileId}?action=ocranalyse&PageNo=2`)
    expect(page2.status).toBe(400)
    expect(page2.body.Message).toMatch(/no page 2/)
    const bad = await call('GET', `api/biz/files/${fileId}?action=ocranalyse&PageNo=zero`)
    expect(bad.status).toBe(400)
    expect((await call('GET', `api/biz/files/${fileId}?action=ocranalyse`, fjordbygg)).status).toBe(404)
    expect((await call('GET', 'api/biz/files/999999?action=ocranalyse')).status).toBe(404)
  })
})
