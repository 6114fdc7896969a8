// What the views show when the platform does not list an entity (the documented platform answers 404 for
// the lists of tasks, substitutes, currencies, departments and projects, and the pull marks them
// unavailable): an approval without its task shows no step count, co-approvers or invoice, and its detail
// the approval's own company and amount;
// "While I am away" names the companies whose periods are not listed; the review's pickers and the journal
// know which lists the platform does not give.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h, ref } from 'vue'
import { mount, type VueWrapper } from '@vue/test-utils'
import { createPinia } from 'pinia'
import PrimeVue from 'primevue/config'
import { ApprovalStatus } from '@common/status'
import { emptyCheckpoint } from '@renderer/data/pull'
import { openWorkspace, type CachedEntity, type CachedRow, type WorkspaceDb } from '@renderer/data/schema'
import ApprovalDetail from '@renderer/features/approvals/ApprovalDetail.vue'
import MyApprovalsList from '@renderer/features/approvals/MyApprovalsList.vue'
import { loadMyApprovals, type MyApprovalRow } from '@renderer/features/approvals/my-approval-rows'
import { loadSubstitutes } from '@renderer/features/approvals/substitutes'
import { loadLookups, pickersShown } from '@renderer/features/review/use-review-lookups'
import { createAppI18n } from '@renderer/i18n'
import { companyRecord } from '@renderer/data/testing'

// The detail's PDF viewer is not what these tests look at (and loads pdf.js's worker).
vi.mock('@renderer/ui/document-viewer', () => ({ DocumentViewer: { render: () => null } }))

let db: WorkspaceDb
let wrapper: VueWrapper | undefined
afterEach(async () => {
  wrapper?.unmount()
  wrapper = undefined
  await db?.delete()
})

const company = companyRecord

/** The pull's mark that the platform refused an entity's list (renderer/src/data/pull.ts). */
async function refused(companyKey: string, entity: CachedEntity) {
  await db.checkpoints.put({
    ...emptyCheckpoint(companyKey, entity),
    unavailable: {
      code: 'API_NOT_FOUND',
      message: 'No route GET /api/biz/x',
      route: `api/biz/${entity}`,
      at: '2026-11-23T10:00:00.000Z',
    },
  })
}

async function workspace(): Promise<WorkspaceDb> {
  db = openWorkspace('sandbox', `user-${crypto.randomUUID()}`)
  await db.companies.bulkPut([
    company('nordlys', 'Nordlys Bakeri AS', 5),
    company('aurora', 'Aurora Arkitekter AS', 7),
  ])
  await db.User.bulkPut([
    {
      companyKey: 'nordlys',
      ID: 5,
      DisplayName: 'Per Approver',
      GlobalIdentity: 'g-per',
      StatusCode: 110001,
    },
    { companyKey: 'aurora', ID: 7, DisplayName: 'Per Approver', GlobalIdentity: 'g-per', StatusCode: 110001 },
  ])
  return db
}

function mountList(rows: MyApprovalRow[], locale: 'nb' | 'en') {
  const current = ref<string | null>(null)
  const Host = defineComponent({
    setup: () => () =>
      h(MyApprovalsList, {
        rows,
        selected: new Set<string>(),
        allSelected: false,
        currentKey: current.value,
        'onUpdate:currentKey': (key: string | null) => (current.value = key),
      }),
  })
  wrapper = mount(Host, { attachTo: document.body, global: { plugins: [createAppI18n(locale), PrimeVue] } })
  return wrapper
}

describe('an approval whose task the platform does not list', () => {
  it('shows its amount, no step count or co-approvers, and the approval’s own company and amount in its detail', async () => {
    await workspace()
    await refused('nordlys', 'Task')
    await db.Approval.put({
      companyKey: 'nordlys',
      ID: 1,
      TaskID: 40,
      UserID: 5,
      Amount: 23000,
      CurrencyCode: 'NOK',
      StatusCode: ApprovalStatus.Active,
    })
    const [row] = await loadMyApprovals(db, '2026-11-23')
    expect(row).toMatchObject({
      invoiceId: null,
      TaxInclusiveAmount: 23000,
      step: null,
      steps: null,
      others: null,
      taskUnlisted: true,
    })
    for (const locale of ['nb', 'en'] as const) {
      const list = mountList([row!], locale)
      const cells = list.findAll('tbody td').map((c) => c.text())
      // Columns: check, company, supplier, number, amount, due date, step, others.
      expect(cells[6]).toBe('')
      expect(cells[7]).toBe('')
      expect(list.text()).not.toMatch(/1 (av|of) 1/)
      list.unmount()
      wrapper = undefined
    }
    // The detail shows what the approval itself holds, instead of "not on this computer yet".
    wrapper = mount(ApprovalDetail, {
      props: { row: row! },
      attachTo: document.body,
      global: { plugins: [createAppI18n('en'), PrimeVue, createPinia()] },
    })
    expect(wrapper.get('h2').text()).toBe('Invoice not known')
    const facts = wrapper.findAll('dd').map((d) => d.text())
    expect(facts).toEqual(['Nordlys Bakeri AS', '23,000.00 NOK'])
    expect(wrapper.text()).not.toContain('not on this computer yet')
  })

  it('keeps the step it knows while the task has not arrived yet, and does not say the platform lacks it', async () => {
    await workspace()
    await db.Approval.put({
      companyKey: 'nordlys',
      ID: 1,
      TaskID: 40,
      UserID: 5,
      StepNumber: 2,
      StatusCode: ApprovalStatus.Active,
    })
    const [row] = await loadMyApprovals(db, '2026-11-23')
    expect(row).toMatchObject({ step: 2, steps: null, others: null, taskUnlisted: false })
    const list = mountList([row!], 'en')
    expect(list.findAll('tbody td').map((c) => c.text())[6]).toBe('Step 2')
  })
})

describe('"While I am away" where the platform does not list substitutes', () => {
  it('names the companies whose periods are not listed, and keeps the periods added here', async () => {
    await workspace()
    await refused('nordlys', 'ApprovalSubstitute')
    await db.ApprovalSubstitute.put({
      companyKey: 'nordlys',
      ID: 9,
      UserID: 5,
      SubstituteUserID: 3,
      FromDate: '2026-11-20',
      ToDate: '2026-11-30',
    })
    const overview = await loadSubstitutes(db, '2026-11-23')
    expect(overview.unlisted).toEqual([{ Key: 'nordlys', Name: 'Nordlys Bakeri AS' }])
    expect(overview.mine.map((r) => r.ID)).toEqual([9])
  })

  it('says a retried period could not be checked, in both languages', async () => {
    await workspace()
    await db.ApprovalSubstitute.put({
      companyKey: 'nordlys',
      ID: -1,
      UserID: 5,
      SubstituteUserID: 3,
      FromDate: '2026-11-20',
      ToDate: '2026-11-30',
    })
    await db.outbox.add({
      companyKey: 'nordlys',
      entity: 'ApprovalSubstitute',
      entityId: -1,
      action: 'create',
      base: {},
      baseUpdatedAt: null,
      operationKey: 'k',
      state: 'failed',
      attempts: 1,
      lastError: { code: 'SUBSTITUTES_NOT_LISTED', message: 'The platform does not list substitute periods' },
      createdAt: '2026-11-23T10:00:00.000Z',
    } as never)
    const [row] = (await loadSubstitutes(db, '2026-11-23')).mine
    expect(row).toMatchObject({ state: 'refused', code: 'SUBSTITUTES_NOT_LISTED' })
    for (const locale of ['nb', 'en'] as const) {
      const t = createAppI18n(locale).global.t
      expect(t('approvals.substitutes.state.unverified')).not.toBe('approvals.substitutes.state.unverified')
      expect(t('approvals.substitutes.unlisted', { companies: 'Nordlys Bakeri AS' })).toContain(
        'Nordlys Bakeri AS',
      )
    }
  })
})

describe('lists the platform does not give to the review and the journal', () => {
  it('marks the pickers whose list is refused, in that company only', async () => {
    await workspace()
    await refused('nordlys', 'CurrencyCode')
    await refused('nordlys', 'Department')
    expect([...(await loadLookups(db, 'nordlys')).unlisted].sort()).toEqual(['CurrencyCode', 'Department'])
    expect([...(await loadLookups(db, 'aurora')).unlisted]).toEqual([])
    for (const locale of ['nb', 'en'] as const) {
      const t = createAppI18n(locale).global.t
      expect(t('review.notListedValue', { id: 3 })).toContain('3')
      expect(t('review.notListedHint')).toMatch(/platform|[Pp]lattformen/)
      for (const which of ['department', 'project', 'both'])
        expect(t(`journal.dimensionsUnlisted.${which}`)).not.toContain('dimensionsUnlisted')
    }
  })
})

describe('the currency of an invoice where the platform lists no currencies', () => {
  const pickers = [
    {
      field: 'CurrencyCodeID' as const,
      id: 'review-currency',
      options: [],
      label: (r: CachedRow) => String(r.Code ?? r.ID),
      unlisted: true,
    },
    {
      field: 'DepartmentID' as const,
      id: 'review-department',
      options: [],
      label: (r: CachedRow) => String(r.Name ?? r.ID),
      unlisted: true,
    },
  ]
  const invoice = (extra: Record<string, unknown>) =>
    ({ companyKey: 'nordlys', ID: 7, CurrencyCodeID: 1, ...extra }) as unknown as CachedRow

  it('is named by the invoice’s own expanded currency, the one option, and says so', () => {
    const [currency, department] = pickersShown(pickers, invoice({ CurrencyCode: { ID: 1, Code: 'NOK' } }))
    expect(currency!.options.map((o) => currency!.label(o))).toEqual(['NOK'])
    expect(currency!.ownOnly).toBe(true)
    // Departments have no such object on the row: their picker is left as it was.
    expect(department).toMatchObject({ options: [], ownOnly: false })
    for (const locale of ['nb', 'en'] as const) {
      const t = createAppI18n(locale).global.t
      expect(t('review.notListedOwnHint')).not.toBe(t('review.notListedHint'))
      expect(t('review.notListedOwnHint')).not.toContain('notListedOwnHint')
    }
  })

  it('is left to its number where the row has no code, or one of another currency, or a list to choose from', () => {
    for (const row of [
      invoice({}),
      invoice({ CurrencyCode: { ID: 1, Code: null } }),
      invoice({ CurrencyCode: { ID: 2, Code: 'EUR' } }),
    ])
      expect(pickersShown(pickers, row)[0]).toMatchObject({ options: [], ownOnly: false })
    const listed = [
      { ...pickers[0]!, options: [{ ID: 1, Code: 'NOK' } as unknown as CachedRow], unlisted: false },
    ]
    expect(pickersShown(listed, invoice({ CurrencyCode: { ID: 1, Code: 'NOK' } }))[0]!.ownOnly).toBe(false)
  })
})
