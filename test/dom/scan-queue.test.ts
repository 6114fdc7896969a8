// The inbox's scan queue: the open company's rows with their states, a failed file's reason and Retry,
// a duplicate's link, live changes from main, and the count of documents in progress; in browser mode a
// dropped file's bytes on their way to the host, and a file over the limit refused before any byte goes.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import { flushPromises } from '@vue/test-utils'
import { ScanReason, ScanReasonCode, type DropUpload, type ScanFolderState } from '@common/bridge/scan'
import scanMessages from '@renderer/features/scan/messages'
import { mountShell, waitForElement, type MountedShell } from './mount-shell.ts'
import { scanCompany, scanHandlers, scanKey, scanOverview, scanRow } from './scan-station.ts'
import { createTestBridge } from './test-bridge.ts'

const key = scanKey
const company = scanCompany
const row = scanRow

let shell: MountedShell | undefined
afterEach(() => {
  shell?.unmount()
  shell = undefined
  sessionStorage.clear()
})

describe('scan queue', () => {
  it('shows the rows of the open company live, with reasons, Retry and links', async () => {
    sessionStorage.setItem('ledgerdesk.currentCompany', key)
    const test = createTestBridge({
      handlers: {
        ...scanHandlers({
          overview: { inProgress: { [key]: 1 } },
          rows: [
            row({}),
            row({
              id: 'sha-2',
              name: 'notat.pdf',
              state: 'failed',
              reason: { code: 'empty', params: {} },
              invoiceId: null,
              supplierName: null,
              amount: null,
            }),
            row({
              id: 'sha-4',
              name: 'avvist.pdf',
              state: 'failed',
              reason: { code: 'refused', params: { detail: 'File type not allowed' } },
              invoiceId: null,
            }),
            row({
              id: 'dup:/scan/kopi.pdf',
              name: 'kopi.pdf',
              state: 'duplicate',
              reason: { code: 'duplicate', params: {} },
              invoiceId: null,
              duplicateOfInvoiceId: 41,
              supplierName: null,
            }),
            // Nothing was read of the first file: the link names the invoice by the platform's ID.
            row({
              id: 'dup:/scan/uten-tekst.pdf',
              name: 'uten-tekst.pdf',
              state: 'duplicate',
              reason: { code: 'duplicate', params: {} },
              invoiceId: null,
              duplicateOfInvoiceId: 42,
              supplierName: null,
              invoiceNumber: null,
            }),
            row({
              id: 'dup:/scan/felles.pdf',
              name: 'felles.pdf',
              state: 'duplicate',
              reason: { code: 'duplicateElsewhere', params: {} },
              invoiceId: null,
              duplicateOfInvoiceId: null,
            }),
          ],
        }),
        'scan.retry': () => true,
      },
    })
    shell = await mountShell({ path: '/inbox', test, languages: ['nb-NO'] })
    const ready = await shell.find('scan-row-faktura-1.pdf')
    expect(ready.textContent).toContain('Klar for kontroll')
    expect(ready.textContent).toContain('Havbris Catering AS')
    expect(ready.textContent).toContain('ny leverandør')
    expect(ready.textContent?.replace(/\s/g, ' ')).toMatch(/12 345,50/)
    const failed = await shell.find('scan-row-notat.pdf')
    // Main sends the reason as a code; it is worded in the language of now, with the platform's words.
    expect(failed.textContent).toContain('Filen er tom (0 byte).')
    expect((await shell.find('scan-row-avvist.pdf')).textContent).toContain(
      'Plattformen avviste filen: File type not allowed',
    )
    const copy = (await shell.find('scan-row-kopi.pdf')).textContent
    // The number read of the first file names the invoice; its supplier when one was read (scan-split.test.ts).
    expect(copy).toContain('Duplikat av faktura F-1001')
    expect(copy).not.toContain('Duplikat av faktura 41')
    expect((await shell.find('scan-row-uten-tekst.pdf')).textContent).toContain('Duplikat av faktura 42')
    expect(copy).not.toContain('allerede er skannet')
    expect((await shell.find('scan-row-felles.pdf')).textContent).toContain(
      'Allerede registrert av en annen bruker på denne maskinen',
    )
    expect(await shell.text('scan-in-progress')).toBe('Ingen dokumenter under behandling')

    const retry = [...failed.querySelectorAll('button')].find(
      (b) => b.getAttribute('aria-label') === 'Prøv igjen: notat.pdf',
    )!
    retry.click()
    await flushPromises()
    expect(test.calls.filter((c) => c.name === 'scan.retry').map((c) => c.args)).toEqual([[key, 'sha-2']])

    // Main reports a new file uploading; another company's row never shows here.
    test.emit(
      'scan.rowChanged',
      row({ id: 'sha-3', name: 'ny.pdf', state: 'uploading', progress: 40, invoiceId: null }),
    )
    test.emit('scan.rowChanged', row({ id: 'sha-9', companyKey: 'other', name: 'annen.pdf' }))
    await nextTick()
    expect((await shell.find('scan-row-ny.pdf')).textContent).toContain('Laster opp 40 %')
    expect(await shell.text('scan-in-progress')).toBe('1 dokument under behandling')
    expect(document.querySelector('[data-testid="scan-row-annen.pdf"]')).toBeNull()
  }, 30_000)
})

describe('scan reasons', () => {
  it('words every reason code main may send, in Norwegian and English, with exactly its parameters', () => {
    expect(ScanReasonCode.options.length).toBeGreaterThan(10)
    for (const code of ScanReasonCode.options) {
      const option = ScanReason.options.find((o) => o.shape.code.value === code)!
      const params = Object.keys(option.shape.params.shape).sort()
      for (const [language, messages] of [
        ['nb', scanMessages.nb],
        ['en', scanMessages.en],
      ] as const) {
        const wording: unknown = (messages.reasons as Record<string, unknown>)[code]
        expect(typeof wording === 'string' && wording.trim() !== '', `${code} in ${language}`).toBe(true)
        const placeholders = [...(wording as string).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
        expect(placeholders, `${code} in ${language}`).toEqual(params)
      }
    }
  })
})

describe('files dropped in browser mode', () => {
  const session = () => scanHandlers()

  /** A drop on the window as the browser delivers it (happy-dom's DragEvent carries no dataTransfer). */
  function drop(files: File[]) {
    const event = new Event('drop', { bubbles: true, cancelable: true })
    Object.defineProperty(event, 'dataTransfer', { value: { types: ['Files'], files, items: [] } })
    window.dispatchEvent(event)
  }

  it('shows a dropped file as sending with its percentage until its bytes are there, then it joins the queue', async () => {
    sessionStorage.setItem('ledgerdesk.currentCompany', key)
    const test = createTestBridge({
      handlers: { ...session(), 'scan.dropUploads': (_k, tokens) => tokens.length },
    })
    let progress!: (sent: number) => void
    let finish!: (upload: DropUpload) => void
    const sent: { companyKey: string; name: string }[] = []
    test.bridge.uploadDroppedFile = (companyKey, file, onProgress) => {
      sent.push({ companyKey, name: file.name })
      progress = onProgress!
      return new Promise((resolve) => (finish = resolve))
    }
    shell = await mountShell({ path: '/inbox', test, languages: ['nb-NO'] })
    await shell.find('scan-queue')
    drop([new File([new Uint8Array(1000)], 'skann.pdf', { type: 'application/pdf' })])
    await vi.waitFor(() => expect(sent).toEqual([{ companyKey: key, name: 'skann.pdf' }]))
    progress(400)
    await nextTick()
    expect((await shell.find('scan-sending-skann.pdf')).textContent).toContain(
      'Sender til Ledgerdesk 40\u00a0%',
    )
    expect(await shell.text('scan-sending')).toBe('Sender 1 fil til Nordlys Bakeri AS: 40\u00a0%')
    expect(await shell.text('scan-in-progress')).toBe('1 dokument under behandling')
    expect(test.calls.some((c) => c.name === 'scan.dropUploads')).toBe(false)

    finish({ token: 't'.repeat(32), name: 'skann.pdf', size: 1000 })
    await vi.waitFor(() =>
      expect(test.calls.filter((c) => c.name === 'scan.dropUploads').map((c) => c.args)).toEqual([
        [key, ['t'.repeat(32)]],
      ]),
    )
    await vi.waitFor(() => expect(document.querySelector('[data-testid="scan-sending"]')).toBeNull())
    expect(document.body.textContent).toContain('1 fil lagt i skannekøen for Nordlys Bakeri AS.')
  }, 30_000)

  it('refuses a file over 50 MB before sending a byte, saying its size and the limit', async () => {
    sessionStorage.setItem('ledgerdesk.currentCompany', key)
    const test = createTestBridge({ handlers: session() })
    const upload = vi.fn()
    test.bridge.uploadDroppedFile = upload
    shell = await mountShell({ path: '/inbox', test, languages: ['en-GB'] })
    await shell.find('scan-queue')
    const big = new File([new Uint8Array(16)], 'stor-skann.pdf', { type: 'application/pdf' })
    Object.defineProperty(big, 'size', { value: 60 * 1024 * 1024 })
    drop([big])
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain(
        'stor-skann.pdf was not added: it is 60.0 MB, and a dropped file can be at most 50 MB.',
      ),
    )
    expect(upload).not.toHaveBeenCalled()
    expect(test.calls.some((c) => c.name === 'scan.dropUploads')).toBe(false)
  }, 30_000)

  it('says files dropped in quick succession in one toast, counting them all', async () => {
    sessionStorage.setItem('ledgerdesk.currentCompany', key)
    const test = createTestBridge({
      handlers: { ...session(), 'scan.dropPaths': (_k, paths) => paths.length },
    })
    Object.defineProperty(test.bridge, 'transport', { value: 'ipc' })
    Object.defineProperty(window, 'ledgerdesk', {
      value: { pathForFile: (file: File) => `/skanner/${file.name}` },
      configurable: true,
    })
    try {
      shell = await mountShell({ path: '/inbox', test, languages: ['en-GB'] })
      await shell.find('scan-queue')
      const pdf = (name: string) => new File([new Uint8Array(8)], name, { type: 'application/pdf' })
      drop([pdf('a.pdf'), pdf('b.pdf')])
      await vi.waitFor(() => expect(document.body.textContent).toContain('2 files added to the scan queue'))
      drop([pdf('c.pdf')])
      await vi.waitFor(() => expect(document.body.textContent).toContain('3 files added to the scan queue'))
      // The toast of the first drop leaves (its leave transition may still be running at first).
      await vi.waitFor(() => expect(document.querySelectorAll('.p-toast-message')).toHaveLength(1))
      expect(document.body.textContent).not.toContain('2 files added to the scan queue')
      expect(test.calls.filter((c) => c.name === 'scan.dropPaths')).toHaveLength(2)
    } finally {
      delete (window as { ledgerdesk?: unknown }).ledgerdesk
    }
  }, 30_000)

  it('in the desktop app sends a file by its path, and one with no path (a pasted image) as its bytes', async () => {
    sessionStorage.setItem('ledgerdesk.currentCompany', key)
    const test = createTestBridge({
      handlers: {
        ...session(),
        'scan.dropPaths': (_k, paths) => paths.length,
        'scan.dropFiles': (_k, files) => files.length,
      },
    })
    // The desktop app's bridge: IPC, with the preload naming where a dropped file lies on disk.
    Object.defineProperty(test.bridge, 'transport', { value: 'ipc' })
    const preload = { pathForFile: (file: File) => (file.name === 'skann.pdf' ? '/skanner/skann.pdf' : '') }
    Object.defineProperty(window, 'ledgerdesk', { value: preload, configurable: true })
    try {
      shell = await mountShell({ path: '/inbox', test, languages: ['en-GB'] })
      await shell.find('scan-queue')
      const pasted = new File([new Uint8Array([137, 80, 78, 71])], 'image.png', { type: 'image/png' })
      drop([new File([new Uint8Array(8)], 'skann.pdf', { type: 'application/pdf' }), pasted])
      await vi.waitFor(() => expect(document.body.textContent).toContain('2 files added to the scan queue'))
      expect(test.calls.filter((c) => c.name === 'scan.dropPaths').map((c) => c.args)).toEqual([
        [key, ['/skanner/skann.pdf']],
      ])
      expect(test.calls.filter((c) => c.name === 'scan.dropFiles').map((c) => c.args)).toEqual([
        [key, [{ name: 'image.png', data: 'iVBORw==' }]],
      ])
      // The toast still on screen follows a change of language.
      test.emit('app.preferencesChanged', { locale: 'nb' })
      const toast = await waitForElement('.p-toast-message')
      await vi.waitFor(() =>
        expect(toast.textContent).toContain('2 filer lagt i skannekøen for Nordlys Bakeri AS.'),
      )
      expect(toast.textContent).toContain('Skannede dokumenter')
      expect(toast.textContent).not.toContain('added')
    } finally {
      delete (window as { ledgerdesk?: unknown }).ledgerdesk
    }
  }, 30_000)
})

describe('scan folders in Settings', () => {
  it('lists each folder with its state and follows a change of language', async () => {
    const test = createTestBridge({
      handlers: {
        'scan.overview': () =>
          scanOverview({
            folders: [
              {
                id: 'folder:/srv/skanner/nordlys',
                path: '/srv/skanner/nordlys',
                root: false,
                companyKey: key,
                companyName: company.Name,
                polling: 'auto',
                state: 'unavailable',
                lastTakenName: 'faktura-7.pdf',
                lastTakenAt: '2026-11-23T10:00:00.000Z',
                error: null,
                unmatched: [],
                children: [],
              },
            ],
          }),
      },
    })
    shell = await mountShell({ path: '/settings', test, languages: ['en-GB'] })
    const folder = await shell.find('scan-folder-/srv/skanner/nordlys')
    expect(folder.textContent).toContain('Unavailable')
    expect(folder.textContent).toContain('faktura-7.pdf')
    test.emit('app.preferencesChanged', { locale: 'nb' })
    await vi.waitFor(() => expect(folder.textContent).toContain('Utilgjengelig'))
    expect(document.body.textContent).toContain('Skannemapper')
  }, 30_000)

  it('says which companies a folder named like two of them fits, and that its files stay, in both languages', async () => {
    const folder = (over: Pick<ScanFolderState, 'id' | 'path' | 'root' | 'unmatched'>): ScanFolderState => ({
      companyKey: null,
      companyName: null,
      polling: 'auto',
      state: 'unmatched',
      lastTakenName: null,
      lastTakenAt: null,
      error: null,
      children: [],
      ...over,
    })
    const both = ['Fjord Bygg AS', 'Fjord-Bygg AS']
    const test = createTestBridge({
      handlers: {
        'scan.overview': () =>
          scanOverview({
            folders: [
              folder({
                id: 'root:/srv/skanner',
                path: '/srv/skanner',
                root: true,
                unmatched: [
                  { name: 'Fjord Bygg AS', reason: 'ambiguous', candidates: both },
                  { name: 'Ukjent firma', reason: 'none' },
                ],
              }),
              folder({
                id: 'folder:/srv/fjord',
                path: '/srv/fjord',
                root: false,
                unmatched: [{ name: 'Fjord Bygg', reason: 'ambiguous', candidates: both }],
              }),
            ],
          }),
      },
    })
    shell = await mountShell({ path: '/settings', test, languages: ['en-GB'] })
    const root = await shell.find('scan-folder-/srv/skanner')
    const direct = await shell.find('scan-folder-/srv/fjord')
    expect(root.textContent).toContain(
      'Subfolder “Fjord Bygg AS” fits more than one company (Fjord Bygg AS and Fjord-Bygg AS): its files stay in it and are not sent.',
    )
    expect(root.textContent).toContain('Subfolders without a company: Ukjent firma')
    expect(direct.textContent).toContain(
      '“Fjord Bygg” fits more than one company (Fjord Bygg AS and Fjord-Bygg AS): no file is taken from this folder.',
    )
    test.emit('app.preferencesChanged', { locale: 'nb' })
    await vi.waitFor(() =>
      expect(root.textContent).toContain(
        'Undermappen «Fjord Bygg AS» passer til flere selskap (Fjord Bygg AS og Fjord-Bygg AS): filene blir liggende i den og sendes ikke.',
      ),
    )
    expect(direct.textContent).toContain(
      '«Fjord Bygg» passer til flere selskap (Fjord Bygg AS og Fjord-Bygg AS): ingen filer hentes fra denne mappen.',
    )
  }, 30_000)
})
