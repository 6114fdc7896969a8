// The views a company offers, decided from what the documents promise: the one documented permission
// string and the platform's own refusals (403) of each view's first read, never from permission strings
// only the local platform sends. Against the platform in its documented mode.
import { describe, expect, it } from 'vitest'
import { AppView } from '../../../common/bridge/contract.ts'
import { createCompaniesService } from '../../../electron/main/services/companies.ts'
import { DEMO_COMPANIES } from '../../../platform/seed/demo-constants.ts'
import { useDemoClients, type DemoClients } from '../../support/demo-clients.ts'

const nordlys: string = DEMO_COMPANIES.nordlys.key
const demo = useDemoClients(['anne', 'per'], { start: { platformOptions: { surface: 'documented' } } })
const companiesOf = (who: 'anne' | 'per') => createCompaniesService({ api: async () => demo.clients[who]! })

describe('views on the documented platform', () => {
  it('offers an accountant every view, Admin included, with the session carrying only ui_accounting_bills', async () => {
    const s = await companiesOf('anne').session(nordlys)
    expect(s.permissions).toEqual(['ui_accounting_bills'])
    expect(s.views).toEqual(AppView.options)
    expect(s.isAdmin).toBe(true)
    expect(s.hiddenViews).toEqual([])
  })

  it('hides Admin from an approver, with the platform’s reason, and no view for a missing string', async () => {
    const s = await companiesOf('per').session(nordlys)
    expect(s.views).toContain('approvals')
    expect(s.views).not.toContain('admin')
    expect(s.isAdmin).toBe(false)
    expect(s.hiddenViews).toEqual([{ view: 'admin', reason: expect.stringMatching(/Administrator/) }])
  })
})

describe('views when the platform cannot be asked', () => {
  it('keeps a view whose first read failed for another reason than a refusal', async () => {
    const failing = createCompaniesService({
      api: async () =>
        ({
          ...demo.clients.anne!,
          get: async (path: string, call?: Parameters<DemoClients['clients'][string]['get']>[1]) => {
            if (path === 'api/biz/invoices') throw Object.assign(new Error('timeout'), { status: 0 })
            return demo.clients.anne!.get(path, call)
          },
        }) as DemoClients['clients'][string],
    })
    const s = await failing.session(nordlys)
    expect(s.views).toContain('sales')
  })
})
