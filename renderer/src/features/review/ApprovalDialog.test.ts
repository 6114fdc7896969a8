// Send for approval: the rule the platform proposes is chosen when there is one; without the platform the
// rule cannot be chosen and users or a team take its place; nothing is sent without someone to approve.
import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import PrimeVue from 'primevue/config'
import type { ProposedRule } from '@common/bridge/review'
import { createAppI18n } from '@renderer/i18n'
import ApprovalDialog from './ApprovalDialog.vue'
import type { ApprovalTarget } from './logic/actions.ts'

const users = [
  { companyKey: 'c', ID: 1, DisplayName: 'Anne Accountant' },
  { companyKey: 'c', ID: 2, DisplayName: 'Per Approver' },
]
const teams = [{ companyKey: 'c', ID: 9, Name: 'Ledergruppen' }]

let wrapper: VueWrapper | undefined
afterEach(() => {
  wrapper?.unmount()
  wrapper = undefined
  document.body.innerHTML = ''
})

async function open(loadRule: () => Promise<ProposedRule>, locale: 'nb' | 'en' = 'en') {
  const sent: [ApprovalTarget, string][] = []
  wrapper = mount(ApprovalDialog, {
    props: {
      visible: true,
      users,
      teams,
      loadRule,
      onSend: (target: ApprovalTarget, message: string) => sent.push([target, message]),
    },
    attachTo: document.body,
    global: { plugins: [createAppI18n(locale), PrimeVue] },
  })
  await flushPromises()
  return sent
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
const sendButton = () => document.querySelector<HTMLButtonElement>('[data-testid="approval-send"]')!

describe('sending for approval', () => {
  it('chooses the rule the platform proposes and sends to it with the message', async () => {
    const sent = await open(async () => ({ ApprovalRuleID: 4, Description: 'Leder, deretter regnskap' }))
    expect(document.body.textContent).toContain(
      'The rule for this supplier and project: Leder, deretter regnskap',
    )
    expect(byId<HTMLInputElement>('approval-rule').checked).toBe(true)
    const message = byId<HTMLTextAreaElement>('approval-message')
    message.value = 'Vask i november'
    message.dispatchEvent(new Event('input'))
    sendButton().click()
    await flushPromises()
    expect(sent).toEqual([[{ ApprovalRuleID: 4 }, 'Vask i november']])
  })

  it('says when no rule applies and sends nothing until someone is chosen', async () => {
    const sent = await open(async () => ({ ApprovalRuleID: null, Description: null }), 'nb')
    expect(document.body.textContent).toContain('Ingen regel gjelder for denne leverandøren og prosjektet.')
    expect(byId<HTMLInputElement>('approval-rule').disabled).toBe(true)
    expect(byId<HTMLInputElement>('approval-users').checked).toBe(true)
    expect(sendButton().disabled).toBe(true)
    sendButton().click()
    await flushPromises()
    expect(sent).toEqual([])
  })

  it('offers users and a team when the platform cannot be reached', async () => {
    const sent = await open(async () => {
      throw new Error('offline')
    })
    expect(document.body.textContent).toContain('The platform cannot be reached to propose a rule.')
    byId<HTMLInputElement>('approval-team').click()
    await flushPromises()
    expect(document.body.textContent).toContain('Choose a team')
    expect(sendButton().disabled).toBe(true)
    expect(sent).toEqual([])
  })
})
