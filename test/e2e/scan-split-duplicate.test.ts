// Splitting and duplicates at the scan station in Chromium, against the browser-mode host and its Local
// sandbox: a scan folder set to split on separator pages turns a batch of three invoices (a blank page and
// the printed separator sheet between them) into three invoices; a PDF dropped while the platform is out of
// reach is split by the accountant in the queue's split view and becomes two; a file dropped again, under
// its name or another, shows as a duplicate row whose link opens the invoice's review. The office overview
// shows each company's FileFlowEmail with a copy button. axe-core finds no serious problem, in either language.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEMO_COMPANIES } from '../../platform/seed/demo-constants.ts'
import { axeViolations, useApp } from './support.ts'
import { blankScan, invoicePage, joinPdfs, separatorPage } from '../support/split-batches.ts'
import { either, navLink, reviewForm, scanFolderRow, scanQueue, scanRow, viewHeading } from './find.ts'

// The page's DOM names used inside page.evaluate (this file is type-checked without the DOM library).
declare const window: { dispatchEvent(event: unknown): boolean }
declare const DataTransfer: new () => { items: { add(file: File): void } }
declare const DragEvent: new (type: string, init: object) => unknown

const wait = { timeout: 90_000, interval: 250 }
const app = useApp()
const row = (name: string) => scanRow(app.page, name)
const queueAxe = () => axeViolations(app.page, ['[aria-labelledby="scan-queue-heading"]'])

/** Drops files on the window, as the browser delivers them. */
async function drop(files: { name: string; pdf: Uint8Array }[]) {
  await app.page.evaluate(
    (list) => {
      const dt = new DataTransfer()
      for (const f of list) {
        const bytes = Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0))
        dt.items.add(new File([bytes], f.name, { type: 'application/pdf' }))
      }
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }))
    },
    files.map((f) => ({ name: f.name, data: Buffer.from(f.pdf).toString('base64') })),
  )
}

describe('splitting scanned batches and telling duplicates', () => {
  it('splits a batch on separator pages and where the accountant cuts it, and links a duplicate to its invoice', async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'scan-split-e2e-')), 'Skanner')
    mkdirSync(folder, { recursive: true })
    await app.signIn()

    // The office overview: where each company's suppliers send their invoices, to be copied.
    const nordlys = DEMO_COMPANIES.nordlys
    await expect
      .poll(() => app.page.getByText(`${nordlys.slug}@inbox.demo.test`).isVisible(), wait)
      .toBe(true)
    await expect
      .poll(
        () =>
          app.page
            .getByRole('button', {
              name: either(['Copy the invoice address of', 'Kopier fakturaadressen til'], 'start'),
            })
            .count(),
        wait,
      )
      .toBeGreaterThan(1)
    // axe is given CSS selectors, not a role and name: the overview's table keeps its test id for it.
    expect(await axeViolations(app.page, ['[data-testid="overview-table"]'])).toEqual([])
    await app.shoot('overview-fileflow-email')

    // Settings: the folder, set to split on separator pages (kept in scan-folders.json).
    await navLink(app.page, 'settings').click()
    await app.page.getByLabel(/Folder path|Mappesti/).fill(folder)
    await expect.poll(() => app.page.getByText('Exists, readable and writable').isVisible(), wait).toBe(true)
    await app.page.getByRole('button', { name: 'Add folder' }).click()
    await expect.poll(() => scanFolderRow(app.page, folder).textContent(), wait).toMatch(/Watching/)
    const split = app.page.getByRole('checkbox', {
      name: `Split scanned PDFs in ${folder} into invoices at blank pages and separator sheets`,
    })
    expect(await split.isChecked()).toBe(false)
    await split.check()
    await expect.poll(() => split.isChecked(), wait).toBe(true)
    await expect
      .poll(() => app.page.getByRole('button', { name: 'Print separator sheet' }).isVisible())
      .toBe(true)
    expect(await axeViolations(app.page, ['[aria-labelledby="scan-folders-heading"]'])).toEqual([])
    await app.shoot('settings-split-on-separators')

    // A batch of three invoices: a blank page between the first two, the separator sheet before the third.
    const invoices = await Promise.all([4101, 4102, 4103].map((seed) => invoicePage(seed)))
    const batch = await joinPdfs([
      invoices[0]!.pdf,
      await blankScan(41),
      invoices[1]!.pdf,
      await separatorPage('printed'),
      invoices[2]!.pdf,
    ])
    writeFileSync(join(folder, 'bunke.pdf'), batch)
    await navLink(app.page, 'inbox').click()
    await expect.poll(() => scanQueue(app.page).isVisible(), wait).toBe(true)
    await expect.poll(() => row('bunke.pdf').first().getAttribute('data-state'), wait).toBe('split')
    expect(await row('bunke.pdf').first().textContent()).toContain('Split into 3 documents')
    for (const [i, name] of ['bunke-1.pdf', 'bunke-2.pdf', 'bunke-3.pdf'].entries()) {
      await expect.poll(() => row(name).getAttribute('data-state'), wait).toBe('ready')
      expect(await row(name).textContent()).toContain(`Part ${i + 1} of 3 of bunke.pdf`)
      expect(await row(name).textContent()).toContain(invoices[i]!.invoice.truth[5])
    }

    // A file dropped, then dropped again under its name and under another: two duplicate rows.
    const single = await invoicePage(4104)
    await drop([{ name: 'fra-epost.pdf', pdf: single.pdf }])
    await expect.poll(() => row('fra-epost.pdf').first().getAttribute('data-state'), wait).toBe('ready')
    // The link shows the invoice's number; the review it opens is addressed by the platform's ID.
    const invoiceHref = await row('fra-epost.pdf').first().getByRole('link').getAttribute('href')
    const invoiceId = /invoice=(\d+)/.exec(invoiceHref ?? '')![1]!
    // The duplicate's link names the invoice by the number and supplier read of the first file.
    const first = row('fra-epost.pdf').first()
    // The queue's columns: file, status, supplier, invoice number, amount, actions.
    const invoiceNumber = (await first.locator('td').nth(3).textContent())!.trim()
    const supplier = (await first.locator('td').nth(2).textContent())!
      .replace('new supplier', '')
      .trim()
    expect(invoiceNumber).not.toBe('')
    expect(supplier).not.toBe('')
    await drop([{ name: 'fra-epost.pdf', pdf: single.pdf }])
    await expect.poll(() => row('fra-epost.pdf').count(), wait).toBe(2)
    await drop([{ name: 'kopi-av-faktura.pdf', pdf: single.pdf }])
    const duplicates = scanQueue(app.page).locator('tr[data-state="duplicate"]')
    await expect.poll(() => duplicates.count(), wait).toBe(2)
    expect(
      await scanQueue(app.page)
        .locator('tr[data-state="ready"]')
        .filter({ hasText: 'fra-epost.pdf' })
        .count(),
    ).toBe(1)
    for (const name of ['fra-epost.pdf', 'kopi-av-faktura.pdf'])
      expect(
        await duplicates
          .filter({ hasText: name })
          .getByRole('link', { name: `Duplicate of invoice ${invoiceNumber} from ${supplier}` })
          .count(),
      ).toBe(1)
    expect(await queueAxe()).toEqual([])
    await app.shoot('inbox-duplicate-row')
    await app.setLanguage('nb')
    await expect
      .poll(
        () =>
          duplicates
            .filter({ hasText: 'kopi-av-faktura.pdf' })
            .getByRole('link', { name: `Duplikat av faktura ${invoiceNumber} fra ${supplier}` })
            .count(),
        wait,
      )
      .toBe(1)
    expect(await queueAxe()).toEqual([])
    await app.setLanguage('en')

    // The platform out of reach: a dropped PDF waits, and is split in the queue where the accountant cuts it.
    app.route.cut = true
    const two = await Promise.all([4105, 4106].map((seed) => invoicePage(seed)))
    await drop([{ name: 'to-fakturaer.pdf', pdf: await joinPdfs([two[0]!.pdf, two[1]!.pdf]) }])
    const waiting = row('to-fakturaer.pdf')
    const splitButton = waiting.getByRole('button', { name: 'Split to-fakturaer.pdf' })
    await expect.poll(() => splitButton.isVisible(), wait).toBe(true)
    await splitButton.click()
    const dialog = app.page.getByRole('dialog', { name: 'Split to-fakturaer.pdf' })
    await expect.poll(() => dialog.getByRole('img', { name: 'Page 2' }).isVisible(), wait).toBe(true)
    await dialog.getByRole('button', { name: 'Split here, before page 2' }).click()
    await expect.poll(() => dialog.getByText('2 documents: pages 1, 2').isVisible(), wait).toBe(true)
    expect(await axeViolations(app.page, ['[role="dialog"]'])).toEqual([])
    await app.shoot('inbox-split-view')
    await app.setLanguage('nb')
    const dialogNb = app.page.getByRole('dialog', { name: 'Del opp to-fakturaer.pdf' })
    await expect.poll(() => dialogNb.getByText('2 dokumenter: sidene 1, 2').isVisible(), wait).toBe(true)
    expect(await axeViolations(app.page, ['[role="dialog"]'])).toEqual([])
    await dialogNb.getByRole('button', { name: 'Del i 2 dokumenter' }).click()
    await expect.poll(() => dialogNb.isVisible(), wait).toBe(false)
    app.route.cut = false
    await expect.poll(() => row('to-fakturaer.pdf').getAttribute('data-state'), wait).toBe('split')
    for (const name of ['to-fakturaer-1.pdf', 'to-fakturaer-2.pdf'])
      await expect.poll(() => row(name).getAttribute('data-state'), wait).toBe('ready')
    await app.setLanguage('en')

    // The duplicate's link opens the invoice it repeats in the review.
    await duplicates.filter({ hasText: 'kopi-av-faktura.pdf' }).getByRole('link').click()
    await expect.poll(() => viewHeading(app.page, 'review').isVisible(), wait).toBe(true)
    expect(app.page.url()).toContain(`invoice=${invoiceId}`)
    await expect.poll(() => reviewForm(app.page).isVisible(), wait).toBe(true)
    expect(app.pageErrors).toEqual([])
  }, 600_000)
})
