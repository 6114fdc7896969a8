// The scan station in Chromium against the browser-mode host and its Local sandbox: a folder configured
// in Settings → Scan folders, three PDFs put in it become ready rows with supplier and amount in the
// inbox, a PDF dropped on the window joins them, a bad file shows its reason; axe-core finds no serious
// problem in either screen. Screenshots (nb and en) go to SCAN_SCREENS (default test-results/e2e).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { generateInvoice } from '../../document-reader/corpus/generate.ts'
import { axeViolations, screenshotDir, shootBothLanguages, useApp } from './support.ts'
import {
  cellOf,
  languageOption,
  languageSelect,
  navLink,
  scanFolderRow,
  scanQueue,
  scanRow,
  statusSaying,
  type Words,
  viewHeading,
} from './find.ts'

// The page's DOM names used inside page.evaluate (this file is type-checked without the DOM library).
declare const window: { dispatchEvent(event: unknown): boolean }
declare const DataTransfer: new () => { items: { add(file: File): void } }
declare const DragEvent: new (type: string, init: object) => unknown

const screens = process.env.SCAN_SCREENS ?? screenshotDir
const wait = { timeout: 60_000, interval: 250 }

const app = useApp()
beforeAll(() => mkdir(screens, { recursive: true }))

const axe = (selector: string) => axeViolations(app.page, [selector])

const row = (name: string) => scanRow(app.page, name)
const column = async (name: string, words: Words) => cellOf(scanQueue(app.page), row(name), words)

describe('scan station in the browser', () => {
  it('configures a folder, reads three PDFs, takes a dropped one and explains a bad one', async () => {
    // A folder as deep as an office's share gives it: the path column shortens it on one line.
    const folder = join(
      mkdtempSync(join(tmpdir(), 'scan-e2e-')),
      'Regnskap',
      'Skannede bilag 2. etasje',
      'Nordlys',
    )
    mkdirSync(folder, { recursive: true })
    await app.signIn()
    await navLink(app.page, 'settings').click()
    await app.page.getByLabel(/Folder path/).fill(folder)
    await expect.poll(() => app.page.getByText('Exists, readable and writable').isVisible(), wait).toBe(true)
    await app.page.getByRole('button', { name: 'Add folder' }).click()
    await expect.poll(() => scanFolderRow(app.page, folder).textContent(), wait).toMatch(/Watching/)
    expect(await axe('[aria-labelledby="scan-folders-heading"]')).toEqual([])
    await shootBothLanguages(app.page, app.setLanguage, screens, 'settings-scan-folders')

    const invoices = await Promise.all(
      [11, 12, 13, 14].map((seed) => generateInvoice(seed, { layout: 'classic' })),
    )
    invoices.slice(0, 3).forEach((inv, i) => writeFileSync(join(folder, `faktura-${i + 1}.pdf`), inv.pdf))
    writeFileSync(join(folder, 'notat.pdf'), 'Dette er et notat, ikke en faktura.')
    await navLink(app.page, 'inbox').click()
    await expect.poll(() => scanQueue(app.page).isVisible(), wait).toBe(true)
    await expect.poll(() => row('faktura-1.pdf').count(), wait).toBe(1)

    for (const name of ['faktura-1.pdf', 'faktura-2.pdf', 'faktura-3.pdf'])
      await expect.poll(() => row(name).getAttribute('data-state'), wait).toBe('ready')
    const money = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    for (const [i, inv] of invoices.slice(0, 3).entries()) {
      const name = `faktura-${i + 1}.pdf`
      expect((await (await column(name, ['Amount', 'Beløp'])).textContent())?.trim()).toBe(
        money.format(Number(inv.truth[6])),
      )
      expect((await (await column(name, ['Supplier', 'Leverandør'])).textContent())?.trim()).not.toBe('')
    }
    await expect.poll(() => row('notat.pdf').getAttribute('data-state'), wait).toBe('failed')
    expect(await (await column('notat.pdf', ['Status', 'Status'])).textContent()).toMatch(
      /not a PDF, PNG, JPEG or TIFF/,
    )

    // Drop a PDF on the window: the overlay names the open company, the file joins the queue.
    const base64 = Buffer.from(invoices[3]!.pdf).toString('base64')
    await app.page.evaluate((data) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0))
      const dt = new DataTransfer()
      dt.items.add(new File([bytes], 'fra-epost.pdf', { type: 'application/pdf' }))
      ;(globalThis as unknown as { __drop: unknown }).__drop = dt
      window.dispatchEvent(new DragEvent('dragenter', { dataTransfer: dt, bubbles: true, cancelable: true }))
    }, base64)
    await expect
      .poll(() => statusSaying(app.page, /Drop files to scan them into .+ AS/).isVisible(), wait)
      .toBe(true)
    await app.page.evaluate(() => {
      const dt = (globalThis as unknown as { __drop: unknown }).__drop
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }))
    })
    await expect.poll(() => row('fra-epost.pdf').getAttribute('data-state'), wait).toBe('ready')
    expect(await axe('[aria-labelledby="scan-queue-heading"]')).toEqual([])
    await app.page.screenshot({ path: join(screens, 'inbox-ready-en-1280x800.png') })

    // The same screens in Norwegian, and a batch of twelve dropped files under way in both languages.
    await navLink(app.page, 'settings').click()
    await expect.poll(() => viewHeading(app.page, 'settings').isVisible(), wait).toBe(true)
    await languageSelect(app.page).click()
    await languageOption(app.page, 'nb').click()
    await expect
      .poll(() => app.page.getByRole('heading', { name: 'Skannemapper' }).isVisible(), wait)
      .toBe(true)
    await expect.poll(() => scanFolderRow(app.page, folder).textContent(), wait).toMatch(/Overvåkes/)
    await navLink(app.page, 'inbox').click()
    const seeds = Array.from({ length: 12 }, (_, i) => 21 + i)
    const batch = await Promise.all(seeds.map((seed) => generateInvoice(seed)))
    await app.page.evaluate(
      (files) => {
        const dt = new DataTransfer()
        for (const [i, data] of files.entries()) {
          const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0))
          dt.items.add(new File([bytes], `bunke-${i + 1}.pdf`, { type: 'application/pdf' }))
        }
        window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }))
      },
      batch.map((b) => Buffer.from(b.pdf).toString('base64')),
    )
    await expect.poll(() => row('bunke-1.pdf').count(), wait).toBe(1)
    await shootBothLanguages(app.page, app.setLanguage, screens, 'inbox-mid-batch')
    await app.setLanguage('nb')
    for (let i = 1; i <= seeds.length; i++)
      await expect.poll(() => row(`bunke-${i}.pdf`).getAttribute('data-state'), wait).toBe('ready')
    expect(await axe('[aria-labelledby="scan-queue-heading"]')).toEqual([])
    await app.page.screenshot({ path: join(screens, 'inbox-ready-nb-1280x800.png') })
  }, 300_000)
})
