// The viewer's rendering of an XML invoice (a PEPPOL BIS 3 example): no raw XML, the parties, the invoice's
// facts, its lines with allowances and charges, the VAT summary, the totals and the payment, with amounts
// and dates as the user's language writes them.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mount, type VueWrapper } from '@vue/test-utils'
import PrimeVue from 'primevue/config'
import { createAppI18n } from '@renderer/i18n/index'
import DocumentViewer from '@renderer/ui/document-viewer/DocumentViewer.vue'

const example = (name: string) =>
  new Uint8Array(readFileSync(join(process.cwd(), 'test/fixtures/einvoice/peppol-bis-3', name)))

let wrapper: VueWrapper | null = null
afterEach(() => {
  wrapper?.unmount()
  wrapper = null
})

function show(bytes: Uint8Array, locale: 'nb' | 'en') {
  wrapper = mount(DocumentViewer, {
    props: { source: bytes, contentType: 'application/xml' },
    attachTo: document.body,
    global: { plugins: [createAppI18n(locale), PrimeVue] },
  })
  return wrapper
}

const cells = (row: Element) =>
  [...row.querySelectorAll('td')].map((c) => c.textContent!.replace(/[ \t\r\n]+/g, ' ').trim())

describe('an XML invoice in the document viewer', () => {
  it('shows the invoice readably in Norwegian: parties, facts, lines, VAT, totals and payment', async () => {
    const viewer = show(example('Allowance-example.xml'), 'nb')
    await vi.waitFor(() => expect(viewer.find('[data-testid="structured-invoice"]').exists()).toBe(true))
    const text = viewer.text()
    expect(text).not.toContain('<')
    expect(viewer.find('h2').text()).toBe('E-faktura Snippet1')
    expect(text).toContain('SelgerSupplierOfficialName Ltd')
    expect(text).toContain('Reg.nr. GB983294')
    expect(text).toContain('Mva-nr. GB1232434')
    expect(text).toContain('Fakturadato13.11.2017')
    const rows = viewer
      .findAll('table')[0]!
      .findAll('tbody tr')
      .map((r) => cells(r.element))
    expect(rows[0]).toEqual(['1', 'item name', '10', 'stk', '4\u00a0000,00', 'S 25'])
    expect(rows.at(-1)).toEqual(['', 'Rabatt: Discount', '', '', '\u2212200,00', 'S 25'])
    const vat = viewer
      .findAll('table')[1]!
      .findAll('tbody tr')
      .map((r) => cells(r.element))
    expect(vat).toEqual([
      ['S', '25', '4\u00a0900,00', '1\u00a0225,00'],
      ['E', '0', '1\u00a0000,00', '0,00'],
    ])
    expect(text).toContain('Forskuddsbetalt\u22121\u00a0000,00 EUR')
    expect(text).toContain('Å betale6\u00a0125,00 EUR')
    // Numbers stand right-aligned in their own cells.
    expect(viewer.findAll('td.si__num').length).toBeGreaterThan(10)
    // An XML invoice has no pages: no zoom or turn tools.
    expect(viewer.find('button[aria-label="Zoom inn"]').exists()).toBe(false)
  })

  it('words it in English, a credit note as a credit note', async () => {
    const viewer = show(example('base-creditnote-correction.xml'), 'en')
    await vi.waitFor(() => expect(viewer.find('[data-testid="structured-invoice"]').exists()).toBe(true))
    expect(viewer.find('h2').text()).toMatch(/^E-credit note /)
    expect(viewer.text()).toContain('Amount due-1,656.25 EUR')
    expect(viewer.text()).toContain('SellerSupplierOfficialName Ltd')
  })
})
