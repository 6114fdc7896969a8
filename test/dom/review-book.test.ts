// Book in the review (Alt+Shift+B) asks the platform which approval rule applies to the supplier. When that
// question fails (offline, a timeout) the booking is queued with a notice that the rule is still to be asked,
// not as booked: main asks for the rule when it sends it, and where one applies sends the invoice for
// approval by it instead. The entry's outcome says so, and the user is told wherever they are.
import { describe, expect, it, vi } from 'vitest'
import { BridgeError } from '@common/bridge/contract'
import type { OutboxCommand } from '@common/bridge/outbox'
import type { PlatformRow } from '@common/bridge/sync'
import { SupplierInvoiceStatus } from '@common/status'
import type { WorkspaceDb } from '@renderer/data/schema'
import { pressKey, waitForElement } from './mount-shell.ts'
import { havbris, nordlys } from './fixtures.ts'
import { mountWorkspace, reviewOfInvoice1 } from './mount-workspace.ts'

const companies = [nordlys]
const supplier = havbris
const invoice: PlatformRow = {
  ID: 1,
  UpdatedAt: '2026-11-01T10:00:00.000Z',
  StatusCode: SupplierInvoiceStatus.Draft,
  SupplierID: 5,
  Supplier: supplier,
  InvoiceNumber: 'N-1',
}

let db: WorkspaceDb | undefined

/**
 * The review of invoice N-1 over a bridge whose rule question fails as a lost connection does. Main's
 * answer to the booking is held until `answer` is called: the invoice sent for approval by the rule
 * linked to its supplier, as main's outbox does when the rule applies.
 */
async function mount(languages: string[]) {
  const sent: OutboxCommand[] = []
  let release: () => void = () => undefined
  const answered = new Promise<void>((resolve) => (release = resolve))
  const rows: Record<string, PlatformRow[]> = { SupplierInvoice: [invoice], Supplier: [supplier] }
  const mounted = await mountWorkspace({
    ...reviewOfInvoice1,
    languages,
    companies,
    rows: { nordlys: rows },
    handlers: {
      'review.proposedRule': () => {
        throw new BridgeError('API_TIMEOUT', 'The platform did not answer in time')
      },
      'outbox.execute': async (_companyKey, command) => {
        sent.push(command)
        if (command.action !== 'journal') return { status: 'done', row: null, merged: [] }
        await answered
        return {
          status: 'done',
          row: {
            ...invoice,
            StatusCode: SupplierInvoiceStatus.ForApproval,
            UpdatedAt: '2026-11-02T09:00:00.000Z',
          },
          merged: [],
          notice: {
            code: 'SENT_FOR_APPROVAL_INSTEAD',
            ApprovalRuleID: 12,
            Description: 'Havbris: Per godkjenner',
          },
        }
      },
    },
  })
  db = mounted.db
  await waitForElement('[data-testid="review-form"]')
  await vi.waitFor(() => expect(document.body.textContent).toContain('N-1'))
  return { sent, answer: () => release(), test: mounted.test }
}

const toasts = () => document.querySelector('.p-toast')?.textContent ?? ''
const book = () =>
  pressKey(document.querySelector('[data-testid="review-form"]')!, {
    key: 'B',
    code: 'KeyB',
    altKey: true,
    shiftKey: true,
  })

describe('Book while the approval rule cannot be asked', () => {
  it('queues the booking for main to decide, never claims it booked, and says when a rule sent it for approval instead', async () => {
    const { sent, answer, test } = await mount(['en-GB'])
    book()
    await vi.waitFor(() => expect(test.calls.some((c) => c.name === 'review.proposedRule')).toBe(true))
    // Not "Queued for booking. It reaches the platform at the next sync.": the rule is still to be asked.
    await vi.waitFor(() => {
      expect(toasts()).toContain('Invoice N-1 from Havbris AS')
      expect(toasts()).toContain(
        'Queued for booking. The approval rule could not be asked now: it is asked when the booking is sent, and if one applies, the invoice goes for approval by it instead of being booked.',
      )
    })
    // The booking goes to main as the one entry that asks for the rule when it is sent.
    await vi.waitFor(() => expect(sent.map((c) => c.action)).toContain('journal'), { timeout: 15_000 })
    expect(test.calls.filter((c) => c.name === 'review.proposedRule')).toHaveLength(1)

    // Main found a rule for the supplier and sent the invoice for approval by it: the user is told.
    answer()
    await vi.waitFor(
      () =>
        expect(toasts()).toContain(
          'Sent for approval by the rule “Havbris: Per godkjenner” instead of booked: the rule applies to this invoice.',
        ),
      { timeout: 15_000 },
    )
    await vi.waitFor(async () =>
      expect((await db!.SupplierInvoice.get(['nordlys', 1]))?.StatusCode).toBe(
        SupplierInvoiceStatus.ForApproval,
      ),
    )
    expect(await db!.outbox.count()).toBe(0)
  }, 40_000)

  it('says it in Norwegian too', async () => {
    const { answer } = await mount(['nb-NO'])
    book()
    await vi.waitFor(() =>
      expect(toasts()).toContain(
        'Lagt i kø for bokføring. Godkjenningsregelen kunne ikke spørres om nå: den spørres når bokføringen sendes, og gjelder en regel, går fakturaen til godkjenning etter den i stedet for å bli bokført.',
      ),
    )
    answer()
    await vi.waitFor(
      () => {
        expect(toasts()).toContain('Faktura N-1 fra Havbris AS')
        expect(toasts()).toContain(
          'Sendt til godkjenning etter regelen «Havbris: Per godkjenner» i stedet for bokført: regelen gjelder for denne fakturaen.',
        )
      },
      { timeout: 15_000 },
    )
  }, 40_000)
})
