// A 40 MB scan dropped on the window in browser mode: its bytes go to the host over the upload endpoint
// (the bridge socket carries at most 1 MiB per message), the queue shows them being sent, the file arrives
// byte for byte and becomes a draft invoice, and the bridge socket stays up throughout. The upload is held
// back while the sending state is checked with axe-core and shot in both languages (into SCAN_SCREENS,
// default test-results/e2e), then slowed to 3 MB/s so its progress shows in steps.
import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateInvoice } from '../../document-reader/corpus/generate.ts'
import { axeViolations, useApp } from './support.ts'
import { cellOf, navLink, scanQueue, scanRow, statusSaying } from './find.ts'

// The page's DOM names used inside page.evaluate (this file is type-checked without the DOM library).
interface PageElement {
  id: string
  type: string
  hidden: boolean
  files: unknown[]
  textContent: string | null
  append(child: PageElement): void
}
declare const window: { dispatchEvent(event: unknown): boolean }
declare const document: {
  body: PageElement
  createElement(tag: string): PageElement
  getElementById(id: string): PageElement
  querySelector(selector: string): PageElement | null
  querySelectorAll(selector: string): PageElement[]
}
declare const DataTransfer: new () => { items: { add(file: unknown): void } }
declare const DragEvent: new (type: string, init: object) => unknown
declare const MutationObserver: new (callback: () => void) => {
  observe(target: unknown, options: object): void
}

const app = useApp()
const wait = { timeout: 120_000, interval: 250 }
const MB = 1024 * 1024

/** Where the test writes the files it drops. */
let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ledgerdesk-e2e-drop-'))
})
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

/**
 * A generated invoice with a 40 MB photo on its first page, as a scanner's colour scan carries: an
 * uncompressed RGB image of noise (nothing compresses it), drawn small in a corner so the text stays
 * readable.
 */
async function largeInvoicePdf(seed: number) {
  const invoice = await generateInvoice(seed, { layout: 'classic' })
  const doc = await PDFDocument.load(invoice.pdf)
  const [width, height] = [4000, 3500]
  const image = doc.context.register(
    doc.context.stream(randomBytes(width * height * 3), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: width,
      Height: height,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
    }),
  )
  const first = doc.getPage(0)
  const name = first.node.newXObject('Scan', image)
  first.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(40, 0, 0, 35, first.getWidth() - 60, 20),
    drawObject(name),
    popGraphicsState(),
  )
  return { invoice, pdf: await doc.save({ useObjectStreams: false }) }
}

async function findFile(root: string, name: string): Promise<string | undefined> {
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true }))
    if (entry.isFile() && entry.name === name) return join(entry.parentPath, entry.name)
  return undefined
}

describe('a large scan dropped in browser mode', () => {
  it('sends a 40 MB PDF to the host with its progress shown, and it becomes a draft invoice', async () => {
    const { invoice, pdf } = await largeInvoicePdf(41)
    expect(pdf.length).toBeGreaterThan(40 * MB)
    expect(pdf.length).toBeLessThan(50 * MB)
    const path = join(dir, 'stor-skann.pdf')
    await writeFile(path, pdf)

    await app.signIn()
    await navLink(app.page, 'inbox').click()
    await expect.poll(() => scanQueue(app.page).isVisible(), wait).toBe(true)
    // The tab that switches the language is opened now, so the switch while sending is quick.
    await app.setLanguage('en')

    // What the page shows while the bytes go up is recorded as it happens (it lasts a moment on loopback).
    // The recorder runs inside the page, where Playwright's role queries do not reach: it reads the DOM by
    // ARIA role, every live status (the corner box among them) and every table row (the sending row among
    // them); what is looked for is picked out by its words below.
    await app.page.evaluate(() => {
      const seen: string[] = []
      ;(globalThis as unknown as { __seen: string[] }).__seen = seen
      new MutationObserver(() => {
        for (const box of document.querySelectorAll('[role="status"]'))
          if (box.textContent?.trim()) seen.push(`box: ${box.textContent.trim()}`)
        for (const row of document.querySelectorAll('tr, [role="row"]'))
          seen.push(`row: ${row.textContent?.trim()}`)
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true })
      const input = document.createElement('input')
      input.type = 'file'
      input.id = 'e2e-file'
      input.hidden = true
      document.body.append(input)
    })
    // The file is read from disk by the browser, as a file dragged from the desktop is.
    await app.page.setInputFiles('#e2e-file', path)
    // The upload is held back until the sending state has been checked and shot, then goes at 3 MB/s so
    // the page reports its progress along the way.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await app.page.route('**/scan/drop?**', async (route) => {
      await held
      await route.continue()
    })
    const cdp = await app.context.newCDPSession(app.page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 3 * MB,
    })
    await app.page.evaluate(() => {
      const dt = new DataTransfer()
      dt.items.add(document.getElementById('e2e-file').files[0])
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }))
    })

    // While the bytes go up: the queue's row and the corner box, accessible, in both languages.
    const box = statusSaying(app.page, /^(Sending|Sender) \d+ fil/)
    await expect.poll(() => box.isVisible(), wait).toBe(true)
    expect(
      await axeViolations(app.page, ['[aria-labelledby="scan-queue-heading"]', '.scan-sending']),
    ).toEqual([])
    await app.setLanguage('nb')
    expect(await box.textContent()).toMatch(/^Sender 1 fil til .+ AS: 0\s%$/)
    expect(await scanRow(app.page, 'stor-skann.pdf').textContent()).toMatch(/Sender til Ledgerdesk 0\s%/)
    expect(
      await scanQueue(app.page)
        .getByText(/under behandling$/)
        .textContent(),
    ).toBe('1 dokument under behandling')
    await app.shoot('inbox-sending')
    await app.setLanguage('en')
    release()

    const row = scanRow(app.page, 'stor-skann.pdf')
    await expect.poll(() => row.getAttribute('data-state'), wait).toBe('ready')
    const money = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    expect((await (await cellOf(scanQueue(app.page), row, ['Amount', 'Beløp'])).textContent())?.trim()).toBe(
      money.format(Number(invoice.truth[6])),
    )
    expect(await row.getByRole('link', { name: /^Invoice \S+$/ }).count()).toBe(1)

    const seen = await app.page.evaluate(() => (globalThis as unknown as { __seen: string[] }).__seen)
    // The percentage went up in steps while the bytes went out.
    const shown = (pattern: RegExp) =>
      seen.flatMap((s) => {
        const m = pattern.exec(s)
        return m ? [Number(m[1])] : []
      })
    expect(
      shown(/^box: Sending 1 file to .+ AS: (\d+)\s%$/).filter((p) => p > 0 && p < 100).length,
    ).toBeGreaterThan(2)
    expect(
      shown(/^row: stor-skann\.pdfSending to Ledgerdesk (\d+)\s%/).filter((p) => p > 0 && p < 100).length,
    ).toBeGreaterThan(2)
    await expect.poll(() => box.count(), wait).toBe(0)

    // The copy that went through the pipeline is the dropped file, byte for byte.
    const copy = await findFile(join(app.dataDir, 'scan'), 'stor-skann.pdf')
    expect(copy).toMatch(/dropped.+processed/)
    const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')
    expect(sha(await readFile(copy!))).toBe(sha(pdf))
    // The bridge socket never closed: no message was too large, no call failed for it.
    expect(app.log.entries.filter((e) => /bridge socket/.test(e.message))).toEqual([])
  }, 400_000)
})
