import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createAppI18n } from '@renderer/i18n'
import { openWorkspace, type WorkspaceDb } from '@renderer/data/schema'
import type { InvoiceHistory } from '@common/bridge/review'
import { ApprovalStatus, SupplierInvoiceStatus } from '@common/status'
import HistoryPanel from './HistoryPanel.vue'

const companyKey = 'company-a'
const invoice = {
  companyKey,
  ID: 41,
  StatusCode: SupplierInvoiceStatus.ForApproval,
  CreatedAt: '2026-03-01T08:00:00Z',
  UpdatedAt: '2026-03-02T09:00:00Z',
}

let db: WorkspaceDb
let wrapper: VueWrapper | undefined

async function cache(): Promise<void> {
  db = openWorkspace('test', crypto.randomUUID())
  await db.User.bulkPut([
    { companyKey, ID: 1, DisplayName: 'Anne Accountant' },
    { companyKey, ID: 2, DisplayName: 'Per Approver' },
    // Another company's user with the same ID never names anyone here.
    { companyKey: 'company-b', ID: 3, DisplayName: 'Other Company User' },
  ])
  await db.Task.bulkPut([
    { companyKey, ID: 7, EntityID: 41, UserID: 1, CreatedAt: '2026-03-02T09:00:00Z' },
    { companyKey: 'company-b', ID: 8, EntityID: 41, UserID: 3, CreatedAt: '2026-03-02T09:00:00Z' },
  ])
  await db.Approval.bulkPut([
    {
      companyKey,
      ID: 70,
      TaskID: 7,
      UserID: 2,
      StatusCode: ApprovalStatus.Active,
      UpdatedAt: '2026-03-02T09:00:01Z',
    },
  ])
}

function mountPanel(load: () => Promise<InvoiceHistory>, locale: 'nb' | 'en' = 'nb') {
  wrapper = mount(HistoryPanel, {
    props: { companyKey, invoice, db, load },
    global: { plugins: [createAppI18n(locale)] },
  })
  return wrapper
}

const lines = (w: VueWrapper) => w.findAll('li').map((li) => li.text().replace(/\s+/g, ' '))

afterEach(async () => {
  wrapper?.unmount()
  await db?.delete()
})

describe('HistoryPanel', () => {
  it('shows the platform comments and approvals with the cached task, newest first', async () => {
    await cache()
    const w = mountPanel(async () => ({
      comments: [
        {
          ID: 5,
          Text: 'Sjekk prisen på linje 2',
          CreatedAt: '2026-03-03T10:00:00Z',
          Author: { DisplayName: 'Per Approver' },
        },
      ],
      tasks: [
        {
          ID: 7,
          EntityID: 41,
          UserID: 1,
          CreatedAt: '2026-03-02T09:00:00Z',
          Approvals: [
            {
              ID: 70,
              TaskID: 7,
              UserID: 2,
              StatusCode: ApprovalStatus.Rejected,
              UpdatedAt: '2026-03-03T10:00:01Z',
            },
          ],
        },
      ],
      unavailable: [],
    }))
    await flushPromises()
    await new Promise((r) => setTimeout(r, 50))
    await flushPromises()
    const text = lines(w)
    expect(text[0]).toContain('Avvist av Per Approver')
    expect(text[1]).toContain('Kommentar')
    expect(text[1]).toContain('Per Approver: Sjekk prisen på linje 2')
    expect(text.some((l) => l.includes('Sendt til godkjenning av Anne Accountant'))).toBe(true)
    expect(text.some((l) => l.includes('Status: Til godkjenning'))).toBe(true)
    expect(text.at(-1)).toContain('Registrert')
    expect(w.text()).not.toContain('Other Company User')
    // The platform's answer replaced the cached approval: no "waiting" line is left.
    expect(w.text()).not.toContain('Venter på')
  })

  it('shows what the cache holds, with a note, when the platform cannot be reached', async () => {
    await cache()
    const w = mountPanel(async () => {
      throw new Error('The platform could not be reached')
    }, 'en')
    await flushPromises()
    await new Promise((r) => setTimeout(r, 50))
    await flushPromises()
    expect(w.find('[role="status"]').text()).toBe(
      'The history could not be read from the platform: The platform could not be reached',
    )
    const text = lines(w)
    expect(text.some((l) => l.includes('Waiting for Per Approver'))).toBe(true)
    expect(text.some((l) => l.includes('Sent for approval by Anne Accountant'))).toBe(true)
    expect(w.findAll('[data-kind="comment"]')).toHaveLength(0)
  })

  it('says which parts the platform does not offer, in either language, and keeps what the cache holds', async () => {
    await cache()
    const answer = async (): Promise<InvoiceHistory> => ({
      comments: [],
      tasks: [],
      unavailable: ['comments', 'approvals'],
    })
    const w = mountPanel(answer, 'nb')
    await flushPromises()
    await new Promise((r) => setTimeout(r, 50))
    await flushPromises()
    expect(w.find('[data-testid="history-unavailable-comments"]').text()).toBe(
      'Kommentarene på denne fakturaen er ikke tilgjengelige fra denne plattformen.',
    )
    expect(w.find('[data-testid="history-unavailable-approvals"]').text()).toContain(
      'Godkjenningshistorikken for denne fakturaen er ikke tilgjengelig fra denne plattformen',
    )
    expect(lines(w).some((l) => l.includes('Venter på Per Approver'))).toBe(true)
    w.unmount()

    const en = mountPanel(answer, 'en')
    await flushPromises()
    await new Promise((r) => setTimeout(r, 50))
    await flushPromises()
    expect(en.find('[data-testid="history-unavailable-comments"]').text()).toBe(
      'The comments on this invoice are not available from this platform.',
    )
  })
})
