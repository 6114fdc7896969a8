// The read step alone: a scanned page is read by the platform's OCR; an XML invoice is read on this
// computer and the platform is not asked. Either way the fields are recorded and the supplier is next.
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { closeStructuredReader } from '../../../../electron/main/services/einvoice-reader/structured.ts'
import { read } from '../../../../electron/main/services/scan/steps/read.ts'
import { makeUbl } from '../../../support/einvoice-files.ts'
import { entryOf, standIns, tempFolder } from './stand-ins.ts'

afterAll(() => closeStructuredReader())

describe('the read step', () => {
  it("records the fields of the platform's OCR answer for a scanned page", async () => {
    const s = standIns({
      entries: [entryOf({ step: 'read', state: 'reading', kind: 'png', fileId: 4 })],
      platform: {
        read: async () => ({
          InterpretedProperties: [
            { OcrPropertyId: 1, ProposedCandidate: { Value: '923609016' } },
            { OcrPropertyId: 8, ProposedCandidate: { Value: '1250.50' } },
          ],
        }),
      },
    })
    const run = s.runOf()
    await read(s.station, run)
    expect(s.calls).toEqual(['read'])
    expect(run.entry).toMatchObject({
      step: 'supplier',
      state: 'creating',
      fields: { orgNumber: '923609016' },
    })
  })

  it('reads an XML invoice on this computer and asks the platform nothing', async () => {
    const xml = Buffer.from(await makeUbl())
    const folder = tempFolder()
    const originalPath = join(folder, 'invoice.xml')
    writeFileSync(originalPath, xml)
    const sha256 = createHash('sha256').update(xml).digest('hex')
    const s = standIns({
      entries: [
        entryOf({ sha256, step: 'read', kind: 'xml', fileId: 4, folder, originalPath, size: xml.length }),
      ],
    })
    const run = s.runOf(sha256)
    await read(s.station, run)
    expect(s.calls).toEqual([])
    expect(run.entry.step).toBe('supplier')
    expect(run.entry.fields?.invoiceNumber).not.toBeNull()
  })
})
