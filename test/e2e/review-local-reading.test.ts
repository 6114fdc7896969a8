// The review against a cloud whose OCR reads nothing of a document (`--ocr none`, LEDGERDESK_SANDBOX_OCR):
// the demo's PDF invoice opens with its invoice number proposed from the reading made on this computer
// (main's reader; a scanned page's Tesseract reading is tested in test/node/local-reading.test.ts), marked
// "Read on this computer" in both languages. axe-core passes.
import { describe, expect, it } from 'vitest'
import { SupplierInvoiceStatus } from '../../common/status.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../platform/seed/demo-constants.ts'
import { DEMO_REVIEW_INVOICES } from '../../platform/seed/demo-review.ts'
import { axeViolations, platformApi, useApp } from './support.ts'
import { proposalSource, reviewField, reviewForm } from './find.ts'

// Each test file runs in a process of its own: only this file's sandbox reads nothing.
process.env.LEDGERDESK_SANDBOX_OCR = 'none'

const nordlys = DEMO_COMPANIES.nordlys
const native = DEMO_REVIEW_INVOICES.find((inv) => inv.source === 'native')!
const app = useApp()
const wait = { timeout: 180_000 }

describe('the review with a cloud OCR that read nothing', () => {
  it('proposes what was read on this computer and says so', async () => {
    await app.page.setViewportSize({ width: 1280, height: 800 })
    await app.signIn()
    await app.openCompany(nordlys, 'overview')
    await app.setLanguage('en')
    const drafts = await platformApi<{ ID: number; Comment: string | null }[]>(
      app.route.origin(),
      DEMO_USERS.anne.email,
      nordlys.key,
      `supplierinvoices?filter=StatusCode eq ${SupplierInvoiceStatus.Draft}&orderby=ID`,
    )
    const draft = drafts.find((d) => d.Comment === `Faktura ${native.invoiceNumber}.pdf`)!
    expect(draft).toBeDefined()
    await app.page.evaluate((id) => {
      ;(globalThis as unknown as { location: { hash: string } }).location.hash = `#/review?invoice=${id}`
    }, draft.ID)
    await expect.poll(() => reviewForm(app.page).getAttribute('data-invoice'), wait).toBe(String(draft.ID))

    const number = reviewField(app.page, 'InvoiceNumber')
    const local = await proposalSource(number, 'local')
    await expect
      .poll(() => local.count(), wait)
      .toBe(1)
      .catch(async (error: unknown) => {
        const note = await app.page
          .locator(`[id="${await number.getAttribute('aria-describedby')}"]`)
          .innerHTML()
        const logged = app.log.entries.filter((e) => /local|read/i.test(e.message))
        throw new Error(`${String(error)}\nnote: ${note}\nlog: ${JSON.stringify(logged).slice(0, 3000)}`)
      })
    const note = app.page.locator(`[id="${await number.getAttribute('aria-describedby')}"]`)
    expect(await note.textContent()).toContain(`Read: ${native.invoiceNumber}`)
    expect(await local.getAttribute('title')).toBe('Read on this computer')
    // The platform proposed nothing for it: no value of the field is marked as the platform's.
    expect(await (await proposalSource(number, 'platform')).count()).toBe(0)
    expect(await axeViolations(app.page, ['main']), 'axe on the review, English').toEqual([])
    // The invoice's currency is named, on a platform that lists no currencies too (its expanded CurrencyCode).
    expect(await app.page.locator('#review-currency').textContent()).toContain('NOK')

    await app.setLanguage('nb')
    await expect.poll(() => note.textContent(), wait).toContain(`Lest: ${native.invoiceNumber}`)
    expect(await (await proposalSource(number, 'local')).getAttribute('title')).toBe(
      'Lest på denne datamaskinen',
    )
    expect(await axeViolations(app.page, ['main']), 'axe on the review, Norwegian').toEqual([])
    await app.shoot('review-local-reading')
  }, 400_000)
})
