// The webhooks section over a real (fake-indexeddb) workspace: it says plans are made in the web front
// end, checks a filter as it is typed (in Norwegian), tests it against a cached invoice with an earlier
// value for updated(), and checks a webhook's signature: valid, invalid, outside the tolerance. Axe-checked.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import PrimeVue from 'primevue/config'
import { signWebhook } from '@common/webhook-signature'
import { createAppI18n } from '@renderer/i18n'
import { axeFindings, signedInWorkspace } from '../../../../../test/dom/admin-workspace'
import WebhooksSection from './WebhooksSection.vue'

let wrapper: VueWrapper | undefined
afterEach(() => wrapper?.unmount())

async function mountSection(locale: 'nb' | 'en') {
  const { pinia, db } = signedInWorkspace()
  const invoice = (ID: number, StatusCode: number, CustomerName: string, companyKey = 'nordlys') => ({
    companyKey,
    ID,
    CustomerID: 1,
    CustomerName,
    InvoiceNumber: String(10000 + ID),
    InvoiceType: 0,
    InvoiceDate: '2026-03-01',
    PaymentDueDate: '2026-03-15',
    StatusCode,
    TaxInclusiveAmount: 1250,
    RestAmount: 1250,
    CurrencyCodeID: 1,
  })
  await db.CustomerInvoice.bulkPut([
    invoice(1, 42001, 'Kafé Nord AS'),
    invoice(2, 42002, 'Bryggeriet AS'),
    // Another company's invoice is never offered.
    invoice(3, 42002, 'Fjordbygg kunde', 'fjordbygg'),
  ] as never)
  wrapper = mount(WebhooksSection, {
    props: { companyKey: 'nordlys', companyName: 'Nordlys Bakeri AS', online: true },
    global: { plugins: [createAppI18n(locale), PrimeVue, pinia] },
    attachTo: document.body,
  })
  await flushPromises()
  await new Promise((r) => setTimeout(r, 50))
  await flushPromises()
  return wrapper
}

const expression = (w: VueWrapper) => w.find<HTMLTextAreaElement>('#filter-expression')
const check = (w: VueWrapper) => w.find('[data-testid="filter-check"]').text()
const testIt = async (w: VueWrapper) => {
  await w.find('form.filter-tester').trigger('submit')
  await flushPromises()
  return w.find('[data-testid="filter-answer"]').text()
}

describe('the webhooks section', () => {
  it('says plans are made in the web front end, and passes axe', async () => {
    const w = await mountSection('nb')
    expect(w.text()).toContain('Webhook-planer lages i nettleserversjonen')
    expect(w.text()).toContain('administrasjonssiden for flyter')
    expect(await axeFindings(w.element)).toEqual([])
  })

  it('checks the filter as the platform does, in the user’s language', async () => {
    const w = await mountSection('nb')
    expect(check(w)).toBe('Filteret er gyldig for Kundefaktura.')
    await expression(w).setValue('CustomerInvoice.Colour = 1')
    expect(check(w)).toBe('Ved tegn 1: CustomerInvoice har ingen egenskap Colour.')
    await expression(w).setValue('Supplier.StatusCode = 1')
    expect(check(w)).toBe(
      'Ved tegn 1: Supplier.StatusCode må begynne med CustomerInvoice (som i CustomerInvoice.StatusCode).',
    )
    await expression(w).setValue('CustomerInvoice.StatusCode =')
    expect(check(w)).toBe('Ved tegn 29: ventet en verdi, men filteret slutter.')
    expect(
      w
        .findAll('button')
        .find((b) => b.text() === 'Test filteret')!
        .attributes('disabled'),
    ).toBeDefined()
  })

  it('tests the filter against the chosen row, updated() against the earlier value', async () => {
    const w = await mountSection('en')
    // The newest row is offered first: invoice 2, invoiced (42002).
    await expression(w).setValue(
      'updated(CustomerInvoice, "StatusCode") and CustomerInvoice.StatusCode = 42002',
    )
    const earlier = w.find<HTMLInputElement>('#filter-earlier-StatusCode')
    expect(earlier.element.value).toBe('42002')
    expect(await testIt(w)).toBe('Does not match: the platform would not send this event.')
    await earlier.setValue('42001')
    expect(await testIt(w)).toBe('Matches: the platform would send this event.')
    await expression(w).setValue('startswith(CustomerInvoice.CustomerName, "kafé")')
    expect(await testIt(w)).toBe('Does not match: the platform would not send this event.')
    expect(w.text()).not.toContain('Fjordbygg kunde')
  })

  it('checks a signature: valid, invalid, and outside the tolerance', async () => {
    const w = await mountSection('en')
    const body = '{"EventType":"Update","EntityName":"CustomerInvoice","EntityID":2}'
    const fresh = await signWebhook(body, 'plan-key')
    const old = await signWebhook(body, 'plan-key', Math.floor(Date.now() / 1000) - 3600)
    const run = async (header: string, key: string, text = body) => {
      await w.find<HTMLTextAreaElement>('#signature-body').setValue(text)
      await w.find<HTMLInputElement>('#signature-header').setValue(header)
      await w.find<HTMLInputElement>('#signature-key').setValue(key)
      await w.find('form.signature-checker').trigger('submit')
      // The HMAC is computed with Web Crypto, which answers asynchronously.
      return vi.waitFor(() => w.get('[data-testid="signature-answer"]').text())
    }
    expect(await run(fresh, 'plan-key')).toMatch(/^Valid: signed with this key/)
    expect(await run(fresh, 'another key')).toBe('Invalid: the signature does not match this body and key.')
    expect(await run(fresh, 'plan-key', `${body} `)).toBe(
      'Invalid: the signature does not match this body and key.',
    )
    expect(await run(old, 'plan-key')).toMatch(/^Outside the tolerance: the signature matches but was made/)
    expect(await run('v1=abc', 'plan-key')).toBe('The header is not of the form t=(time),v1=(signature).')
  })
})
