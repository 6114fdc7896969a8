// The inbox panel shows the supplier invoice's custom values (spec 2.16) with the header and saves them
// in the same update through the outbox: only the custom keys that changed, the row's others kept. A value
// that cannot be stored blocks the save with its problem on the field; a field known by name only (seen
// on the row, defined on another computer) is shown too; a booked invoice's values are read-only.
import { describe, expect, it, vi } from 'vitest'
import { SupplierInvoiceStatus } from '@common/status'
import { invoiceField } from './fixtures.ts'
import { useInvoicePanel } from './invoice-panel.ts'

const panel = useInvoicePanel('panel-custom-test')

async function mountPanel(StatusCode: number = SupplierInvoiceStatus.Draft, locale: 'nb' | 'en' = 'nb') {
  await panel.mount({
    locale,
    invoice: {
      StatusCode,
      CustomValues: { CustomProsjektkode: 'P-17', CustomAntall: 3, CustomAvdeling: 'Nord' },
    },
    prepare: async (db) => {
      await db.customFieldSets.put({
        companyKey: 'nordlys',
        types: [],
        models: [],
        fields: [invoiceField('Prosjektkode', 'smalltext'), invoiceField('Antall', 'number', false)],
        readAt: null,
      })
      // Another company's field of the same model never reaches this company's panel.
      await db.customFieldSets.put({
        companyKey: 'fjordkraft',
        types: [],
        models: [],
        fields: [invoiceField('Kostnadssted', 'smalltext')],
        readAt: null,
      })
    },
  })
  await vi.waitFor(() => expect(document.querySelector('[data-testid="custom-values"]')).not.toBeNull())
  return document.querySelector<HTMLElement>('[data-testid="custom-values"]')!
}

/** The input of a custom field, found by its label. */
function input(label: string): HTMLInputElement {
  const found = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim().startsWith(label))
  if (!found) throw new Error(`No field labelled ${label}`)
  return document.getElementById(found.htmlFor) as HTMLInputElement
}

async function type(target: HTMLInputElement, text: string) {
  target.value = text
  target.dispatchEvent(new Event('input', { bubbles: true }))
  target.dispatchEvent(new FocusEvent('blur'))
  await vi.waitFor(() => expect(target.value).toBe(text))
}

describe('the inbox panel’s custom values', () => {
  it('shows the invoice’s values, this company’s fields only, and one known by name from the row', async () => {
    const fieldset = await mountPanel()
    await vi.waitFor(() => expect(input('Prosjektkode').value).toBe('P-17'))
    expect(input('Antall').value).toBe('3')
    expect(input('Avdeling').value).toBe('Nord')
    expect(fieldset.textContent).toContain('Kort tekst')
    expect(fieldset.textContent).not.toContain('Kostnadssted')
  })

  it('saves a changed value in the invoice’s update, keeping its other custom values', async () => {
    await mountPanel()
    await vi.waitFor(() => expect(input('Antall').value).toBe('3'))
    await type(input('Antall'), '12')
    await panel.wrapper.get('form').trigger('submit')
    await vi.waitFor(async () => expect(await panel.db.outbox.count()).toBe(1))
    const [entry] = await panel.db.outbox.toArray()
    expect(entry?.body).toEqual({ CustomValues: { CustomAntall: 12 } })
    expect(entry?.base).toEqual({
      CustomValues: { CustomProsjektkode: 'P-17', CustomAntall: 3, CustomAvdeling: 'Nord' },
    })
    const row = await panel.db.SupplierInvoice.get(['nordlys', 41])
    expect(row?.CustomValues).toEqual({
      CustomProsjektkode: 'P-17',
      CustomAntall: 12,
      CustomAvdeling: 'Nord',
    })
    await vi.waitFor(() => expect(document.querySelector('[data-testid="invoice-saved"]')).not.toBeNull())
  })

  it('blocks the save while a value cannot be stored, the problem on its field', async () => {
    await mountPanel()
    await vi.waitFor(() => expect(input('Antall').value).toBe('3'))
    await type(input('Antall'), '12,5')
    await type(input('Prosjektkode'), 'P-18')
    await panel.wrapper.get('form').trigger('submit')
    await vi.waitFor(() => expect(input('Antall').getAttribute('aria-invalid')).toBe('true'))
    const problem = document.getElementById(input('Antall').getAttribute('aria-describedby')!)
    expect(problem?.textContent).toContain('heltall')
    await vi.waitFor(() => expect(document.activeElement).toBe(input('Antall')))
    expect(await panel.db.outbox.count()).toBe(0)
    expect((await panel.db.SupplierInvoice.get(['nordlys', 41]))?.CustomValues?.CustomProsjektkode).toBe(
      'P-17',
    )

    // A required field left empty is named as well.
    await type(input('Antall'), '')
    await panel.wrapper.get('form').trigger('submit')
    await vi.waitFor(() =>
      expect(document.getElementById(input('Antall').getAttribute('aria-describedby')!)?.textContent).toMatch(
        /Feltet må ha en verdi/,
      ),
    )
    expect(await panel.db.outbox.count()).toBe(0)
  })

  it('shows a booked invoice’s values read-only, and passes axe', async () => {
    const fieldset = await mountPanel(SupplierInvoiceStatus.Journaled, 'en')
    await vi.waitFor(() => expect(input('Prosjektkode').value).toBe('P-17'))
    expect(input('Prosjektkode').disabled).toBe(true)
    expect(fieldset.textContent).toContain('Short text')
    const { default: axe } = await import('axe-core')
    const result = await axe.run(document.querySelector('[data-testid="invoice-panel"]') as HTMLElement, {
      rules: { 'color-contrast': { enabled: false } },
    })
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([])
  })
})
