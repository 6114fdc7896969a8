// An EHF invoice in the review, in Chromium with the demo office: the demo's access-point invoice (XML, no
// PDF) opens with the viewer showing it as a readable invoice, every field filled from the XML, and its
// lines proposed as cost lines (one per invoice line, VAT code from the line's rate). axe-core passes.
import { describe, expect, it } from 'vitest'
import { SupplierInvoiceStatus } from '../../common/status.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../platform/seed/demo-constants.ts'
import { DEMO_REVIEW_INVOICES } from '../../platform/seed/demo-review.ts'
import { axeViolations, platformApi, useApp } from './support.ts'
import { costLineField, costLineFields, reviewForm, structuredInvoice } from './find.ts'

const nordlys = DEMO_COMPANIES.nordlys
const ehf = DEMO_REVIEW_INVOICES.find((inv) => inv.source === 'ehf')!
const app = useApp()
const wait = { timeout: 90_000 }

describe('an EHF invoice in the review', () => {
  it('shows the XML as an invoice, fills every field and proposes its lines as cost lines', async () => {
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
    const draft = drafts.find((d) => d.Comment === `EHF-faktura ${ehf.invoiceNumber}.xml`)!
    expect(draft).toBeDefined()
    await app.page.evaluate((id) => {
      ;(globalThis as unknown as { location: { hash: string } }).location.hash = `#/review?invoice=${id}`
    }, draft.ID)
    await expect.poll(() => reviewForm(app.page).getAttribute('data-invoice'), wait).toBe(String(draft.ID))
    const viewer = structuredInvoice(app.page)
    await expect.poll(() => viewer.isVisible(), wait).toBe(true)
    await expect.poll(() => viewer.textContent(), wait).toContain(ehf.invoiceNumber)
    for (const line of ehf.lines!) expect(await viewer.textContent()).toContain(line.name)
    // The XML's lines become the draft's cost lines: one per line, amounts including VAT.
    await expect.poll(() => costLineFields(app.page, 'description').count(), wait).toBe(ehf.lines!.length)
    const descriptions = await costLineFields(app.page, 'description').evaluateAll((els) =>
      els.map((el) => (el as unknown as { value: string }).value),
    )
    expect(descriptions).toEqual(ehf.lines!.map((l) => expect.stringContaining(l.name)))
    const first = ehf.lines![0]!
    const firstGross = Math.round(first.quantity * first.price * (100 + first.rate)) / 100
    // Shown with two decimals in the language's format: its digits are the amount in øre.
    const shown = await costLineField(app.page, 'amount', 1).inputValue()
    expect(Number(shown.replace(/\D/g, '')) / 100, shown).toBeCloseTo(firstGross, 2)
    expect(await axeViolations(app.page, ['main']), 'axe on the review of an EHF invoice').toEqual([])
    await app.shoot('review-ehf')
  }, 300_000)
})
