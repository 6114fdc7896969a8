// The pair rule of the scan station: a PDF and an XML invoice with the same base name in the same folder
// (`faktura-1042.pdf` + `faktura-1042.XML`, any case) are one document, written by the same export. The
// PDF is the document; the XML gives the fields and lines and is attached beside it. Waiting for a partner
// is bounded: an XML waits a short settle window for its PDF to appear, a PDF waits only for an XML that is
// already there to hold still.
//
// The XML beside a PDF is read by this computer and attached to the invoice, so it is read as the folder's own
// file only (issue 37): never through a symlink (a link to a file elsewhere on the computer would upload that
// file), never from outside the folder by its real path, and never beyond MAX_INVOICE_XML_BYTES (readPartnerXml).
import { constants } from 'node:fs'
import { lstat, open, readdir, realpath, stat } from 'node:fs/promises'
import { basename, dirname, extname, isAbsolute, join, relative } from 'node:path'
import { MAX_INVOICE_XML_BYTES } from '../../../../common/einvoice/xml.ts'
import type { FailedFileReason } from './reasons.ts'

/** How long an XML with no PDF beside it waits for one before it is taken alone. */
export const PAIR_WAIT_MS = 2000
/** How long a PDF waits for the XML beside it to hold still (an export still writing it). */
export const PARTNER_SETTLE_MS = 10_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The file beside `path` with the same base name and the extension `ext`, any case; null when none is. */
export async function partnerPath(path: string, ext: 'pdf' | 'xml'): Promise<string | null> {
  const stem = basename(path, extname(path)).toLowerCase()
  const folder = dirname(path)
  try {
    const names = await readdir(folder)
    const found = names.find(
      (n) => extname(n).toLowerCase() === `.${ext}` && basename(n, extname(n)).toLowerCase() === stem,
    )
    return found ? join(folder, found) : null
  } catch {
    return null
  }
}

/** The partner with extension `ext` once it is there, looking every `pollMs` for at most `waitMs`. */
export async function waitForPartner(
  path: string,
  ext: 'pdf' | 'xml',
  waitMs: number,
  pollMs = 200,
): Promise<string | null> {
  const until = Date.now() + waitMs
  for (;;) {
    const found = await partnerPath(path, ext)
    if (found || Date.now() >= until) return found
    await sleep(Math.min(pollMs, Math.max(0, until - Date.now())))
  }
}

/** Whether the file holds still (size and modification time the same across two looks) within `waitMs`. */
export async function heldStill(path: string, waitMs: number, pollMs = 200): Promise<boolean> {
  const until = Date.now() + waitMs
  let before: string | null = null
  for (;;) {
    let now: string | null
    try {
      const info = await stat(path)
      now = info.isFile() && info.size > 0 ? `${info.size}/${info.mtimeMs}` : null
    } catch {
      return false
    }
    if (now !== null && now === before) return true
    if (Date.now() >= until) return false
    before = now
    await sleep(pollMs)
  }
}

/** Why the XML beside a PDF is not read: a link to a file elsewhere, or larger than an invoice's XML is. */
export type PartnerRefusal = Extract<FailedFileReason, { code: 'linkedFile' | 'xmlTooLarge' }>

/**
 * The bytes of the XML beside a PDF in `folder`, read as the folder's own regular file: a symlink, or a path
 * whose real path is outside the folder, is refused (`linkedFile`), and so is a file larger than
 * MAX_INVOICE_XML_BYTES (`xmlTooLarge`, told by its size before a byte is read). It is opened without
 * following a link (O_NOFOLLOW where the system has it) and read up to the cap, so a file swapped for a link
 * or grown after the checks is refused too. Null when it is no longer there or not a file.
 */
export async function readPartnerXml(
  path: string,
  folder: string,
  maxBytes = MAX_INVOICE_XML_BYTES,
): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; reason: PartnerRefusal } | null> {
  const linked = { ok: false, reason: { code: 'linkedFile', params: {} } } as const
  const tooLarge = { ok: false, reason: { code: 'xmlTooLarge', params: {} } } as const
  try {
    const info = await lstat(path)
    if (info.isSymbolicLink()) return linked
    if (!info.isFile()) return null
    const inside = relative(await realpath(folder), await realpath(path))
    if (inside.startsWith('..') || isAbsolute(inside)) return linked
    if (info.size > maxBytes) return tooLarge
    const file = await open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0))
    try {
      const size = (await file.stat()).size
      if (size > maxBytes) return tooLarge
      const buffer = Buffer.alloc(Math.min(size, maxBytes) + 1)
      let read = 0
      for (;;) {
        const { bytesRead } = await file.read(buffer, read, buffer.length - read, read)
        if (bytesRead === 0) break
        read += bytesRead
        if (read > maxBytes) return tooLarge
      }
      return { ok: true, bytes: new Uint8Array(buffer.buffer, buffer.byteOffset, read) }
    } finally {
      await file.close()
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    // O_NOFOLLOW meets a link put there after the checks.
    if (code === 'ELOOP') return linked
    if (code === 'ENOENT') return null
    throw error
  }
}
