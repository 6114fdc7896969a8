// A document attached to a journal draft's entry: in browser mode its bytes go to the host's upload
// endpoint with their progress on the entry (a bridge message carries at most 1 MiB, less than a normal
// scan), and journal.uploadStaged takes them; the desktop app sends them with journal.uploadDocument. A file
// over 30 MB is refused on the page before any byte goes.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h, nextTick, ref } from 'vue'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import PrimeVue from 'primevue/config'
import type { DropUpload } from '@common/bridge/scan'
import { installBridge } from '@renderer/bridge'
import { openWorkspace } from '@renderer/data/schema'
import type { DraftAttachment } from '@renderer/features/journal/draft'
import JournalAttachments from '@renderer/features/journal/JournalAttachments.vue'
import { createAppI18n } from '@renderer/i18n'
import { createTestBridge, type TestBridge } from './test-bridge.ts'

const key = 'company-nordlys'
const token = 't'.repeat(32)
let wrapper: VueWrapper | undefined
afterEach(() => {
  wrapper?.unmount()
  wrapper = undefined
})

function mountAttachments(test: TestBridge, locale: 'nb' | 'en' = 'nb') {
  installBridge(test.bridge)
  const attachments = ref<DraftAttachment[]>([])
  const db = openWorkspace('sandbox', `user-${crypto.randomUUID()}`)
  const Host = defineComponent({
    setup: () => () =>
      h(JournalAttachments, {
        db,
        companyKey: key,
        entries: [1],
        attachments: attachments.value,
        readonly: false,
        'onUpdate:attachments': (next: DraftAttachment[]) => (attachments.value = next),
      }),
  })
  wrapper = mount(Host, { attachTo: document.body, global: { plugins: [createAppI18n(locale), PrimeVue] } })
  return { attachments }
}

/** Drops files on entry 1, as the browser does. */
async function drop(files: File[]) {
  const entry = wrapper!.get('[data-testid="journal-attach-entry-1"]').element
  const dataTransfer = { files, types: ['Files'], dropEffect: 'none' }
  const event = new Event('drop', { bubbles: true, cancelable: true })
  Object.defineProperty(event, 'dataTransfer', { value: dataTransfer })
  entry.dispatchEvent(event)
  await nextTick()
}

const pdf = (name: string, size: number) => {
  const file = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], name, { type: 'application/pdf' })
  Object.defineProperty(file, 'size', { value: size })
  return file
}

describe("a journal draft's attachments", () => {
  it('in browser mode sends the bytes to the host with their progress on the entry, then journal.uploadStaged takes them', async () => {
    const test = createTestBridge({
      handlers: {
        'journal.uploadStaged': (_, t) => ({ fileId: 812, name: 'Kvittering.pdf', size: t.length }),
      },
    })
    let progress!: (sent: number) => void
    let finish!: (upload: DropUpload) => void
    const sent: { companyKey: string; name: string }[] = []
    test.bridge.uploadJournalDocument = (companyKey, file, onProgress) => {
      sent.push({ companyKey, name: file.name })
      progress = onProgress!
      return new Promise((resolve) => (finish = resolve))
    }
    const { attachments } = mountAttachments(test)
    await drop([pdf('Kvittering.pdf', 8 * 1024 * 1024)])
    await vi.waitFor(() => expect(sent).toEqual([{ companyKey: key, name: 'Kvittering.pdf' }]))
    expect(wrapper!.get('[data-testid="journal-attach-uploading"]').text()).toBe(
      'Laster opp Kvittering.pdf: 0\u00a0%',
    )
    progress(3 * 1024 * 1024)
    await nextTick()
    expect(wrapper!.get('[data-testid="journal-attach-uploading"]').text()).toBe(
      'Laster opp Kvittering.pdf: 37\u00a0%',
    )
    expect(wrapper!.get('progress').attributes('value')).toBe('37')
    // All bytes there: the platform upload is what is left.
    progress(8 * 1024 * 1024)
    await nextTick()
    expect(wrapper!.get('[data-testid="journal-attach-uploading"]').text()).toBe('Laster opp Kvittering.pdf…')
    finish({ token, name: 'Kvittering.pdf', size: 8 * 1024 * 1024 })
    await flushPromises()

    expect(test.calls.filter((c) => c.name.startsWith('journal.'))).toEqual([
      { name: 'journal.uploadStaged', args: [key, token] },
    ])
    expect(attachments.value).toEqual([{ entry: 1, fileId: 812, name: 'Kvittering.pdf' }])
    expect(wrapper!.find('[data-testid="journal-attach-uploading"]').exists()).toBe(false)
  })

  it("shows the host's refusal in the user's words, and attaches nothing", async () => {
    const test = createTestBridge()
    test.bridge.uploadJournalDocument = () =>
      Promise.reject(Object.assign(new Error('stor.pdf is 31.0 MB'), { code: 'JOURNAL_UPLOAD_TOO_LARGE' }))
    const { attachments } = mountAttachments(test, 'en')
    await drop([pdf('stor.pdf', 1024)])
    await flushPromises()
    expect(wrapper!.get('[data-testid="journal-attach-refused"]').text()).toBe(
      'stor.pdf was not attached: a document can be at most 30 MB.',
    )
    expect(attachments.value).toEqual([])
  })

  it('refuses a document over 30 MB before sending a byte', async () => {
    const test = createTestBridge()
    const upload = vi.fn()
    test.bridge.uploadJournalDocument = upload
    mountAttachments(test, 'en')
    await drop([pdf('skann-600dpi.pdf', 31 * 1024 * 1024)])
    await flushPromises()
    expect(wrapper!.get('[data-testid="journal-attach-refused"]').text()).toBe(
      'skann-600dpi.pdf was not attached: a document can be at most 30 MB.',
    )
    expect(upload).not.toHaveBeenCalled()
    expect(test.calls.some((c) => c.name.startsWith('journal.'))).toBe(false)
  })

  it('on the desktop sends the bytes with journal.uploadDocument over IPC, as before', async () => {
    const test = createTestBridge({
      handlers: { 'journal.uploadDocument': (_, d) => ({ fileId: 813, name: d.name, size: 5 }) },
    })
    const { attachments } = mountAttachments(test)
    await drop([new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], 'a.pdf')])
    await vi.waitFor(() => expect(attachments.value).toEqual([{ entry: 1, fileId: 813, name: 'a.pdf' }]))
    expect(test.calls.filter((c) => c.name.startsWith('journal.'))).toEqual([
      { name: 'journal.uploadDocument', args: [key, { name: 'a.pdf', data: 'JVBERi0=' }] },
    ])
  })
})
