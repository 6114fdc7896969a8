// The OCR review in Chromium with the demo office: Anne opens Nordlys Bakeri AS's review queue; the scanned
// invoice shows what OCR read, and she confirms it with the keyboard alone (Enter takes the read invoice
// number and KID); a wrong KID is refused until it is fixed or saved with a reason; a review made while the
// platform cannot be reached arrives on reconnect; the screen passes axe-core.
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { SupplierInvoiceStatus } from '../../common/status.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../platform/seed/demo-constants.ts'
import { DEMO_APPROVAL_RULE } from '../../platform/seed/demo-approvals.ts'
import { DEMO_REVIEW_INVOICES } from '../../platform/seed/demo-review.ts'
import { axeViolations, platformApi, screensDir, useApp } from './support.ts'
import {
  accessibleDescription,
  costLineField,
  costLines,
  costLineVat,
  dialogNamed,
  navLink,
  reviewCounter,
  reviewDocument,
  reviewField,
  reviewForm,
  statusSaying,
  syncNowButton,
  viewHeading,
} from './find.ts'

const nordlys = DEMO_COMPANIES.nordlys
const scanned = DEMO_REVIEW_INVOICES.find((inv) => inv.source === 'scan' && inv.otherAccount)!
const native = DEMO_REVIEW_INVOICES.find((inv) => inv.source === 'native')!

// Two of these show what only undocumented reads give: the proposed rule's name (rules are not listed by the
// documented platform) and an invoice's comment history (only writing a comment is documented). So this file
// runs against the platform's full surface; the review on the documented platform is covered by
// test/node/desktop/documented-reads.test.ts and the scan, approval and review-link files here.
const app = useApp({ surface: 'full' })

const wait = { timeout: 90_000 }

interface Invoice {
  ID: number
  InvoiceNumber: string | null
  PaymentID: string | null
  Comment: string | null
  StatusCode: number
  [field: string]: unknown
}

const platform = <T>(companyKey: string, path: string, init?: RequestInit) =>
  platformApi<T>(app.route.origin(), DEMO_USERS.anne.email, companyKey, path, init)

/** The seeded draft whose PDF is named `name` (the demo's review queue names its drafts after their file). */
async function draftWithFile(name: string): Promise<Invoice> {
  const drafts = await platform<Invoice[]>(
    nordlys.key,
    `supplierinvoices?filter=StatusCode eq ${SupplierInvoiceStatus.Draft}&orderby=ID`,
  )
  const found = drafts.find((d) => d.Comment === name)
  if (!found) throw new Error(`No seeded draft with the file ${name}`)
  return found
}

/**
 * Where the demo invoice prints its number (demoInvoicePdf: "Fakturanummer: N" at x 360, baseline 750 on an
 * A4 page, Helvetica 10), as fractions of the page.
 */
async function printedNumberRect(number: string) {
  const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica)
  const [width, height] = [595.28, 841.89]
  const left = 360 + font.widthOfTextAtSize('Fakturanummer: ', 10)
  const right = left + font.widthOfTextAtSize(number, 10)
  return {
    left: left / width,
    right: right / width,
    top: (height - 750 - 10) / height,
    bottom: (height - 748) / height,
  }
}

const activeId = () =>
  app.page.evaluate(
    () =>
      (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement
        ?.id ?? '',
  )

const field = (name: Parameters<typeof reviewField>[1]) => reviewField(app.page, name)
const counter = () => reviewCounter(app.page)
/** The line under the form that says what the last action came to (a live status). */
const saidStatus = (text: string | RegExp) => statusSaying(reviewForm(app.page), text)

async function openReview(invoiceId: number): Promise<void> {
  // In-app navigation: a reload would start a new browser-mode session.
  await app.page.evaluate((id) => {
    ;(globalThis as unknown as { location: { hash: string } }).location.hash = `#/review?invoice=${id}`
  }, invoiceId)
  await expect.poll(() => viewHeading(app.page, 'review').isVisible(), wait).toBe(true)
  await expect.poll(() => counter().isVisible(), wait).toBe(true)
  await expect.poll(() => reviewForm(app.page).getAttribute('data-invoice'), wait).toBe(String(invoiceId))
}

async function syncNow(): Promise<void> {
  await syncNowButton(app.page).click()
}

async function runAxe(label: string): Promise<void> {
  expect(await axeViolations(app.page, ['main', '.p-dialog', '.p-drawer']), `axe on ${label}`).toEqual([])
}

describe('the OCR review', () => {
  it('opens Nordlys’ review queue with a counter and moves through it', async () => {
    await app.page.setViewportSize({ width: 1280, height: 800 })
    await app.signIn()
    await app.openCompany(nordlys, 'overview')
    await app.setLanguage('en')
    await navLink(app.page, 'review').click()
    await expect.poll(() => counter().textContent(), wait).toMatch(/^\s*1 of \d+\s*$/)
    const total = Number((await counter().textContent())!.trim().split(' of ')[1])
    const drafts = await platform<Invoice[]>(
      nordlys.key,
      `supplierinvoices?filter=StatusCode eq ${SupplierInvoiceStatus.Draft} or StatusCode eq ${SupplierInvoiceStatus.Rejected}`,
    )
    expect(total).toBe(drafts.length)
    await app.page.keyboard.press('Alt+PageDown')
    await expect.poll(() => counter().textContent(), wait).toMatch(/^\s*2 of /)
    await app.page.keyboard.press('Alt+PageUp')
    await expect.poll(() => counter().textContent(), wait).toMatch(/^\s*1 of /)
    await runAxe('the review screen')
  }, 300_000)

  it('confirms a scanned invoice with the keyboard alone: Enter takes what OCR read', async () => {
    const invoice = await draftWithFile(`Faktura ${scanned.invoiceNumber} (skannet).pdf`)
    expect(invoice.InvoiceNumber ?? '').toBe('')
    await openReview(invoice.ID)
    // The OCR answer of the scan is cached with its PDF (Tesseract reads it on the platform, which takes a
    // while on a busy machine; the next sync asks again); the proposal shows under the empty field, which
    // it describes.
    const note = () => accessibleDescription(field('InvoiceNumber'))
    const deadline = Date.now() + 300_000
    while (!(await note()).includes(`Read: ${scanned.invoiceNumber}`)) {
      if (Date.now() > deadline) throw new Error(`OCR proposal not shown: ${await note()}`)
      if (await syncNowButton(app.page).isEnabled()) await syncNow()
      await app.page.waitForTimeout(10_000)
    }
    // Focusing the invoice number highlights its box, drawn on the page where the number is printed.
    await field('InvoiceNumber').focus()
    // The boxes are drawn over the page image and hidden from the accessibility tree (the focused field says
    // what was read), so the drawn box is found by its class.
    const active = reviewDocument(app.page).locator('.dv__box.active')
    await expect.poll(() => active.count(), wait).toBe(1)
    const printed = await printedNumberRect(scanned.invoiceNumber)
    // Measured until it overlaps the printed number: a sync may open the document again while the box is
    // found, and a page not yet laid out has no size to measure against.
    const placement = async () => {
      const drawn = await active.evaluate((el) => {
        const pageRect = el.parentElement!.getBoundingClientRect()
        const r = el.getBoundingClientRect()
        return {
          left: (r.left - pageRect.left) / pageRect.width,
          right: (r.right - pageRect.left) / pageRect.width,
          top: (r.top - pageRect.top) / pageRect.height,
          bottom: (r.bottom - pageRect.top) / pageRect.height,
        }
      })
      const overlapX = Math.min(drawn.right, printed.right) - Math.max(drawn.left, printed.left)
      const overlapY = Math.min(drawn.bottom, printed.bottom) - Math.max(drawn.top, printed.top)
      return overlapX > 0 && overlapY > 0 ? 'over the printed number' : JSON.stringify({ drawn, printed })
    }
    await expect.poll(placement, wait).toBe('over the printed number')
    // Back to the first field by keyboard.
    await app.page.keyboard.press('Shift+Tab')
    await expect.poll(() => activeId(), wait).toBe('review-supplier')
    await app.page.keyboard.press('Enter') // supplier, matched when the draft was made
    await expect.poll(() => activeId()).toMatch(/^review-InvoiceNumber/)
    for (let i = 0; i < 6; i++) await app.page.keyboard.press('Enter')
    await expect.poll(() => field('InvoiceNumber').inputValue()).toBe(scanned.invoiceNumber)
    await expect
      .poll(() => reviewForm(app.page).getByText('Confirmed', { exact: true }).count())
      .toBeGreaterThanOrEqual(6)
    // Alt+Down opens the alternatives of the focused field, with their probability.
    await field('InvoiceNumber').focus()
    await app.page.keyboard.press('Alt+ArrowDown')
    const list = app.page.getByRole('listbox', { name: 'Alternatives for Invoice number' })
    await expect.poll(() => list.isVisible()).toBe(true)
    await expect.poll(() => list.getByRole('option').first().textContent()).toMatch(/\d+ %/)
    await app.shoot('review-scanned-alternatives')
    await app.page.keyboard.press('Escape')
    // The cost lines start from supplier memory's proposal for the whole total, with its reason; the user
    // codes two lines from the keyboard: Enter goes cell to cell, Alt+Insert adds a line.
    const gross = Math.round(scanned.net * 125) / 100
    const lines = costLines(app.page)
    await expect.poll(() => lines.getByText(/^Proposed /).count(), wait).toBeGreaterThan(0)
    await expect.poll(() => costLineField(app.page, 'account', 1).inputValue(), wait).toMatch(/^\d{4}$/)
    await costLineField(app.page, 'account', 1).focus()
    const typeCell = async (text: string) => {
      await app.page.keyboard.press('Control+a')
      await app.page.keyboard.type(text)
    }
    await typeCell('4000')
    // The account list is open on what was typed (axe-core passes with it); Enter takes the account.
    const accountList = app.page.getByRole('listbox', { name: 'Account', exact: true })
    await expect.poll(() => accountList.getByRole('option').first().textContent()).toMatch(/^4000 /)
    await runAxe('the cost lines with the account list open')
    if (screensDir) await app.page.screenshot({ path: `${screensDir}/review-account-list-en-1280x800.png` })
    await app.page.keyboard.press('Enter')
    await expect.poll(() => costLineField(app.page, 'account', 1).inputValue()).toBe('4000')
    await typeCell('1')
    await app.page.keyboard.press('Enter')
    await typeCell('15 000')
    await app.page.keyboard.press('Enter')
    await typeCell('Smør')
    const difference = (gross - 15_000).toLocaleString('en-GB', { minimumFractionDigits: 2 })
    await expect.poll(() => statusSaying(lines, `difference ${difference})`).count()).toBe(1)
    await app.page.keyboard.press('Alt+Insert')
    await expect.poll(() => activeId()).toBe('review-line-1-account')
    await typeCell('6540')
    await app.page.keyboard.press('Enter')
    await typeCell('1')
    await app.page.keyboard.press('Enter')
    await typeCell(String(gross - 15_000))
    await app.page.keyboard.press('Enter')
    await typeCell('Kjøleskap')
    await expect.poll(() => costLineVat(app.page, 1).textContent()).toContain('3,000.00')
    await expect.poll(() => statusSaying(lines, 'The lines add up to the total').count()).toBe(1)
    await app.page.keyboard.press('Enter')
    await expect.poll(() => activeId()).toBe('review-save')
    await app.shoot('review-cost-lines')
    // A change of language rewrites the confirmed dates and amounts as the new language writes them.
    await app.setLanguage('nb')
    await expect
      .poll(() => field('TaxInclusiveAmount').inputValue(), wait)
      .toBe(gross.toLocaleString('nb-NO', { minimumFractionDigits: 2 }))
    expect(await field('InvoiceDate').inputValue()).toMatch(/^\d{2}\.\d{2}\.\d{4}$/)
    expect(await costLineField(app.page, 'amount', 1).inputValue()).toBe('15\u00a0000,00')
    await app.setLanguage('en')
    await expect
      .poll(() => field('TaxInclusiveAmount').inputValue(), wait)
      .toBe(gross.toLocaleString('en-GB', { minimumFractionDigits: 2 }))
    expect(await field('InvoiceDate').inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/)
    await costLineField(app.page, 'description', 2).focus()
    await app.page.keyboard.press('Enter')
    await expect.poll(() => activeId()).toBe('review-save')
    // The scan prints an account the supplier was never paid to: saving waits for the confirmation.
    await app.page.keyboard.press('Control+s')
    await expect.poll(() => saidStatus('Confirm the new bank account').count()).toBe(1)
    await expect.poll(() => activeId()).toBe('review-bank-confirm')
    await app.page.keyboard.press('Space')
    await app.page.keyboard.press('Control+s')
    await expect.poll(() => saidStatus('Saved').count(), wait).toBe(1)
    // Focus stays where the user was.
    await expect.poll(() => activeId()).toBe('review-bank-confirm')
    await syncNow()
    await expect
      .poll(
        async () => (await platform<Invoice>(nordlys.key, `supplierinvoices/${invoice.ID}`)).InvoiceNumber,
        wait,
      )
      .toBe(scanned.invoiceNumber)
    const after = await platform<Invoice>(nordlys.key, `supplierinvoices/${invoice.ID}`)
    expect(after.PaymentID).toMatch(/^\d{10}$/)
    // The two lines arrive as the invoice's JournalEntry.DraftLines.
    const draftLines = async () => {
      const coded = await platform<Invoice & { JournalEntry?: { DraftLines?: Record<string, unknown>[] } }>(
        nordlys.key,
        `supplierinvoices/${invoice.ID}?expand=JournalEntry.DraftLines`,
      )
      return (coded.JournalEntry?.DraftLines ?? [])
        .filter((l) => l.Deleted !== true)
        .map((l) => [Number(l.Amount), l.Description])
        .sort((a, b) => Number(b[0]) - Number(a[0]))
    }
    await expect.poll(draftLines, wait).toEqual([
      [15_000, 'Smør'],
      [gross - 15_000, 'Kjøleskap'],
    ])
  }, 300_000)

  it('refuses a wrong KID until it is fixed or saved with a reason', async () => {
    const invoice = await draftWithFile(`Faktura ${native.invoiceNumber}.pdf`)
    await openReview(invoice.ID)
    const kid = field('PaymentID')
    await expect.poll(() => kid.inputValue(), wait).toMatch(/^\d{10}$/)
    const right = await kid.inputValue()
    const last = Number(right.at(-1))
    const wrong = `${right.slice(0, -1)}${(last + 1) % 10}`
    await kid.fill(wrong)
    await expect.poll(() => accessibleDescription(kid)).toContain('wrong check digit')
    await app.page.keyboard.press('Control+s')
    const dialog = app.page.getByRole('dialog')
    await expect.poll(() => dialog.isVisible()).toBe(true)
    await app.shoot('review-checksum-error')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    expect((await platform<Invoice>(nordlys.key, `supplierinvoices/${invoice.ID}`)).PaymentID).toBe(right)
    // Fixed: saved.
    await kid.fill(right)
    await app.page.keyboard.press('Control+s')
    await expect.poll(() => saidStatus(/Saved|Nothing changed/).count(), wait).toBe(1)
    // Wrong again, with a reason: saved.
    await kid.fill(wrong)
    await app.page.keyboard.press('Control+s')
    await expect.poll(() => dialog.isVisible()).toBe(true)
    await dialog.getByLabel('Reason').fill('KID bekreftet av leverandør på telefon')
    await dialog.getByRole('button', { name: 'Save anyway' }).click()
    await expect.poll(() => saidStatus('Saved').count(), wait).toBe(1)
    await expect.poll(() => accessibleDescription(kid)).toContain('bekreftet av leverandør')
    await syncNow()
    await expect
      .poll(
        async () => (await platform<Invoice>(nordlys.key, `supplierinvoices/${invoice.ID}`)).PaymentID,
        wait,
      )
      .toBe(wrong)
  }, 300_000)

  it('warns of a duplicate and of a bank account the supplier was never paid to, which must be confirmed', async () => {
    const twin = await draftWithFile(`Faktura ${native.invoiceNumber} (skannet).pdf`)
    await openReview(twin.ID)
    const duplicate = app.page.getByRole('alert').filter({ hasText: 'is already registered' })
    await expect.poll(() => duplicate.first().isVisible(), wait).toBe(true)
    await app.shoot('review-duplicate-warning')
    const changed = await draftWithFile(`Faktura ${scanned.invoiceNumber} (skannet).pdf`)
    await openReview(changed.ID)
    const warning = app.page
      .getByRole('alert')
      .filter({ hasText: 'has not been used for this supplier before' })
    await expect.poll(() => warning.isVisible(), wait).toBe(true)
    await field('InvoiceNumber').fill(`${scanned.invoiceNumber}`)
    await app.page.keyboard.press('Control+s')
    await expect.poll(() => saidStatus('Confirm the new bank account').count()).toBe(1)
    await warning
      .getByRole('checkbox', { name: 'I have checked that the supplier uses this account' })
      .check()
    await app.page.keyboard.press('Control+s')
    await expect.poll(() => saidStatus(/Saved|Nothing changed/).count(), wait).toBe(1)
    await runAxe('the review with its warnings')
  }, 300_000)

  it('keeps a review made while the platform cannot be reached and sends it on reconnect', async () => {
    // The second scan of the native invoice: no KID read into it, the supplier's own account.
    const invoice = await draftWithFile(`Faktura ${native.invoiceNumber} (skannet).pdf`)
    await openReview(invoice.ID)
    app.route.cut = true
    try {
      await field('InvoiceNumber').fill(`${native.invoiceNumber}-B`)
      await app.page.keyboard.press('Control+s')
      await expect.poll(() => saidStatus('Saved').count(), wait).toBe(1)
      await syncNow()
      await app.page.waitForTimeout(500)
      expect(
        (await platform<Invoice>(nordlys.key, `supplierinvoices/${invoice.ID}`)).InvoiceNumber ?? '',
      ).toBe('')
    } finally {
      app.route.cut = false
    }
    await syncNow()
    await expect
      .poll(
        async () => (await platform<Invoice>(nordlys.key, `supplierinvoices/${invoice.ID}`)).InvoiceNumber,
        wait,
      )
      .toBe(`${native.invoiceNumber}-B`)
  }, 300_000)

  it('sends an invoice for approval to the rule the platform proposes for its supplier', async () => {
    const invoice = await draftWithFile(`Faktura ${native.invoiceNumber} (skannet).pdf`)
    const [rule] = await platform<{ ID: number }[]>(
      nordlys.key,
      `approvalrules?filter=Description eq '${DEMO_APPROVAL_RULE}'`,
    )
    // The office links the supplier to its rule (ApprovalRuleLinkGroups bulk-save), as in the platform's UI.
    await platform(nordlys.key, 'ApprovalRuleLinkGroups/?action=bulk-save', {
      method: 'PUT',
      body: JSON.stringify([
        {
          Name: 'Leverandører',
          SourceEntity: 0,
          Priority: 0,
          Links: [{ SourceEntity: 0, SourceInstanceID: invoice.SupplierID, ApprovalRuleID: rule!.ID }],
        },
      ]),
    })
    await openReview(invoice.ID)
    await field('InvoiceNumber').focus()
    await app.page.keyboard.press('Alt+Shift+A')
    const dialog = dialogNamed(app.page, ['Send for approval', 'Send til godkjenning'])
    await expect.poll(() => dialog.isVisible(), wait).toBe(true)
    await expect.poll(() => dialog.textContent(), wait).toContain(DEMO_APPROVAL_RULE)
    await expect.poll(() => dialog.getByLabel(new RegExp(DEMO_APPROVAL_RULE)).isChecked()).toBe(true)
    await runAxe('the send-for-approval dialog')
    await dialog.getByLabel('Message to the approvers (optional)').fill('Vask i november')
    await dialog.getByRole('button', { name: 'Send for approval' }).click()
    await syncNow()
    await expect
      .poll(
        async () => (await platform<Invoice>(nordlys.key, `supplierinvoices/${invoice.ID}`)).StatusCode,
        wait,
      )
      .toBe(SupplierInvoiceStatus.ForApproval)
    const tasks = await platform<{ ID: number; EntityID: number }[]>(
      nordlys.key,
      `tasks?filter=EntityID eq ${invoice.ID}`,
    )
    expect(tasks.length).toBeGreaterThan(0)
  }, 300_000)

  it('locks an invoice with a message, shows its history beside the form, and deletes a wrongly scanned draft', async () => {
    const invoice = await draftWithFile(`Faktura ${native.invoiceNumber}.pdf`)
    await openReview(invoice.ID)
    const statusSays = (text: RegExp) => () => saidStatus(text).count()
    const locks = async () =>
      (
        await platform<{ Message: string }[]>(
          nordlys.key,
          `entitylock?filter=EntityType eq 'SupplierInvoice' and EntityID eq ${invoice.ID}`,
        )
      ).map((l) => l.Message)
    await field('InvoiceNumber').focus()
    await app.page.keyboard.press('Alt+Shift+L')
    const lockDialog = dialogNamed(app.page, ['Lock the invoice', 'Lås fakturaen'])
    await expect.poll(() => lockDialog.isVisible()).toBe(true)
    await lockDialog.getByLabel('Message').fill('Venter på kreditnota')
    await lockDialog.getByRole('button', { name: 'Lock', exact: true }).click()
    await expect.poll(statusSays(/Locked\./)).toBe(1)
    await syncNow()
    await expect.poll(locks, wait).toEqual(['Venter på kreditnota'])
    // The history beside the form: the reason the wrong KID was saved with, from the earlier review.
    await app.page.keyboard.press('Alt+Shift+H')
    const history = app.page.getByRole('complementary', { name: 'History' })
    await expect.poll(() => history.textContent(), wait).toContain('bekreftet av leverandør')
    await runAxe('the history panel')
    await app.shoot('review-history')
    await app.page.keyboard.press('Alt+Shift+H')
    await expect.poll(() => history.isVisible()).toBe(false)
    await app.page.keyboard.press('Alt+Shift+U')
    await expect.poll(statusSays(/Unlocked\./)).toBe(1)
    await syncNow()
    await expect.poll(locks, wait).toEqual([])
    // Deleted after a confirmation: the next invoice takes its place, and the platform deletes it.
    await app.page.keyboard.press('Alt+Shift+D')
    const confirm = dialogNamed(app.page, ['Delete the draft', 'Slett utkastet'])
    await expect.poll(() => confirm.isVisible()).toBe(true)
    await confirm.getByRole('button', { name: 'Delete draft' }).click()
    await expect
      .poll(() => reviewForm(app.page).getAttribute('data-invoice'), wait)
      .not.toBe(String(invoice.ID))
    await syncNow()
    await expect
      .poll(
        async () =>
          (await platform<Invoice[]>(nordlys.key, `supplierinvoices?filter=ID eq ${invoice.ID}`)).length,
        wait,
      )
      .toBe(0)
    expect(app.pageErrors).toEqual([])
  }, 300_000)
})
