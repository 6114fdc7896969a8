// The scan station's state in the renderer: the folders and queue overview, the rows of the open
// company (live, from main's events), the number of documents in progress per company, and in browser
// mode the dropped files whose bytes are on their way to the host.
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { BridgeError, BridgeErrorCode } from '@common/bridge/contract'
import { scanMaxFileBytes, type ScanOverview, type ScanRow } from '@common/bridge/scan'
import { useBridge } from '@renderer/bridge'
import { readAsBase64 } from '@renderer/ui/read-file'

/** A dropped file being sent to the browser-mode host, before it joins the queue. */
export interface SendingFile {
  id: number
  companyKey: string
  name: string
  size: number
  /** Bytes sent so far. */
  sent: number
}

export interface SendOutcome {
  added: number
  failed: { name: string; error: BridgeError }[]
}

export const useScanStore = defineStore('scan', () => {
  const overview = ref<ScanOverview | null>(null)
  /** Rows per company key: a company's rows are only ever shown under that company. */
  const rows = ref<Record<string, ScanRow[]>>({})
  const sending = ref<SendingFile[]>([])
  let nextSending = 1
  let listening = false

  /** The loads under way: each hears whether a row of its company changed while its rows were asked. */
  const loads = new Set<{ companyKey: string; changed: boolean }>()

  function listen() {
    if (listening) return
    listening = true
    const bridge = useBridge()
    bridge.on('scan.overviewChanged', (next) => (overview.value = next))
    bridge.on('scan.rowChanged', (row) => {
      for (const l of loads) if (l.companyKey === row.companyKey) l.changed = true
      const list = rows.value[row.companyKey]
      if (!list) return
      const i = list.findIndex((r) => r.id === row.id)
      const next = i >= 0 ? list.map((r, j) => (j === i ? row : r)) : [row, ...list]
      rows.value = { ...rows.value, [row.companyKey]: next }
    })
  }

  /**
   * The company's rows as main has them, kept live by its events. A change heard while the rows were asked
   * may be newer than the answer (main read its rows, then a file moved on before the answer was sent) or
   * older: the rows are asked again, a few times at most, until an answer comes with no change beside it.
   */
  async function load(companyKey: string) {
    listen()
    const bridge = useBridge()
    const loadRows = async () => {
      const heard = { companyKey, changed: false }
      loads.add(heard)
      try {
        for (let attempt = 0; attempt < 5; attempt++) {
          heard.changed = false
          const answer = await bridge.call('scan.rows', companyKey)
          rows.value = { ...rows.value, [companyKey]: answer }
          if (!heard.changed) break
        }
      } finally {
        loads.delete(heard)
      }
    }
    await Promise.all([bridge.call('scan.overview').then((o) => (overview.value = o)), loadRows()])
  }

  async function loadOverview() {
    listen()
    overview.value = await useBridge().call('scan.overview')
  }

  const inProgress = computed<Record<string, number>>(() => overview.value?.inProgress ?? {})
  const busy: ReadonlySet<ScanRow['state']> = new Set(['queued', 'uploading', 'reading', 'creating'])
  /** Documents in progress for a company: counted from its live rows once loaded, else main's figure. */
  function inProgressOf(companyKey: string): number {
    const list = rows.value[companyKey]
    return list ? list.filter((r) => busy.has(r.state)).length : (inProgress.value[companyKey] ?? 0)
  }

  const setSent = (id: number, sent: number) =>
    (sending.value = sending.value.map((s) => (s.id === id ? { ...s, sent } : s)))

  /**
   * Browser mode: sends dropped files to the host one at a time, each joining the company's queue as soon
   * as its bytes are there. A file over the scan station's limit is refused here, before any byte goes.
   */
  async function sendDropped(companyKey: string, files: File[]): Promise<SendOutcome> {
    const bridge = useBridge()
    const outcome: SendOutcome = { added: 0, failed: [] }
    const entries = files.map((f) => ({ id: nextSending++, companyKey, name: f.name, size: f.size, sent: 0 }))
    sending.value = [...sending.value, ...entries]
    for (const [i, file] of files.entries()) {
      const entry = entries[i]!
      try {
        if (file.size > scanMaxFileBytes)
          throw new BridgeError('SCAN_DROP_TOO_LARGE', `${file.name} is over the limit`, {
            name: file.name,
            size: file.size,
            maxBytes: scanMaxFileBytes,
          })
        if (!bridge.uploadDroppedFile)
          throw new BridgeError(BridgeErrorCode.Internal, 'This window cannot send files to the host')
        const upload = await bridge.uploadDroppedFile(companyKey, file, (sent) => setSent(entry.id, sent))
        outcome.added += await bridge.call('scan.dropUploads', companyKey, [upload.token])
      } catch (error) {
        outcome.failed.push({
          name: file.name,
          error:
            error instanceof BridgeError
              ? error
              : new BridgeError(BridgeErrorCode.Internal, (error as Error).message),
        })
      } finally {
        sending.value = sending.value.filter((s) => s.id !== entry.id)
      }
    }
    return outcome
  }

  return {
    overview,
    rows,
    sending,
    sendDropped,
    inProgress,
    inProgressOf,
    load,
    loadOverview,
    retry: (companyKey: string, id: string) => useBridge().call('scan.retry', companyKey, id),
    cancel: (companyKey: string) => useBridge().call('scan.cancel', companyKey),
    showInFolder: (companyKey: string, id: string) => useBridge().call('scan.showInFolder', companyKey, id),
    dropPaths: (companyKey: string, paths: string[]) => useBridge().call('scan.dropPaths', companyKey, paths),
    /** Files with no path on disk, in the desktop app: their bytes over IPC (which has no message cap). */
    dropBytes: async (companyKey: string, files: File[]) =>
      useBridge().call(
        'scan.dropFiles',
        companyKey,
        await Promise.all(
          files.map(async (file, i) => ({
            name: file.name || `utklipp-${i + 1}.${file.type === 'image/jpeg' ? 'jpg' : 'png'}`,
            data: await readAsBase64(file),
          })),
        ),
      ),
  }
})
