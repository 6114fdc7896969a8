// The approval rules editor with an AdminApi that answers as the platform does (its refusals carry the
// field problems main gets from the platform's validation answer).
import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import PrimeVue from 'primevue/config'
import { BridgeError } from '@common/bridge/contract'
import type { ApprovalRuleDraft, ApprovalSetup } from '@common/bridge/admin'
import { createAppI18n } from '@renderer/i18n'
import type { AdminApi } from './admin-api'
import ApprovalRulesEditor from './ApprovalRulesEditor.vue'

const setup = (): ApprovalSetup => ({
  rules: [
    {
      ID: 1,
      Description: 'To trinn',
      Steps: [
        { ID: 11, ApprovalType: 1, UserIDs: [2], Limit: null },
        { ID: 12, ApprovalType: 1, UserIDs: [1], Limit: 10_000 },
      ],
    },
  ],
  thresholds: [],
  linkGroups: [],
  users: [
    { ID: 1, name: 'Anne Accountant' },
    { ID: 2, name: 'Per Approver' },
  ],
  roles: [{ ID: 1, name: 'Administrator' }],
  transitions: [{ ID: 5, name: 'journal' }],
  suppliers: [{ ID: 7, name: 'Bakeriutstyr AS' }],
  projects: [],
  departments: [],
  unlisted: [],
})

/** The platform's answers: a limit of a trillion or more is out of range, as the money type refuses it. */
function platformApi(company: string) {
  const saved: ApprovalRuleDraft[] = []
  const api: AdminApi = {
    async setup(key) {
      if (key !== company) throw new BridgeError('API_FORBIDDEN', 'Not a member of this company')
      return setup()
    },
    async saveRule(key, rule) {
      expect(key).toBe(company)
      const i = rule.Steps.findIndex((s) => s.Limit !== null && Math.abs(s.Limit) >= 1e12)
      if (i >= 0)
        throw new BridgeError('API_VALIDATION', 'Validation failed: Steps[2].Limit is out of range', {
          status: 400,
          fields: [
            {
              field: `Steps.${i}.Limit`,
              entityType: 'ApprovalRuleStep',
              message: 'Limit is out of range',
              level: null,
            },
          ],
          reference: null,
        })
      saved.push(rule)
      return { ...rule, ID: 1, Steps: rule.Steps.map((s, n) => ({ ...s, ID: s.ID ?? 100 + n })) }
    },
    saveThreshold: async () => {
      throw new Error('not asked')
    },
    saveLinkGroup: async () => {
      throw new Error('not asked')
    },
    ruleFor: async () => null,
  }
  return { api, saved }
}

let wrapper: VueWrapper | undefined
afterEach(() => wrapper?.unmount())

async function mountEditor(api: AdminApi, locale: 'nb' | 'en', online = true) {
  wrapper = mount(ApprovalRulesEditor, {
    props: { companyKey: 'nordlys', companyName: 'Nordlys Bakeri AS', online, api },
    global: { plugins: [createAppI18n(locale), PrimeVue] },
    attachTo: document.body,
  })
  await flushPromises()
  return wrapper
}

const limitInput = (w: VueWrapper, step: number) =>
  w.find(`tr[data-step="${step}"] input[inputmode="decimal"]`)

describe('the approval rules editor', () => {
  it('shows the rule with its steps, approvers and limits', async () => {
    const w = await mountEditor(platformApi('nordlys').api, 'nb')
    expect(w.text()).toContain('To trinn')
    expect(w.findAll('tr[data-step]')).toHaveLength(2)
    expect(w.find('tr[data-step="1"]').text()).toContain('Per Approver')
    expect((limitInput(w, 2).element as HTMLInputElement).value).toBe('10\u00a0000,00')
  })

  it('puts the platform’s refusal on the limit of the step it names, in Norwegian, and saves once fixed', async () => {
    const { api, saved } = platformApi('nordlys')
    const w = await mountEditor(api, 'nb')
    await w
      .findAll('button')
      .find((b) => b.text() === 'Legg til trinn')!
      .trigger('click')
    await limitInput(w, 3).setValue('1 000 000 000 000')
    await w.find('form.admin-rules__editor').trigger('submit')
    await flushPromises()
    const input = limitInput(w, 3)
    const problem = w.find(`#${input.attributes('aria-describedby')}`)
    expect(problem.text()).toBe('Beløpet er for stort.')
    expect(w.find('[role="status"]').text()).toBe('Plattformen lagret ikke regelen: se de markerte feltene.')
    expect(limitInput(w, 1).attributes('aria-describedby')).toBeUndefined()
    expect(saved).toEqual([])

    await input.setValue('50 000')
    await w.find('form.admin-rules__editor').trigger('submit')
    await flushPromises()
    expect(saved.at(-1)!.Steps.map((s) => s.Limit)).toEqual([null, 10_000, 50_000])
    expect(w.find('[role="status"]').text()).toBe('Regelen er lagret.')
    expect(limitInput(w, 3).attributes('aria-describedby')).toBeUndefined()
  })

  it('refuses a limit that is no amount before asking the platform', async () => {
    const { api, saved } = platformApi('nordlys')
    const w = await mountEditor(api, 'en')
    await limitInput(w, 2).setValue('ten thousand')
    await w.find('form.admin-rules__editor').trigger('submit')
    await flushPromises()
    expect(w.find(`#${limitInput(w, 2).attributes('aria-describedby')}`).text()).toBe(
      'Write an amount, for example 50 000.',
    )
    expect(saved).toEqual([])
  })

  it('is read-only and says so while the platform cannot be reached', async () => {
    const w = await mountEditor(platformApi('nordlys').api, 'en', false)
    expect(w.text()).toContain('No connection to the platform: the rules are shown read-only')
    expect(limitInput(w, 1).attributes('disabled')).toBeDefined()
    const save = w.findAll('button').find((b) => b.text() === 'Save rule')!
    expect(save.attributes('disabled')).toBeDefined()
  })

  it('says the rules need the platform when it could not read them', async () => {
    const api = platformApi('nordlys').api
    api.setup = async () => {
      throw new BridgeError('API_NETWORK', 'The platform could not be reached')
    }
    const w = await mountEditor(api, 'nb', false)
    expect(w.text()).toContain('Godkjenningsreglene kan bare leses mens plattformen kan nås.')
    expect(w.findAll('tr[data-step]')).toHaveLength(0)
  })

  it('on a platform that lists no rules, says so in both languages and shows the created rule unchangeable', async () => {
    const api = platformApi('nordlys').api
    const created = setup().rules[0]!
    api.setup = async () => ({
      ...setup(),
      rules: [{ ...created, Steps: created.Steps.map((s) => ({ ...s, ID: null })) }],
      thresholds: [
        {
          ID: 3,
          PropertyName: 'TaxInclusiveAmount',
          Operator: 1,
          Value: '100000',
          SharedApproveTransitionId: 5,
          SharedRoleId: 1,
        },
      ],
      projects: [],
      departments: [],
      unlisted: ['rules', 'thresholds', 'linkGroups', 'projects', 'departments'],
    })
    const nb = await mountEditor(api, 'nb')
    expect(nb.find('[data-testid="rules-not-listed"]').text()).toContain(
      'Denne plattformen viser ikke eksisterende godkjenningsregler',
    )
    expect(nb.text()).not.toMatch(/platform does not|Create a new rule/)
    expect(nb.find('[data-testid="rule-not-editable"]').text()).toContain('Opprett en ny regel i stedet.')
    expect(limitInput(nb, 2).attributes('disabled')).toBeDefined()
    expect(
      nb
        .findAll('button')
        .find((b) => b.text() === 'Lagre regel')!
        .attributes('disabled'),
    ).toBeDefined()
    // A new rule can still be made.
    await nb
      .findAll('button')
      .find((b) => b.text() === 'Ny regel')!
      .trigger('click')
    expect(nb.find('#rule-description').attributes('disabled')).toBeUndefined()
    nb.unmount()

    const en = await mountEditor(api, 'en')
    expect(en.find('[data-testid="rules-not-listed"]').text()).toContain(
      'This platform does not list existing approval rules, thresholds or rule links, so those made earlier are not shown here.',
    )
    expect(en.text()).toContain('This platform does not list projects or departments')
    await en
      .findAll('[role="tab"]')
      .find((b) => b.text() === 'Thresholds')!
      .trigger('click')
    await flushPromises()
    expect(en.find('[data-testid="thresholds-not-editable"]').exists()).toBe(true)
    expect(en.find('[aria-label="Edit threshold 1"]').exists()).toBe(false)
  })
})
