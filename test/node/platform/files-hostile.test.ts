// Hostile XML uploaded to the platform's file server (issue 37): an element named `__proto__` is answered as
// the sender's problem or read as data, never a 500; a billion-laughs file and 10,000 levels of nesting are
// refused with a Message that says why; and a 400-digit PayableAmount is never proposed as TotalAmount.
import { describe, expect, it } from 'vitest'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { usePlatformAs } from '../../support/platform.ts'
import { makeUbl } from '../../support/einvoice-files.ts'
import {
  billionLaughs,
  deeplyNested,
  withHugePayable,
  withReservedNames,
} from '../../support/hostile-files.ts'
import { upload } from './files-helpers.ts'

const nordlys: string = DEMO_COMPANIES.nordlys.key
const anne = usePlatformAs(DEMO_USERS.anne.email, nordlys)

const send = (xml: string, fileName = 'faktura.xml') =>
  upload(anne.p, { bytes: new TextEncoder().encode(xml), fileName, key: nordlys }, { token: anne.token })

describe('hostile XML uploads', () => {
  it('answer 400 with a worded Message, never 500, for a root element named __proto__', async () => {
    for (const root of ['__proto__', 'constructor']) {
      const r = await send(`<?xml version="1.0"?><${root}><ID>1</ID></${root}>`)
      expect(r.status, root).toBe(400)
      expect(r.body.Message).toMatch(new RegExp(`faktura\\.xml: The XML is a ${root}, not an invoice`))
    }
  })

  it('take an invoice with elements named __proto__, constructor and prototype as data', async () => {
    const r = await send(withReservedNames(await makeUbl()))
    expect(r.status).toBe(201)
    const ocr = await anne.call('GET', `api/biz/files/${r.body.ID}?action=ocranalyse`)
    expect(ocr.status).toBe(200)
    const total = ocr.body.InterpretedProperties.find((x: { OcrPropertyId: number }) => x.OcrPropertyId === 6)
    expect(total.ProposedCandidate.Value).toBe('2151.67')
  })

  it('refuse billion laughs and 10,000 levels of nesting with a Message that says why', async () => {
    const laughs = await send(billionLaughs())
    expect(laughs.status).toBe(400)
    expect(laughs.body.Message).toMatch(/declares entities/)
    const deep = await send(deeplyNested(10_000))
    expect(deep.status).toBe(400)
    expect(deep.body.Message).toMatch(/nests elements more than 100 deep/)
  })

  it('never propose a 400-digit PayableAmount as TotalAmount', async () => {
    const r = await send(withHugePayable(await makeUbl()))
    expect(r.status).toBe(201)
    const ocr = await anne.call('GET', `api/biz/files/${r.body.ID}?action=ocranalyse`)
    expect(ocr.status).toBe(200)
    const ids = ocr.body.InterpretedProperties.map((x: { OcrPropertyId: number }) => x.OcrPropertyId)
    expect(ids).not.toContain(6)
    expect(ids).toContain(5)
    const raw = JSON.parse(ocr.body.OcrRawData)
    expect(raw.StructuredInvoice.unreadAmounts).toEqual([
      { term: 'BT-115', reason: 'outOfRange', asWritten: '9'.repeat(40) },
    ])
  })
})
