// The factoring section over a FactoringApi that answers as the platform does, with the company's chart
// of accounts in a real (fake-indexeddb) workspace: the stored setups and what the app knows of which is
// active, the form's own checks in Norwegian, a platform refusal on the field it names, activation,
// deactivation, offline read-only, and axe.
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import PrimeVue from 'primevue/config'
import { BridgeError } from '@common/bridge/contract'
import type {
  FactoringActivation,
  FactoringOverview,
  FactoringSetupView,
} from '@common/bridge/admin-factoring'
import { createAppI18n } from '@renderer/i18n'
import { useSyncStore } from '@renderer/stores/sync'
import { axeFindings, signedInWorkspace } from '../../../../../test/dom/admin-workspace'
import type { FactoringApi } from './factoring-api'
import FactoringSection from './FactoringSection.vue'

const stored: FactoringSetupView = {
  ID: 3,
  FactoringCustomerNumber: '4711',
  FactoringDistribution: 1,
  FactoringNotificationText: 'Overdratt til Factoring AS',
  SkipJournalEntry: false,
  FactoringAccount: { ID: 51, AccountNumber: 1510, AccountName: 'Factoringfordringer' },
  FactoringLoanAccount: { ID: 52, AccountNumber: 2380, AccountName: 'Factoringlån' },
  FactoringBankAccount: '86011117947',
  FactoringPaymentInfoType: {
    Name: 'Factoring KID',
    Length: 20,
    Modulus: 10,
    Parts: [
      { Part: '<kid_prefix>', Length: 4, SortIndex: 1 },
      { Part: '<customer_number>', Length: 5, SortIndex: 2 },
      { Part: '<invoice_number>', Length: 9, SortIndex: 3 },
      { Part: '<kid_code>', Length: 1, SortIndex: 4 },
      { Part: '<modulus10>', Length: 1, SortIndex: 5 },
    ],
  },
  CreatedAt: '2026-02-01T10:00:00Z',
}

/** The platform's answers for one company: the loan account 2999 is refused on its field. */
function platformApi(company: string, setups: FactoringSetupView[] = [stored]) {
  const sent: FactoringActivation[] = []
  let overview: FactoringOverview = { setups, lastAnswer: null }
  const api: FactoringApi = {
    async overview(key) {
      if (key !== company) throw new BridgeError('API_FORBIDDEN', 'Not a member of this company')
      return overview
    },
    async activate(key, activation) {
      expect(key).toBe(company)
      if (activation.FactoringLoanAccountNumber === 2999)
        throw new BridgeError('API_VALIDATION', 'factoring loan account 2999 does not exist', {
          status: 400,
          fields: [
            {
              field: 'FactoringLoanAccountNumber',
              entityType: 'FactoringSettings',
              message: 'factoring loan account 2999 does not exist in the chart of accounts',
              level: 30,
            },
          ],
          reference: null,
        })
      sent.push(activation)
      const made = {
        ...stored,
        ID: 10 + sent.length,
        FactoringCustomerNumber: activation.FactoringCustomerNumber,
      }
      overview = {
        setups: [made, ...overview.setups],
        lastAnswer: { setupId: made.ID, at: '2026-03-02T09:30:00Z' },
      }
      return overview
    },
    async deactivate(key) {
      expect(key).toBe(company)
      overview = { ...overview, lastAnswer: { setupId: null, at: '2026-03-02T10:00:00Z' } }
      return overview
    },
  }
  return { api, sent }
}

let wrapper: VueWrapper | undefined
afterEach(() => wrapper?.unmount())

let syncNow: MockInstance<(companyKey?: string) => Promise<void>>

async function mountSection(api: FactoringApi, locale: 'nb' | 'en', online = true) {
  const { pinia, db } = signedInWorkspace()
  syncNow = vi.spyOn(useSyncStore(pinia), 'syncNow').mockResolvedValue()
  await db.Account.bulkPut(
    [
      [1510, 'Factoringfordringer'],
      [1920, 'Bankinnskudd'],
      [2380, 'Factoringlån'],
      [2999, 'Annen kortsiktig gjeld'],
    ].map(([AccountNumber, AccountName], i) => ({
      companyKey: 'fjordbygg',
      ID: 50 + i,
      AccountNumber: AccountNumber as number,
      AccountName: AccountName as string,
      VatTypeID: null,
    })) as never,
  )
  wrapper = mount(FactoringSection, {
    props: { companyKey: 'fjordbygg', companyName: 'Fjordbygg AS', online, api },
    global: { plugins: [createAppI18n(locale), PrimeVue, pinia] },
    attachTo: document.body,
  })
  await flushPromises()
  await new Promise((r) => setTimeout(r, 50))
  await flushPromises()
  return wrapper
}

const input = (w: VueWrapper, id: string) => w.find<HTMLInputElement>(`#factoring-${id}`)
const problemOf = (w: VueWrapper, id: string) =>
  w.find(`#${input(w, id).attributes('aria-describedby')}`).text()
const submit = async (w: VueWrapper) => {
  await w.find('form.factoring-form').trigger('submit')
  await flushPromises()
}

describe('the factoring section', () => {
  it('lists the stored setups and says the platform does not tell which is active', async () => {
    const w = await mountSection(platformApi('fjordbygg').api, 'nb')
    const table = w.find('[data-testid="factoring-setups"]')
    expect(table.text()).toContain('1510 Factoringfordringer')
    expect(table.text()).toContain('2380 Factoringlån')
    expect(table.text()).toContain('20 siffer, modulus 10')
    expect(table.text()).not.toContain('Aktiv')
    expect(w.find('[data-testid="factoring-state"]').text()).toContain(
      'sier ikke hvilket oppsett som er aktivt',
    )
    // The form starts from the newest stored setup.
    expect(input(w, 'factoringAccount').element.value).toBe('1510')
    expect(input(w, 'customerNumber').element.value).toBe('4711')
    expect(await axeFindings(w.element)).toEqual([])
  })

  it('checks the form before asking: an account outside the chart and KID parts that do not add up', async () => {
    const { api, sent } = platformApi('fjordbygg')
    const w = await mountSection(api, 'nb')
    await input(w, 'loanAccount').setValue('2400')
    await input(w, 'kidLength').setValue('21')
    await input(w, 'bankAccount').setValue('1234.56.78900')
    await submit(w)
    expect(problemOf(w, 'loanAccount')).toBe('Konto 2400 finnes ikke i selskapets kontoplan.')
    expect(problemOf(w, 'kidLength')).toBe('Delene blir 20 siffer til sammen, ikke 21.')
    expect(problemOf(w, 'bankAccount')).toBe('Skriv et gyldig kontonummer (11 siffer) eller en norsk IBAN.')
    expect(input(w, 'factoringAccount').attributes('aria-describedby')).toBeUndefined()
    expect(sent).toEqual([])
  })

  it('shows the platform’s refusal on the field it names, then activates and marks the new setup active', async () => {
    const { api, sent } = platformApi('fjordbygg')
    const w = await mountSection(api, 'en')
    await input(w, 'loanAccount').setValue('2999')
    await input(w, 'customerNumber').setValue('4712')
    await submit(w)
    expect(syncNow).not.toHaveBeenCalled()
    expect(problemOf(w, 'loanAccount')).toBe(
      'The platform says: factoring loan account 2999 does not exist in the chart of accounts',
    )
    expect(w.find('[data-testid="factoring-outcome"]').text()).toBe(
      'The platform did not activate factoring: see the marked fields.',
    )
    await input(w, 'loanAccount').setValue('2380')
    await submit(w)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      BankAccountNumber: '86011117947',
      FactoringAccountNumber: 1510,
      FactoringLoanAccountNumber: 2380,
      FactoringCustomerNumber: '4712',
      FactoringPaymentInfo: { Length: 20, Modulus: 10 },
    })
    expect(sent[0]!.FactoringPaymentInfo.PaymentInfoTypeParts.map((p) => p.Part)).toEqual([
      'kid_prefix',
      'customer_number',
      'invoice_number',
      'kid_code',
      'check_digit',
    ])
    const rows = w.findAll('[data-testid="factoring-setups"] tbody tr')
    expect(rows[0]!.text()).toContain('Active')
    expect(rows[1]!.text()).not.toContain('Active')
    expect(w.find('[data-testid="factoring-state"]').text()).toMatch(/^Active: activated from this app/)
    // The workspace syncs the company in full, reference data too, so the sales view's cached setups follow.
    expect(syncNow).toHaveBeenCalledWith('fjordbygg')
  })

  it('deactivates, keeping the setups listed', async () => {
    const w = await mountSection(platformApi('fjordbygg').api, 'en')
    await w
      .findAll('button')
      .find((b) => b.text() === 'Deactivate factoring')!
      .trigger('click')
    await flushPromises()
    expect(syncNow).toHaveBeenCalledWith('fjordbygg')
    expect(w.find('[data-testid="factoring-state"]').text()).toMatch(
      /^Factoring was deactivated from this app/,
    )
    expect(w.findAll('[data-testid="factoring-setups"] tbody tr')).toHaveLength(1)
  })

  it('is read-only offline with what it last read, and says so', async () => {
    const w = await mountSection(platformApi('fjordbygg').api, 'en', false)
    expect(w.text()).toContain('No connection to the platform')
    expect(w.find('[data-testid="factoring-setups"]').exists()).toBe(true)
    const activate = w.findAll('button').find((b) => b.text() === 'Activate factoring')!
    expect(activate.attributes('disabled')).toBeDefined()
  })
})
