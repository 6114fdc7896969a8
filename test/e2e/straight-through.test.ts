// Straight-through by rule in Chromium against the Local sandbox (documented surface): a supplier of
// Nordlys with three booked invoices gets three more drafts. Offline, Anne switches the supplier's rule on
// in the review: the two usual drafts go through by themselves into the outbox, the one with a new bank
// account is held back with its reason. She takes one back with Z in the went-through list; on reconnect
// the other reaches the platform once (booked, one cost line), the one taken back stays a draft, and the
// overview counts what went through today. Then the supplier gets an approval rule: a new draft goes through
// for approval and reaches the platform; Z in the went-through list takes it back from there
// (`rejectAssignment`, once): it ends as a draft on the platform with its task cancelled. Both languages,
// axe on each screen.
import { describe, expect, it } from 'vitest'
import { SupplierInvoiceStatus, TaskStatus } from '../../common/status.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../platform/seed/demo-constants.ts'
import { navLink, syncNowButton, syncState } from './find.ts'
import { axeViolations, platformApi, useApp } from './support.ts'

const nordlys = DEMO_COMPANIES.nordlys
const app = useApp()
const wait = { timeout: 90_000 }

interface Row {
  ID: number
  StatusCode: number
  [field: string]: unknown
}
const api = <T>(path: string, init: RequestInit = {}) =>
  platformApi<T>(app.route.origin(), DEMO_USERS.anne.email, nordlys.key, path, init)

const KNOWN = '86011117947'
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

async function invoice(
  number: string,
  amount: number,
  offset: number,
  account: string,
  lines?: number,
): Promise<number> {
  const created = await api<Row>('supplierinvoices', {
    method: 'POST',
    body: JSON.stringify({
      SupplierID: supplierId,
      InvoiceNumber: number,
      InvoiceDate: day(offset),
      PaymentDueDate: day(offset + 14),
      TaxInclusiveAmount: amount,
      TaxInclusiveAmountCurrency: amount,
      PaymentInformation: account,
      ...(lines
        ? {
            JournalEntry: {
              _createguid: `je-${number}`,
              DraftLines: [
                { _createguid: `l-${number}`, AccountID: lines, Amount: amount, Description: 'Renhold' },
              ],
            },
          }
        : {}),
    }),
  })
  return created.ID
}

let supplierId = 0
const ids: Record<'usual' | 'undone' | 'changed' | 'approval', number> = {
  usual: 0,
  undone: 0,
  changed: 0,
  approval: 0,
}
const runAxe = async (label: string) =>
  expect(await axeViolations(app.page, ['main', '.p-dialog']), `axe on ${label}`).toEqual([])
const state = () => syncState(app.page).getAttribute('data-state')

describe('straight-through by rule', () => {
  it('a supplier with three booked invoices and three new drafts', async () => {
    await app.page.setViewportSize({ width: 1280, height: 800 })
    await app.signIn(DEMO_USERS.anne)
    const supplier = await api<Row>('suppliers', {
      method: 'POST',
      body: JSON.stringify({ Info: { _createguid: 'rv', Name: 'Renhold Vest AS' } }),
    })
    supplierId = supplier.ID
    const accounts = await api<{ ID: number; AccountNumber: number }[]>(
      'accounts?filter=AccountNumber ge 6000 and AccountNumber lt 7000&top=1',
    )
    const account = accounts[0]!.ID
    for (const [n, amount] of [1200, 1250, 1300].entries()) {
      const id = await invoice(`RV-${n + 1}`, amount, -90 + n * 31, KNOWN, account)
      await api(`supplierinvoices/${id}?action=journal`, { method: 'POST' })
      expect((await api<Row>(`supplierinvoices/${id}`)).StatusCode).toBe(SupplierInvoiceStatus.Journaled)
    }
    ids.usual = await invoice('RV-10', 1240, -2, KNOWN)
    ids.undone = await invoice('RV-11', 1290, -1, KNOWN)
    ids.changed = await invoice('RV-12', 1220, 0, '1234.56.78903')
    await app.openCompany(nordlys)
    await expect.poll(state, wait).toBe('online')
    // The drafts are in the cache (the inbox lists them) before the network goes.
    await navLink(app.page, 'inbox').click()
    await expect.poll(() => app.page.getByText('RV-12').count(), wait).toBeGreaterThan(0)
  }, 300_000)

  it('offline, the rule switched on sends the usual drafts on and holds the changed bank account back', async () => {
    app.route.cut = true
    await expect.poll(state, wait).toBe('offline')
    await app.setLanguage('en')
    await app.page.evaluate(`location.hash = '#/review?invoice=${ids.changed}'`)
    const toggle = app.page.getByLabel('Send this supplier’s invoices on by themselves')
    await expect.poll(() => toggle.isVisible(), wait).toBe(true)
    await toggle.check()
    const held = app.page
      .getByRole('status')
      .filter({
        hasText: /This invoice is not sent on by itself|Denne fakturaen sendes ikke videre av seg selv/,
      })
    await expect.poll(() => held.textContent(), wait).toContain('the bank account 1234.56.78903 is not one')
    await runAxe('the rule in the review')
    await app.shoot('straight-rule-switch')
    await app.setLanguage('nb')
    await expect.poll(() => held.textContent(), wait).toContain('kontonummeret 1234.56.78903 er ikke et')
    await app.setLanguage('en')

    await navLink(app.page, 'inbox').click()
    const link = app.page.getByRole('link', { name: 'Went through by itself (2)' })
    await expect.poll(() => link.isVisible(), wait).toBe(true)
    await link.click()
    const table = app.page.getByRole('table', { name: 'Invoices that went through by themselves' })
    await expect.poll(() => table.getByRole('row').count(), wait).toBe(3)
    await runAxe('the went-through list')
    await app.shoot('straight-went-through')
    // Z on a row takes it back while its entries are still on this computer.
    const row = table.getByRole('row').filter({ hasText: 'RV-11' })
    await row.getByRole('button', { name: 'Undo invoice RV-11' }).focus()
    await app.page.keyboard.press('z')
    await expect.poll(() => row.textContent(), wait).toContain('Taken back')
    await app.page.getByRole('tab', { name: /Held back/ }).click()
    await expect.poll(() => app.page.getByText('RV-12').count(), wait).toBeGreaterThan(0)
    await runAxe('the held-back list')
    await app.shoot('straight-held-back')
  }, 300_000)

  it('on reconnect the invoice reaches the platform once; the one taken back and the changed one stay drafts', async () => {
    app.route.cut = false
    await expect.poll(state, wait).toBe('online')
    await expect
      .poll(async () => (await api<Row>(`supplierinvoices/${ids.usual}`)).StatusCode, wait)
      .toBe(SupplierInvoiceStatus.Journaled)
    const usual = await api<Row>(`supplierinvoices/${ids.usual}?expand=JournalEntry.DraftLines`)
    // The cost line was saved once (booking adds the payables side as a line of its own).
    type Line = { Amount?: number; Description?: string; Deleted?: boolean }
    const lines = ((usual.JournalEntry as { DraftLines?: Line[] } | null)?.DraftLines ?? []).filter(
      (line) => !line.Deleted && line.Description === 'Renhold' && Number(line.Amount) === 1240,
    )
    expect(lines).toHaveLength(1)
    expect((await api<Row>(`supplierinvoices/${ids.undone}`)).StatusCode).toBe(SupplierInvoiceStatus.Draft)
    expect((await api<Row>(`supplierinvoices/${ids.changed}`)).StatusCode).toBe(SupplierInvoiceStatus.Draft)
    // Once booked, the row says why it cannot be taken back.
    await app.page.getByRole('tab', { name: /Went through/ }).click()
    const row = app.page.getByRole('row').filter({ hasText: 'RV-10' })
    await expect
      .poll(() => row.textContent(), wait)
      .toContain('Booked: the platform documents no way back for a booked invoice')
    await navLink(app.page, 'overview').click()
    const went = app.page.getByRole('button', {
      name: `1 went through by themselves today in ${nordlys.name}`,
    })
    await expect.poll(() => went.isVisible(), wait).toBe(true)
    await runAxe('the overview')
    await app.shoot('straight-overview')
  }, 300_000)

  it('once the platform has it in approval, Z takes it back to a draft there, once', async () => {
    // Per approves this supplier's invoices from now on (a rule linked to the supplier, spec 4.8).
    const [per] = await api<Row[]>(`users?filter=Email eq '${DEMO_USERS.per.email}'`)
    const rule = await api<Row>('approvalrules', {
      method: 'POST',
      body: JSON.stringify({
        Description: 'Renhold Vest',
        Steps: [{ StepNumber: 1, ApprovalType: 1, Users: [{ UserID: per!.ID }] }],
      }),
    })
    await api('ApprovalRuleLinkGroups/?action=bulk-save', {
      method: 'PUT',
      body: JSON.stringify([
        {
          SourceEntity: 0,
          Priority: 0,
          Links: [{ SourceEntity: 0, SourceInstanceID: supplierId, ApprovalRuleID: rule.ID }],
        },
      ]),
    })
    ids.approval = await invoice('RV-13', 1270, 1, KNOWN)
    const reached = async () => {
      const sync = syncNowButton(app.page)
      if (await sync.isEnabled().catch(() => false)) await sync.click().catch(() => undefined)
      return (await api<Row>(`supplierinvoices/${ids.approval}`)).StatusCode
    }
    await expect.poll(reached, { ...wait, interval: 3000 }).toBe(SupplierInvoiceStatus.ForApproval)

    await navLink(app.page, 'inbox').click()
    await app.page.getByRole('link', { name: /Went through by itself/ }).click()
    const table = app.page.getByRole('table', { name: 'Invoices that went through by themselves' })
    const row = table.getByRole('row').filter({ hasText: 'RV-13' })
    const undo = row.getByRole('button', { name: 'Undo invoice RV-13' })
    // Offered once its send is done and the invoice waits in approval with no step approved.
    await expect.poll(() => undo.isVisible(), wait).toBe(true)
    // It was queued to be booked; main found the supplier's rule and sent it for approval, and the row says so.
    expect(await row.textContent()).toContain('Sent for approval')
    await undo.focus()
    await app.page.keyboard.press('z')
    await expect.poll(() => row.textContent(), wait).toContain('Taken back')
    // A second press does nothing more.
    await app.page.keyboard.press('z')
    await expect
      .poll(async () => (await api<Row>(`supplierinvoices/${ids.approval}`)).StatusCode, wait)
      .toBe(SupplierInvoiceStatus.Draft)
    // Its one flow was cancelled with it: nothing was sent twice.
    const query = new URLSearchParams({
      model: 'Task',
      select: 'ID as ID,StatusCode as StatusCode',
      filter: `Deleted eq 0 and EntityID eq ${ids.approval}`,
    })
    const tasks = await api<{ Data: Row[] }>(`../statistics?${query.toString()}`)
    expect(tasks.Data.map((t) => t.StatusCode)).toEqual([TaskStatus.Cancelled])
    await runAxe('the went-through list after undo from approval')
    await app.shoot('straight-undo-from-approval')
    await app.setLanguage('nb')
    // The table is named in the language shown: the row by its invoice number.
    const rowNb = app.page.getByRole('row').filter({ hasText: 'RV-13' })
    await expect.poll(() => rowNb.textContent(), wait).toContain('Angret')
    await app.setLanguage('en')
  }, 300_000)
})
