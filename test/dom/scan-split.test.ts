// The scan queue's split and duplicate rows: a file dropped again under the same name shows as a row of
// its own, "duplicate of" the invoice with a link that opens its review; a PDF waiting in the queue opens
// the split view with its pages, "Split here" between pages names the parts, and confirming sends the cuts
// to main; a split batch and its parts say what they are. In Norwegian and English.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { ScanRow } from '@common/bridge/scan'
import { mountShell, type MountedShell } from './mount-shell.ts'
import { scanHandlers, scanKey, scanRow } from './scan-station.ts'
import { createTestBridge, type Handlers } from './test-bridge.ts'

const key = scanKey
const row = (over: Partial<ScanRow>): ScanRow =>
  scanRow({ name: 'faktura.pdf', supplierCreated: false, amount: 1250, location: null, ...over })

/** A page picture as main sends it (a data: URL). */
const picture =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAA//EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AN//Z'

function bridgeWith(rows: ScanRow[], extra: Handlers = {}) {
  return createTestBridge({
    handlers: {
      ...scanHandlers({
        views: ['inbox', 'review', 'settings'],
        overview: { paused: true, pausedReason: 'offline', inProgress: { [key]: 1 } },
        rows,
      }),
      ...extra,
    },
  })
}

let shell: MountedShell | undefined
afterEach(() => {
  shell?.unmount()
  shell = undefined
  sessionStorage.clear()
})

const rowsNamed = (name: string) => [...document.querySelectorAll(`[data-testid="scan-row-${name}"]`)]
const buttonNamed = (within: ParentNode, name: string) =>
  [...within.querySelectorAll('button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name,
  )

describe('a file dropped again', () => {
  it('is a row of its own, a duplicate of the invoice, whose link opens the invoice’s review', async () => {
    sessionStorage.setItem('ledgerdesk.currentCompany', key)
    const test = bridgeWith([
      row({
        id: 'dup:/drop/processed/duplicates/faktura.pdf',
        state: 'duplicate',
        invoiceId: null,
        duplicateOfInvoiceId: 41,
        reason: { code: 'duplicate', params: {} },
      }),
      row({}),
    ])
    shell = await mountShell({ path: '/inbox', test, languages: ['nb-NO'] })
    await shell.find('scan-queue')
    await vi.waitFor(() => expect(rowsNamed('faktura.pdf')).toHaveLength(2))
    const [duplicate, first] = rowsNamed('faktura.pdf')
    expect(first!.getAttribute('data-state')).toBe('ready')
    expect(duplicate!.getAttribute('data-state')).toBe('duplicate')
    expect(duplicate!.textContent).toContain('Duplikat')
    const link = [...duplicate!.querySelectorAll('a')].find(
      (a) => a.getAttribute('aria-label') === 'Duplikat av faktura F-1001 fra Havbris Catering AS',
    )
    expect(link?.textContent?.trim()).toBe('Duplikat av faktura F-1001')
    expect(link?.getAttribute('href')).toMatch(/review\?invoice=41$/)
    link!.click()
    // The review's chunk loads first: a view's first load may take a while.
    await vi.waitFor(() => expect(shell!.router.currentRoute.value.query.invoice).toBe('41'), {
      timeout: 15_000,
    })
    expect(shell.router.currentRoute.value.name).toBe('review')
  }, 30_000)
})

describe('splitting a waiting PDF', () => {
  it('shows its pages, names the parts the cuts make and sends the cuts to main', async () => {
    sessionStorage.setItem('ledgerdesk.currentCompany', key)
    const waiting = row({
      id: 'sha-batch',
      name: 'bunke.pdf',
      state: 'queued',
      invoiceId: null,
      supplierName: null,
      invoiceNumber: null,
      amount: null,
      splittable: true,
    })
    const test = bridgeWith([waiting, row({ id: 'sha-2', name: 'sendt.pdf', splittable: false })], {
      'scan.pages': () => ({ pageCount: 4, thumbnails: [picture, picture, picture, picture] }),
      'scan.split': () => true,
    })
    shell = await mountShell({ path: '/inbox', test, languages: ['nb-NO'] })
    const batch = await shell.find('scan-row-bunke.pdf')
    // Only a file not yet sent can be split.
    expect(buttonNamed(await shell.find('scan-row-sendt.pdf'), 'Del opp sendt.pdf')).toBeUndefined()
    buttonNamed(batch, 'Del opp bunke.pdf')!.click()
    const dialog = await shell.find('scan-split-dialog')
    await vi.waitFor(() => expect(dialog.querySelectorAll('img')).toHaveLength(4))
    expect(test.calls.filter((c) => c.name === 'scan.pages').map((c) => c.args)).toEqual([[key, 'sha-batch']])
    expect([...dialog.querySelectorAll('img')].map((img) => img.getAttribute('alt'))).toEqual([
      'Side 1',
      'Side 2',
      'Side 3',
      'Side 4',
    ])
    expect(dialog.textContent).toContain('ingen dokumentert måte å slette fakturautkastet')
    expect(await shell.text('scan-split-parts')).toBe('Ingen deling valgt: dokumentet forblir én faktura.')
    const confirm = () =>
      buttonNamed(document.body, 'Del i 3 dokumenter') ?? buttonNamed(document.body, 'Del i 1 dokumenter')
    expect(confirm()!.disabled).toBe(true)

    const cut3 = buttonNamed(dialog, 'Del her, foran side 3')!
    cut3.click()
    await flushPromises()
    expect(cut3.getAttribute('aria-pressed')).toBe('true')
    buttonNamed(dialog, 'Del her, foran side 4')!.click()
    await flushPromises()
    expect(await shell.text('scan-split-parts')).toBe('3 dokumenter: sidene 1–2, 3, 4')
    // A cut chosen again is taken back.
    buttonNamed(dialog, 'Del her, foran side 4')!.click()
    await flushPromises()
    expect(await shell.text('scan-split-parts')).toBe('2 dokumenter: sidene 1–2, 3–4')
    buttonNamed(dialog, 'Del her, foran side 4')!.click()
    await flushPromises()
    confirm()!.click()
    await vi.waitFor(() =>
      expect(test.calls.filter((c) => c.name === 'scan.split').map((c) => c.args)).toEqual([
        [key, 'sha-batch', [3, 4]],
      ]),
    )
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Delt i 3 dokumenter; hvert går videre gjennom køen.'),
    )
  }, 30_000)

  it('says so in English when the file was sent meanwhile, and shows a split batch and its parts', async () => {
    sessionStorage.setItem('ledgerdesk.currentCompany', key)
    const test = bridgeWith(
      [
        row({ id: 'sha-wait', name: 'venter.pdf', state: 'cancelled', invoiceId: null, splittable: true }),
        row({
          id: 'sha-batch',
          name: 'bunke.pdf',
          state: 'split',
          parts: 3,
          invoiceId: null,
          supplierName: null,
          invoiceNumber: null,
          amount: null,
        }),
        row({
          id: 'sha-p2',
          name: 'bunke-2.pdf',
          invoiceId: 52,
          splitFrom: { name: 'bunke.pdf', part: 2, of: 3 },
        }),
      ],
      {
        'scan.pages': () => ({ pageCount: 2, thumbnails: [picture, picture] }),
        'scan.split': () => false,
      },
    )
    shell = await mountShell({ path: '/inbox', test, languages: ['en-GB'] })
    expect((await shell.find('scan-row-bunke.pdf')).textContent).toContain('Split into 3 documents')
    expect((await shell.find('scan-row-bunke-2.pdf')).textContent).toContain('Part 2 of 3 of bunke.pdf')
    // The ready part's link names the invoice by the number read, not the platform's ID.
    expect((await shell.find('scan-row-bunke-2.pdf')).textContent).toContain('Invoice F-1001')
    expect((await shell.find('scan-row-bunke-2.pdf')).textContent).not.toContain('Invoice 52')
    buttonNamed(await shell.find('scan-row-venter.pdf'), 'Split venter.pdf')!.click()
    const dialog = await shell.find('scan-split-dialog')
    await vi.waitFor(() => expect(dialog.querySelectorAll('img')).toHaveLength(2))
    buttonNamed(dialog, 'Split here, before page 2')!.click()
    await flushPromises()
    buttonNamed(document.body, 'Split into 2 documents')!.click()
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain(
        'The file has been sent to the platform meanwhile and can no longer be split here.',
      ),
    )
  }, 30_000)
})
