// Links to an invoice open that invoice, in Chromium against the browser-mode host and its Local sandbox:
// Anne drops a scan on the window, waits for "Invoice N" (N the number read) in the inbox's scan queue and
// clicks it; the review shows that invoice (waiting for it to arrive from the platform when it has not yet),
// never the queue's first draft. An inbox row opens in review too: R on the focused row, or the header
// panel's "Open in review".
import type { Locator } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { OcrPropertyId } from '../../common/ocr.ts'
import { generateInvoice } from '../../document-reader/corpus/generate.ts'
import { axeViolations, useApp } from './support.ts'
import {
  bodyRows,
  inboxTable,
  invoicePanel,
  listTab,
  navLink,
  reviewForm,
  scanQueue,
  scanRow,
  viewHeading,
} from './find.ts'

// The page's DOM names used inside page.evaluate (this file is type-checked without the DOM library).
declare const window: { dispatchEvent(event: unknown): boolean }
declare const DataTransfer: new () => { items: { add(file: File): void } }
declare const DragEvent: new (type: string, init: object) => unknown
declare const document: {
  body: unknown
  querySelector(selector: string): { getAttribute(name: string): string | null } | null
}
declare const MutationObserver: new (callback: () => void) => {
  observe(target: unknown, options: object): void
}

const wait = { timeout: 90_000, interval: 250 }

const app = useApp()
beforeAll(() => app.signIn(), 240_000)

/** Records every invoice the review form shows from now on (`globalThis.__shown`), in order. */
async function recordShownInvoices(): Promise<void> {
  await app.page.evaluate(() => {
    const shown: string[] = []
    ;(globalThis as unknown as { __shown: string[] }).__shown = shown
    const look = () => {
      // The review's form (the one form that carries the invoice it shows).
      const id = document.querySelector('form[data-invoice]')?.getAttribute('data-invoice')
      if (id && shown.at(-1) !== id) shown.push(id)
    }
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true })
    look()
  })
}
const shownInvoices = () => app.page.evaluate(() => (globalThis as unknown as { __shown: string[] }).__shown)
const reviewedInvoice = () => reviewForm(app.page).getAttribute('data-invoice')
/** The inbox's rows; the supplier's cell keeps the invoice's ID (which no column shows) in `data-invoice`. */
const inboxRows = () => bodyRows(inboxTable(app.page))
const invoiceOf = (row: Locator) => row.locator('[data-invoice]').getAttribute('data-invoice')

describe('links to an invoice', () => {
  it('opens the scanned invoice from the scan queue’s “Invoice N”, never another', async () => {
    await navLink(app.page, 'inbox').click()
    await expect.poll(() => scanQueue(app.page).isVisible(), wait).toBe(true)
    const invoice = await generateInvoice(41, { layout: 'classic' })
    await app.page.evaluate((data) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0))
      const dt = new DataTransfer()
      dt.items.add(new File([bytes], 'lenke.pdf', { type: 'application/pdf' }))
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }))
    }, Buffer.from(invoice.pdf).toString('base64'))
    // The row links to its invoice once the draft is made: named by the number read from the document, and
    // addressed by the platform's ID.
    const link = scanRow(app.page, 'lenke.pdf').getByRole('link', { name: /^Invoice / })
    await expect.poll(() => link.count(), wait).toBe(1)
    expect((await link.textContent())!.trim()).toBe(`Invoice ${invoice.truth[OcrPropertyId.InvoiceNumber]}`)
    const id = /invoice=(\d+)/.exec((await link.getAttribute('href')) ?? '')![1]!

    await recordShownInvoices()
    await link.click()
    await expect.poll(() => viewHeading(app.page, 'review').isVisible(), wait).toBe(true)
    await expect.poll(reviewedInvoice, wait).toBe(id)
    expect(await shownInvoices()).toEqual([id])
    expect(app.page.url()).toContain(`invoice=${id}`)
  }, 180_000)

  it('opens an inbox row in review with R, and from the header panel’s “Open in review”', async () => {
    await navLink(app.page, 'inbox').click()
    await listTab(app.page, ['Draft', 'Utkast']).click()
    const rows = inboxRows()
    await expect.poll(() => rows.count(), wait).toBeGreaterThan(1)
    // The second row: the review's own first choice would be the queue's first.
    const second = rows.nth(1)
    const id = await invoiceOf(second)
    await second.focus()
    await recordShownInvoices()
    await app.page.keyboard.press('r')
    await expect.poll(reviewedInvoice, wait).toBe(id)
    expect(await shownInvoices()).toEqual([id])

    // Back to the inbox; a click keeps opening the header panel, whose button opens the review.
    await app.page.goBack()
    await expect.poll(() => viewHeading(app.page, 'inbox').isVisible(), wait).toBe(true)
    const third = inboxRows().nth(2)
    const thirdId = await invoiceOf(third)
    await third.click()
    await expect.poll(() => invoicePanel(app.page).isVisible(), wait).toBe(true)
    // The workspace with the panel and its table (a toast of the earlier drop, outside it, may still be
    // fading in or out).
    expect(await axeViolations(app.page, ['main'])).toEqual([])
    await app.shoot('inbox-panel-open-in-review')
    await recordShownInvoices()
    await invoicePanel(app.page).getByRole('button', { name: 'Open in review' }).click()
    await expect.poll(reviewedInvoice, wait).toBe(thirdId)
    expect(await shownInvoices()).toEqual([thirdId])
  }, 120_000)

  it('says so, with a way back, when the company has no invoice of the number a link names', async () => {
    await app.page.evaluate("location.hash = '#/review?invoice=987654'")
    const missing = app.page.getByRole('alert').filter({ hasText: 'Invoice 987654 is not in' })
    await expect.poll(() => missing.isVisible(), wait).toBe(true)
    expect(await missing.textContent()).toContain('987654')
    expect(await reviewForm(app.page).count()).toBe(0)
    expect(await axeViolations(app.page, ['main'])).toEqual([])
    await app.shoot('review-link-missing')
    await missing.getByRole('link', { name: 'Open the review queue' }).click()
    await expect.poll(reviewedInvoice, wait).not.toBeNull()
  }, 120_000)
})
