// The inbox panel's amount is the shared amount field: it shows the invoice's amount as the user's language
// writes money, takes what an accountant types, and saving writes the amount as a number with its outbox
// entry; text that is no amount stays in the field, is named, and nothing is saved.
import { describe, expect, it, vi } from 'vitest'
import { useInvoicePanel } from '../../../../test/dom/invoice-panel.ts'

const panel = useInvoicePanel('panel-test')

async function mountPanel() {
  await panel.mount()
  const amount = () => document.getElementById('invoice-TaxInclusiveAmount') as HTMLInputElement
  await vi.waitFor(() => expect(amount().value).toBe('1\u00a0250,00'))
  return amount()
}

async function typeInto(input: HTMLInputElement, text: string) {
  input.dispatchEvent(new FocusEvent('focus'))
  input.value = text
  input.dispatchEvent(new Event('input', { bubbles: true }))
  input.dispatchEvent(new FocusEvent('blur'))
  await vi.waitFor(() => expect(input.value).not.toBe(''))
}

describe('the inbox panel’s amount', () => {
  it('saves an amount typed as an accountant writes it, shown again as the language writes money', async () => {
    const amount = await mountPanel()
    await typeInto(amount, 'kr 2.000,5')
    expect(amount.value).toBe('2\u00a0000,50')
    await panel.wrapper.get('form').trigger('submit')
    await vi.waitFor(async () =>
      expect((await panel.db.SupplierInvoice.get(['nordlys', 41]))?.TaxInclusiveAmount).toBe(2000.5),
    )
    const [entry] = await panel.db.outbox.toArray()
    expect(entry?.body).toEqual({ TaxInclusiveAmount: 2000.5 })
    expect(amount.value).toBe('2\u00a0000,50')
  })

  it('keeps text that is no amount in the field and names the problem, saving nothing', async () => {
    const amount = await mountPanel()
    await typeInto(amount, 'mye')
    expect(amount.value).toBe('mye')
    await panel.wrapper.get('form').trigger('submit')
    await vi.waitFor(() => expect(panel.wrapper.text()).toContain('Skriv et beløp som 1 234,56.'))
    expect(amount.getAttribute('aria-invalid')).toBe('true')
    expect(amount.getAttribute('aria-describedby')).toBe('invoice-TaxInclusiveAmount-problem')
    expect(await panel.db.outbox.count()).toBe(0)
  })
})
