// The pair rule of the scan station: a PDF and an XML invoice with the same base name in the same folder
// (`faktura-1042.pdf` + `faktura-1042.XML`, any case) are one document, written by the same export. The
// PDF is the document; the XML gives the fields and lines and is attached beside it. Waiting for a partner
// is bounded: an XML waits a short settle window for its PDF to appear, a PDF waits only for an XML that is
// already there to hold still.
import { readdir, stat } from 'node:fs/promises'
import { basename, dirname, extname, join } from 'node:path'

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
