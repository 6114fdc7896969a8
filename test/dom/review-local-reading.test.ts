// Where a proposed value was read, per field of the review: a small icon with its name ("Read on this
// computer" / "From the platform", nb and en) beside the proposal and beside each alternative; and the review
// of an invoice whose platform OCR answered nothing, proposing what main read on this computer.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h, ref } from 'vue'
import { mount, type VueWrapper } from '@vue/test-utils'
import PrimeVue from 'primevue/config'
import type { PlatformRow } from '@common/bridge/sync'
import { OcrPropertyId } from '@common/ocr'
import { createAppI18n } from '@renderer/i18n'
import ProposalField from '@renderer/features/review/ProposalField.vue'
import type { FieldProposal, OcrCandidate } from '@renderer/features/review/ocr-proposals'
import { waitForElement } from './mount-shell.ts'
import { mountWorkspace, reviewOfInvoice1 } from './mount-workspace.ts'

const candidate = (id: number, value: string, probability: number, source?: 'local'): OcrCandidate => ({
  id,
  value,
  text: value,
  probability,
  box: { id: `candidate-${id}`, page: 1, left: 10, top: 20, width: 40, height: 12 },
  ...(source ? { source } : {}),
})

let wrapper: VueWrapper | undefined
afterEach(() => {
  wrapper?.unmount()
  wrapper = undefined
})

function mountField(proposal: FieldProposal, locale: 'nb' | 'en') {
  const value = ref('')
  const Host = defineComponent({
    setup: () => () =>
      h(ProposalField, {
        field: 'InvoiceNumber',
        label: locale === 'nb' ? 'Fakturanummer' : 'Invoice number',
        proposal,
        confirmed: false,
        problem: undefined,
        modelValue: value.value,
        'onUpdate:modelValue': (v: string) => (value.value = v),
      }),
  })
  wrapper = mount(Host, { attachTo: document.body, global: { plugins: [createAppI18n(locale), PrimeVue] } })
  return wrapper
}

const marks = (root: Element) =>
  [...root.querySelectorAll('[role="img"]')].map((el) => [
    el.getAttribute('aria-label'),
    el.getAttribute('title'),
  ])

describe('the source of a proposed value', () => {
  const local = candidate(1, '10028', 0.8, 'local')
  const platform = candidate(2, '10023', 0.55)
  const proposal: FieldProposal = { proposed: local, candidates: [local, platform] }

  it('says a value read on this computer, and the platform’s alternative, in Norwegian', () => {
    const field = mountField(proposal, 'nb')
    const note = field.get('.field__note')
    expect(note.text()).toContain('Lest: 10028')
    expect(marks(note.element)).toEqual([['Lest på denne datamaskinen', 'Lest på denne datamaskinen']])
    expect(marks(field.get('[role="listbox"]').element)).toEqual([
      ['Lest på denne datamaskinen', 'Lest på denne datamaskinen'],
      ['Fra plattformen', 'Fra plattformen'],
    ])
  })

  it('says it in English, and a value without a source is the platform’s', () => {
    const field = mountField({ proposed: platform, candidates: [platform, local] }, 'en')
    expect(marks(field.get('.field__note').element)).toEqual([['From the platform', 'From the platform']])
    expect(marks(field.get('[role="listbox"]').element).map(([name]) => name)).toEqual([
      'From the platform',
      'Read on this computer',
    ])
  })

  it('shows no mark where nothing was read', () => {
    const field = mountField({ proposed: null, candidates: [] }, 'en')
    expect(field.get('.field__note').text()).toBe('Nothing read')
    expect(marks(field.get('.field__note').element)).toEqual([])
  })
})

const at = '2026-03-03T10:00:00.000Z'
const rows: Record<string, PlatformRow[]> = {
  SupplierInvoice: [{ ID: 1, UpdatedAt: at, StatusCode: 30101, SupplierID: null }],
  FileAttachment: [
    {
      ID: 9,
      UpdatedAt: at,
      FileID: 77,
      EntityType: 'SupplierInvoice',
      EntityID: 1,
      Name: 'skannet.png',
      ContentType: 'image/png',
      ContentLength: 8,
    },
  ],
}

/** An OCR answer (spec 2.13) proposing one value per property. */
function answerProposing(values: Partial<Record<number, string>>) {
  return {
    Id: 0,
    PageNo: 1,
    ImageWidth: 1000,
    ImageHeight: 1400,
    OcrRawData: JSON.stringify({ AllWords: [], ImageWidth: 1000, ImageHeight: 1400 }),
    InterpretedProperties: Object.entries(values).map(([id, value], i) => {
      const c = {
        Id: i + 1,
        Value: value,
        HitWordText: value,
        ProbabilityFactor: 0.8,
        Left: 100,
        Top: 100 + 30 * i,
        Width: 80,
        Height: 14,
        PageNo: 1,
      }
      return { OcrProperty: { Id: Number(id) }, ProposedCandidate: c, InterpretationCandidates: [c] }
    }),
  }
}

describe('the review with what was read on this computer', () => {
  it('proposes the locally read values, marked, where the platform’s OCR answered nothing', async () => {
    const readLocally = vi.fn(() => ({
      hash: 'a'.repeat(64),
      answer: answerProposing({
        [OcrPropertyId.InvoiceNumber]: 'F-20931',
        [OcrPropertyId.InvoiceDate]: '2026-02-27',
      }),
      refused: null,
      cached: true,
      ms: 0,
    }))
    await mountWorkspace({
      ...reviewOfInvoice1,
      languages: ['nb-NO'],
      companies: [
        { ID: 1, Name: 'Nordlys Bakeri AS', Key: 'nordlys', IsTest: false, OrganizationNumber: '924956488' },
      ],
      rows: { nordlys: rows },
      handlers: {
        'files.download': (_companyKey, fileId) => ({
          fileId,
          name: 'skannet.png',
          contentType: 'image/png',
          base64: btoa('\x89PNG\r\n\x1a\n'),
        }),
        // A cloud OCR that read nothing on this document.
        'files.ocr': () => ({ Id: 0, PageNo: 1, InterpretedProperties: [], OcrRawData: '{}' }),
        'files.readLocally': readLocally,
      },
    })
    await waitForElement('[data-testid="review-form"]')
    const field = () => document.querySelector('[data-testid="review-field-InvoiceNumber"]')
    await vi.waitFor(() => expect(field()?.textContent).toContain('Lest: F-20931'), { timeout: 15_000 })
    expect(marks(field()!.querySelector('.field__note')!)).toEqual([
      ['Lest på denne datamaskinen', 'Lest på denne datamaskinen'],
    ])
    expect(document.querySelector('[data-testid="review-field-InvoiceDate"]')!.textContent).toContain(
      'Lest: 27.02.2026',
    )
    // Main was asked for the shown file of the open company.
    expect(readLocally).toHaveBeenCalledWith('nordlys', 77)
  }, 40_000)
})
