// The flow panel of an invoice on a platform that does not offer every read: it says in the user's language
// which parts are not available from this platform (the task, the plan's steps, the rule, the comments)
// instead of showing them as empty ("No comments.", "not sent for approval").
import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import PrimeVue from 'primevue/config'
import { ApprovalStatus, SupplierInvoiceStatus } from '@common/status'
import type { InvoiceFlow } from '@common/bridge/approvals'
import { installBridge } from '@renderer/bridge'
import { createAppI18n } from '@renderer/i18n'
import FlowPanel from '@renderer/features/approvals/FlowPanel.vue'
import { createTestBridge } from './test-bridge.ts'

let wrapper: VueWrapper | undefined
afterEach(() => wrapper?.unmount())

async function mountPanel(flow: InvoiceFlow, locale: 'nb' | 'en') {
  installBridge(createTestBridge({ handlers: { 'approvals.flow': () => structuredClone(flow) } }).bridge)
  const pinia = createPinia()
  setActivePinia(pinia)
  wrapper = mount(FlowPanel, {
    props: { companyKey: 'nordlys', invoiceId: 41 },
    global: { plugins: [createAppI18n(locale), PrimeVue, pinia] },
  })
  await flushPromises()
  return wrapper
}

const base: InvoiceFlow = {
  invoiceStatus: SupplierInvoiceStatus.ForApproval,
  amount: 1250,
  task: null,
  rule: null,
  steps: [],
  comments: [],
  unavailable: [],
}

describe('the flow panel where the platform does not offer every read', () => {
  it('lists the approvals without steps and names the plan, rule and comments as not available', async () => {
    const w = await mountPanel(
      {
        ...base,
        task: {
          ID: 7,
          status: 50020,
          title: null,
          message: null,
          requestedBy: 'Anne Accountant',
          createdAt: null,
        },
        steps: [
          {
            step: null,
            approvalType: 1,
            limit: null,
            rows: [
              {
                userName: 'Per Approver',
                status: ApprovalStatus.Approved,
                at: null,
                actedBy: null,
                comment: null,
              },
            ],
          },
        ],
        unavailable: ['comments', 'plan', 'rule'],
      },
      'nb',
    )
    const text = w.text()
    expect(text).toContain('Denne plattformen oppgir ikke trinnene i flyten')
    expect(text).toContain('Godkjenninger')
    expect(text).toContain('Per Approver')
    expect(text).not.toContain('Trinn')
    expect(w.find('[data-testid="flow-rule"]').text()).toBe(
      'Hvilken regel som valgte godkjennerne, er ikke tilgjengelig fra denne plattformen.',
    )
    expect(w.find('[data-testid="flow-unavailable-comments"]').text()).toBe(
      'Kommentarene på denne fakturaen er ikke tilgjengelige fra denne plattformen.',
    )
    expect(text).not.toContain('Ingen kommentarer.')
  })

  it('says the flow is not available rather than that the invoice was never sent', async () => {
    const w = await mountPanel({ ...base, unavailable: ['task', 'comments'] }, 'en')
    expect(w.find('[data-testid="flow-unavailable-task"]').text()).toBe(
      'The approval flow of this invoice is not available from this platform.',
    )
    expect(w.text()).not.toContain('This invoice has not been sent for approval.')
    expect(w.text()).not.toContain('No comments.')
  })
})
