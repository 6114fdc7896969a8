// Read: the invoice's fields. A structured invoice (an XML file, a PDF embedding one) is read from its XML
// on this computer: the platform's OCR (spec 2.13) says nothing of XML. A PDF that embeds none takes its
// fields from the XML invoice beside it (the pair rule, pair.ts); any other file is read by the platform,
// and what its answer lacks is taken from the reading made on this computer when the file was taken
// (local-reading/; a cloud platform's OCR may answer little).
import { lstat } from 'node:fs/promises'
import { basename } from 'node:path'
import { isEInvoiceXml, parseEInvoice } from '../../../../../common/einvoice/index.ts'
import { structuredOcrAnswer } from '../../../../../common/einvoice/ocr-answer.ts'
import { structuredAnswerOf } from '../../einvoice-reader/structured.ts'
import type { OcrAnswerInput } from '../../../../../common/ocr.ts'
import type { LedgerEntry, ReadFields } from '../ledger.ts'
import { heldStill, PARTNER_SETTLE_MS, partnerPath, readPartnerXml, type PartnerRefusal } from '../pair.ts'
import { readFields } from '../read-fields.ts'
import { messageOf, sha256Of, type Station } from '../station.ts'
import { failFile } from './fail.ts'
import type { StepRun } from './run.ts'
import { bytesToUpload } from './upload.ts'

export type ReadStation = Pick<
  Station,
  'platform' | 'log' | 'ops' | 'record' | 'locale' | 'batch' | 'take' | 'localReading'
>

export async function read(station: ReadStation, run: StepRun) {
  const entry = run.entry
  const own = await structuredAnswerOfEntry(station, entry)
  const pair = own ? null : await partnerOf(station, entry)
  const answer =
    own ?? pair?.answer ?? (await station.platform.read(run.companyKey, entry.fileId!, run.signal))
  let fields = readFields(answer)
  if (!own && !pair) fields = withLocalFields(fields, await localFieldsOf(station, entry))
  await run.advance('supplier', { fields, ...(pair ? { partner: pair.partner } : {}) })
}

/** The fields read on this computer (kept since the file was taken, or read now); null without them. */
async function localFieldsOf(station: ReadStation, entry: LedgerEntry): Promise<ReadFields | null> {
  if (!station.localReading) return null
  const bytes = await bytesToUpload(station, entry).catch(() => 'gone' as const)
  if (typeof bytes === 'string') return null
  const reading = await station.localReading.read(entry.companyKey, bytes, {
    companyKey: entry.companyKey,
    file: entry.originalPath,
  })
  return reading.answer ? readFields(reading.answer as OcrAnswerInput) : null
}

/** The platform's fields, each it left empty filled from the local reading (both passed their checks). */
export function withLocalFields(platform: ReadFields, local: ReadFields | null): ReadFields {
  if (!local) return platform
  const out = { ...platform } as Record<keyof ReadFields, unknown>
  for (const key of Object.keys(local) as (keyof ReadFields)[]) {
    if (out[key] == null && local[key] != null) out[key] = local[key]
  }
  return out as unknown as ReadFields
}

/**
 * The OCR answer of a structured invoice read from the original still on this computer (an XML file, a PDF
 * that embeds one); null for other kinds, or when the original is gone or changed (the platform then reads it).
 */
async function structuredAnswerOfEntry(station: Pick<Station, 'ops' | 'log'>, entry: LedgerEntry) {
  if (entry.kind !== 'xml' && entry.kind !== 'pdf') return null
  const bytes = await bytesToUpload(station, entry).catch(() => 'gone' as const)
  if (typeof bytes === 'string') return null
  // Read off main's thread within a time budget; one refused (einvoice-reader/structured.ts) is logged and
  // the platform reads the file's pages, as it reads a PDF that carries no invoice.
  return structuredAnswerOf(bytes, {
    log: station.log,
    context: { companyKey: entry.companyKey, file: entry.originalPath },
  })
}

/**
 * The XML invoice beside a PDF entry, once it holds still: its answer gives the fields, and it is
 * recorded as the entry's partner. Null without one, or when it is no invoice that can be read.
 */
async function partnerOf(station: ReadStation, entry: LedgerEntry) {
  if (entry.kind !== 'pdf') return null
  const path = entry.partner?.path ?? (await partnerPath(entry.originalPath, 'xml'))
  if (!path || !(await heldStill(path, PARTNER_SETTLE_MS))) return null
  try {
    const read = await readPartnerXml(path, entry.folder)
    if (!read) return null
    if (!read.ok) {
      await refusePartner(station, entry, path, read.reason)
      return null
    }
    const bytes = read.bytes
    if (!isEInvoiceXml(bytes)) return null
    const answer = structuredOcrAnswer(parseEInvoice(bytes))
    const partner = { sha256: sha256Of(bytes), path, name: basename(path), fileId: null, destination: null }
    return { answer, partner }
  } catch (error) {
    station.log.warn('scan: the XML beside a PDF could not be read as its invoice; the PDF is read alone', {
      companyKey: entry.companyKey,
      file: path,
      error: messageOf(error),
    })
    return null
  }
}

/**
 * The XML beside a PDF that is refused (a link to a file elsewhere, larger than an invoice's XML): the PDF
 * is read alone, and the XML is recorded and set aside as any refused file is (failFile: an entry of its
 * own, failed/ with the note), so it is neither read nor taken again for its PDF. Its content is not read,
 * so it is keyed by where and what it is, as an oversized file is in take.ts.
 */
async function refusePartner(station: ReadStation, entry: LedgerEntry, path: string, reason: PartnerRefusal) {
  station.log.warn('scan: the XML beside a PDF is refused; the PDF is read alone', {
    companyKey: entry.companyKey,
    file: path,
    pdf: entry.originalPath,
    reason: reason.code,
  })
  const info = await lstat(path)
  const key = sha256Of(Buffer.from(`${reason.code}\n${path}\n${info.size}\n${info.mtimeMs}`))
  await failFile(
    station,
    { companyKey: entry.companyKey, path, folder: entry.folder, sha256: key, size: info.size },
    reason,
  )
}
