// Journal drafting in Chromium against the browser-mode host and the Local sandbox: a balanced entry with
// 25 % input VAT is booked through the outbox and shows its number; an unbalanced draft cannot be booked;
// three lines pasted from a spreadsheet fill the grid; a line on a department and a project and an entry with a
// document (3 MB, sent over the host's upload endpoint) arrive so on the platform; Settings → Offline data shows the company's size and the settings; a
// draft booked while the platform cannot be reached survives a reload and is booked on reconnect; the views
// pass axe-core. The route to the platform is cut
// inside the host (its fetch fails as a refused connection).
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Locator } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { grownPdf } from '../support/documents.ts'
import { DEMO_COMPANIES } from '../../platform/seed/demo-constants.ts'
import { axeViolations, platformApi, SCREEN_SIZES, useApp } from './support.ts'
import {
  attachedDocuments,
  currentCompany,
  entryAttachments,
  offlineData,
  tableCell,
  languageOption,
  languageSelect,
  navLink,
  syncState,
  viewHeading,
} from './find.ts'

const screens = process.env.LEDGERDESK_JOURNAL_SCREENS_DIR ?? null
const nordlys = DEMO_COMPANIES.nordlys

// The entry here is booked on a department and a project: their lists and the Dimensions rows are not
// documented, so this file runs against the platform's full surface. Booking exactly once on a platform that
// ignores filters is test/node/sync/journal-retry.test.ts; the lists marked unavailable on the documented
// platform, test/node/sync/documented-pull.test.ts.
const app = useApp({ surface: 'full' })
const wait = { timeout: 60_000 }

interface Line {
  AccountID: number
  Amount: number | string
  JournalEntryNumber: string
  JournalEntryID: number
  DimensionsID: number | null
}

/** A GET on the platform with the integration client (never through the app). */
const onPlatform = <T>(path: string) =>
  platformApi<T>(app.route.origin(), 'anne.accountant@demo.test', nordlys.key, path)

/** Booked lines of an entry, read on the platform. */
const bookedLines = (number: string) =>
  onPlatform<Line[]>(`journalentrylines?filter=JournalEntryNumber eq '${number}'`)

const cell = (column: string, line: number) => app.page.getByLabel(`${column}, line ${line}`, { exact: true })
/** The options a column's picker offers (not those of another list on the page, such as the amount mode). */
const offered = (column: string) =>
  app.page.getByRole('listbox', { name: column, exact: true }).getByRole('option').count()

async function fill(column: string, line: number, text: string, pick = false) {
  await cell(column, line).click()
  await cell(column, line).fill(text)
  if (pick) await expect.poll(() => offered(column), wait).toBeGreaterThan(0)
  await cell(column, line).press('Enter')
}

async function newDraft() {
  await app.page.getByRole('button', { name: 'New draft' }).click()
  await expect.poll(() => cell('Account', 1).inputValue(), wait).toBe('')
}

async function typeRentEntry() {
  await fill('Account', 1, '6540', true)
  await expect
    .poll(async () => `${await cell('Account', 1).inputValue()} | ${await cell('VAT', 1).inputValue()}`, wait)
    .toMatch(/^6540 .* \| 1 /)
  await fill('Amount', 1, '12 500,00')
  await fill('Description', 1, 'Inventar')
  await fill('Account', 2, '1920', true)
  await cell('Amount', 2).click()
  await fill('Amount', 2, '-12500')
}

/** The draft's difference between debit and credit, announced as it changes. */
const difference = () => app.page.getByRole('status').filter({ hasText: /^\s*(Difference|Differanse)/ })

async function runAxe(label: string): Promise<void> {
  expect(await axeViolations(app.page), `axe on ${label}`).toEqual([])
}

/** Screenshots at both sizes, scrolled to `section` when one is given. */
async function shoot(name: string, section?: Locator) {
  if (!screens) return
  await mkdir(screens, { recursive: true })
  for (const [w, h] of SCREEN_SIZES) {
    await app.page.setViewportSize({ width: w, height: h })
    await section?.scrollIntoViewIfNeeded()
    await app.page.screenshot({ path: join(screens, `${name}-${w}x${h}.png`), fullPage: false })
  }
  await app.page.setViewportSize({ width: 1280, height: 800 })
}

describe('journal drafting', () => {
  it('signs in and opens the journal of Nordlys with its accounts cached', async () => {
    await app.signIn()
    await app.openCompany(nordlys, 'overview')
    await navLink(app.page, 'journal').click()
    await expect.poll(() => viewHeading(app.page, 'journal').isVisible(), wait).toBe(true)
    await newDraft()
    // The accounts arrive with the company's sync.
    await cell('Account', 1).click()
    await expect
      .poll(async () => {
        await cell('Account', 1).fill('')
        await cell('Account', 1).fill('6540')
        return offered('Account')
      }, wait)
      .toBeGreaterThan(0)
    await cell('Account', 1).fill('')
    // The VAT types (with their rates) arrive with the same sync.
    await cell('VAT', 1).click()
    await expect
      .poll(async () => {
        await cell('VAT', 1).fill('')
        await cell('VAT', 1).fill('1')
        return offered('VAT')
      }, wait)
      .toBeGreaterThan(0)
    // The code typed exactly is offered first, and the open list passes axe-core.
    const vatList = app.page.getByRole('listbox', { name: 'VAT', exact: true })
    expect(await vatList.getByRole('option').first().textContent()).toMatch(/^1 /)
    expect(await cell('VAT', 1).getAttribute('aria-expanded')).toBe('true')
    await runAxe('journal VAT code list open')
    await shoot('vat-code-list-en')
    await cell('VAT', 1).fill('')
    await cell('Account', 1).click()
  }, 240_000)

  it('books a balanced entry with 25 % input VAT, a department, a project and a document, and shows its number', async () => {
    await typeRentEntry()
    await fill('Department', 1, '2', true)
    await fill('Project', 1, 'Nettbutikk', true)
    expect(await cell('Department', 1).inputValue()).toBe('2 Salg')
    expect(await cell('Project', 1).inputValue()).toBe('101 Nettbutikk')
    // A document of the company, from the attachment lists on this computer.
    await app.page.getByRole('button', { name: 'Attach document to entry 1' }).click()
    const dialog = app.page.getByRole('dialog')
    await expect.poll(() => dialog.getByRole('button', { name: /^Attach / }).count(), wait).toBeGreaterThan(0)
    await dialog
      .getByRole('button', { name: /^Attach / })
      .first()
      .click()
    await expect.poll(async () => (await attachedDocuments(entryAttachments(app.page, 1))).length).toBe(1)
    await expect
      .poll(() => app.page.locator('.jgrid__preview').allTextContents())
      .toEqual([expect.stringContaining('10,000.00'), expect.stringContaining('2,500.00')])
    await expect.poll(() => difference().textContent()).toContain('0.00')
    await runAxe('journal draft')
    await shoot('draft-en')
    const book = app.page.getByRole('button', { name: 'Book', exact: true })
    expect(await book.isEnabled()).toBe(true)
    await cell('Description', 2).press('Control+Enter')
    await expect
      .poll(() => app.page.getByRole('status').allTextContents(), wait)
      .toContainEqual(expect.stringMatching(/Booked: \d+-\d{4}/))
    const text = (await app.page.getByRole('status').allTextContents()).find((t) => t.includes('Booked:'))!
    const number = /(\d+-\d{4})/.exec(text)![1]!
    const lines = await bookedLines(number)
    expect(lines.map((l) => Number(l.Amount)).sort((a, b) => a - b)).toEqual([-12500, 2500, 10000])
    // The cost line (net and VAT) is on Salg / Nettbutikk; the bank line on none.
    const net = lines.find((l) => Number(l.Amount) === 10000)!
    const bank = lines.find((l) => Number(l.Amount) === -12500)!
    expect(bank.DimensionsID).toBeNull()
    const dimensions = await onPlatform<{ Department: { Name: string }; Project: { Name: string } }>(
      `dimensions/${net.DimensionsID}?expand=Department,Project`,
    )
    expect([dimensions.Department.Name, dimensions.Project.Name]).toEqual(['Salg', 'Nettbutikk'])
    expect(await onPlatform<unknown[]>(`files/JournalEntry/${net.JournalEntryID}`)).toHaveLength(1)
  }, 120_000)

  it('an unbalanced draft cannot be booked and shows the difference', async () => {
    await newDraft()
    await fill('Account', 1, '6540', true)
    await fill('Amount', 1, '100')
    await fill('Description', 1, 'Ubalansert')
    await fill('Account', 2, '1920', true)
    await cell('Amount', 2).click()
    await fill('Amount', 2, '-90')
    await expect.poll(() => difference().textContent()).toContain('10.00')
    expect(await app.page.getByRole('button', { name: 'Book', exact: true }).isDisabled()).toBe(true)
    await cell('Amount', 2).press('Control+Enter')
    expect(await app.page.getByRole('status').allTextContents()).not.toContainEqual(
      expect.stringContaining('Queued'),
    )
  })

  it('fills three lines pasted from a spreadsheet, marking the unknown account', async () => {
    await newDraft()
    await cell('Account', 1).click()
    const rows =
      '31.03.2026\t6540\t1\t1 250,00\tStol\n31.03.2026\t1920\t\t(1 250,00)\tStol\n31.03.2026\t9999\t\t10,00\tUkjent'
    await app.page.evaluate(`(() => {
      const data = new DataTransfer()
      data.setData('text/plain', ${JSON.stringify(rows)})
      document.activeElement.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
    })()`)
    await expect.poll(() => cell('Account', 3).inputValue()).toBe('9999')
    expect(await cell('Account', 1).inputValue()).toMatch(/^6540 /)
    expect(await cell('Amount', 2).inputValue()).toBe('-1,250.00')
    expect(await cell('Account', 3).getAttribute('aria-invalid')).toBe('true')
    expect(await app.page.getByRole('button', { name: 'Book', exact: true }).isDisabled()).toBe(true)
  })

  it('uploads a 3 MB PDF dropped on an entry over the host upload endpoint and books it with the entry; a file that is not a document is refused by name', async () => {
    await newDraft()
    await fill('Account', 1, '7770', true)
    await fill('Amount', 1, '120')
    await fill('Description', 1, 'Kvittering fra slipp')
    await fill('Account', 2, '1920', true)
    await cell('Amount', 2).click()
    await fill('Amount', 2, '-120')
    const target = entryAttachments(app.page, 1)
    const drop = async (name: string, type: string, bytes: Uint8Array) => {
      const dataTransfer = await app.page.evaluateHandle(
        ({ name, type, base64 }) => {
          // In the page: a drag of one file, as a file manager starts it.
          const page = globalThis as unknown as {
            DataTransfer: new () => { items: { add(file: unknown): void } }
          }
          const data = new page.DataTransfer()
          const content = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
          data.items.add(new File([content], name, { type }))
          return data
        },
        { name, type, base64: Buffer.from(bytes).toString('base64') },
      )
      await target.dispatchEvent('dragover', { dataTransfer })
      await target.dispatchEvent('drop', { dataTransfer })
    }
    // Larger than a bridge message (1 MiB): its bytes go to the host's upload endpoint.
    const pdf = await grownPdf(3 * 1024 * 1024)
    const posted = app.page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/journal/document',
    )
    await drop('kvittering.pdf', 'application/pdf', pdf)
    expect(new URL((await posted).url()).searchParams.get('name')).toBe('kvittering.pdf')
    await expect.poll(() => attachedDocuments(target), wait).toEqual(['kvittering.pdf'])
    await drop('timeliste.txt', 'text/plain', new TextEncoder().encode('Timer mars: 37,5'))
    await expect
      .poll(() => target.getByRole('alert').textContent(), wait)
      .toContain('timeliste.txt was not attached: only PDF files and images')
    // The scan station's window-wide drop did not take either file.
    expect(
      await app.page
        .getByRole('status')
        .filter({ hasText: /^(Drop files to scan|Slipp filene)/ })
        .count(),
    ).toBe(0)
    await shoot('attach-dropped-en', target)
    await cell('Description', 2).press('Control+Enter')
    const lines = await expect
      .poll(() => onPlatform<Line[]>(`journalentrylines?filter=Description eq 'Kvittering fra slipp'`), wait)
      .toHaveLength(1)
      .then(() => onPlatform<Line[]>(`journalentrylines?filter=Description eq 'Kvittering fra slipp'`))
    const files = await onPlatform<{ Name: string; ContentLength?: number }[]>(
      `files/JournalEntry/${lines[0]!.JournalEntryID}`,
    )
    expect(files.map((f) => [f.Name, Number(f.ContentLength)])).toEqual([['kvittering.pdf', pdf.length]])
  }, 120_000)

  it('shows Settings → Offline data with its sizes and settings; the view passes axe-core', async () => {
    await navLink(app.page, 'settings').click()
    const section = offlineData(app.page)
    await expect.poll(() => section.isVisible(), wait).toBe(true)
    await expect
      .poll(
        async () =>
          (await tableCell(section.getByRole('table'), nordlys.name, ['Size', 'Størrelse'])).textContent(),
        wait,
      )
      .toMatch(/\d/)
    expect(await app.page.getByLabel('Journaled invoices kept').inputValue()).toMatch(/^90/)
    await section.scrollIntoViewIfNeeded()
    await runAxe('Settings → Offline data')
    await shoot('settings-offline-data-en', section)
    await navLink(app.page, 'journal').click()
    await app.page
      .getByRole('button', { name: /Inventar/ })
      .first()
      .click()
  })

  it('finds booked entries by amount and shows their lines; the view passes axe-core', async () => {
    await app.page.getByLabel('Amount', { exact: true }).fill('12 500,00')
    await app.page.getByRole('button', { name: 'Search' }).click()
    await expect.poll(() => app.page.locator('.booked__row').count(), wait).toBeGreaterThanOrEqual(1)
    await app.page.locator('.booked__open').first().click()
    await expect.poll(() => app.page.locator('.booked__lines tbody tr').count()).toBe(3)
    await runAxe('booked entries')
    await shoot('booked-en')
  })
  it('shows the draft and the booked entries in Norwegian', async () => {
    await navLink(app.page, 'settings').click()
    await languageSelect(app.page).click()
    await languageOption(app.page, 'nb').click()
    await expect.poll(() => app.page.evaluate('document.documentElement.lang'), wait).toBe('nb')
    const section = offlineData(app.page)
    await runAxe('Settings → Offline data (nb)')
    await shoot('settings-offline-data-nb', section)
    await navLink(app.page, 'journal').click()
    await app.page
      .getByRole('button', { name: /Inventar/ })
      .first()
      .click()
    await expect.poll(() => app.page.locator('.jgrid__preview').count(), wait).toBeGreaterThan(0)
    await runAxe('journal draft (nb)')
    await shoot('draft-nb')
    await app.page.getByLabel('Beløp', { exact: true }).fill('12 500,00')
    await app.page.getByRole('button', { name: 'Søk' }).click()
    await expect.poll(() => app.page.locator('.booked__row').count(), wait).toBeGreaterThanOrEqual(1)
    await app.page.locator('.booked__open').first().click()
    await runAxe('booked entries (nb)')
    await shoot('booked-nb')
    await navLink(app.page, 'settings').click()
    await languageSelect(app.page).click()
    await languageOption(app.page, 'en').click()
    await expect.poll(() => app.page.evaluate('document.documentElement.lang'), wait).toBe('en')
    await navLink(app.page, 'journal').click()
  })

  // After a reload while the platform cannot be reached, the company list and the open company's session come
  // from the workspace, so the journal opens with the queued draft.
  it('a draft booked offline survives a reload and is booked on reconnect', async () => {
    await newDraft()
    app.route.cut = true
    await typeRentEntry()
    await app.page.getByRole('button', { name: 'Book', exact: true }).click()
    await expect
      .poll(() => app.page.getByRole('status').allTextContents())
      .toContainEqual(expect.stringContaining('Queued for booking'))
    await app.page.reload()
    // Until the first probe answers, the indicator says it is connecting, not signed out.
    expect(await syncState(app.page).getAttribute('data-state')).not.toBe('signedOut')
    await expect.poll(() => currentCompany(app.page), wait).toBe(nordlys.name)
    await navLink(app.page, 'journal').click()
    await expect.poll(() => app.page.getByText('Waiting to be booked').count(), wait).toBeGreaterThan(0)
    app.route.cut = false
    await app.page.getByText('Waiting to be booked').first().click()
    await expect
      .poll(() => app.page.getByRole('status').allTextContents(), { timeout: 120_000 })
      .toContainEqual(expect.stringMatching(/Booked: \d+-\d{4}/))
  }, 180_000)
})
