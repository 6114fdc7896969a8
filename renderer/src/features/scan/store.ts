// The scan station's state in the renderer: the folders and queue overview, the rows of the open
// company (live, from main's events), and the number of documents in progress per company.
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { DroppedFile, ScanOverview, ScanRow } from '@common/bridge/scan'
import { useBridge } from '@renderer/bridge'

export const useScanStore = defineStore('scan', () => {
  const overview = ref<ScanOverview | null>(null)
  /** Rows per company key: a company's rows are only ever shown under that company. */
  const rows = ref<Record<string, ScanRow[]>>({})
  let listening = false

  function listen() {
    if (listening) return
    listening = true
    const bridge = useBridge()
    bridge.on('scan.overviewChanged', (next) => (overview.value = next))
    bridge.on('scan.rowChanged', (row) => {
      const list = rows.value[row.companyKey]
      if (!list) return
      const i = list.findIndex((r) => r.id === row.id)
      const next = i >= 0 ? list.map((r, j) => (j === i ? row : r)) : [row, ...list]
      rows.value = { ...rows.value, [row.companyKey]: next }
    })
  }

  async function load(companyKey: string) {
    listen()
    const bridge = useBridge()
    const [o, r] = await Promise.all([bridge.call('scan.overview'), bridge.call('scan.rows', companyKey)])
    overview.value = o
    rows.value = { ...rows.value, [companyKey]: r }
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

  return {
    overview,
    rows,
    inProgress,
    inProgressOf,
    load,
    loadOverview,
    retry: (companyKey: string, id: string) => useBridge().call('scan.retry', companyKey, id),
    cancel: (companyKey: string) => useBridge().call('scan.cancel', companyKey),
    showInFolder: (companyKey: string, id: string) => useBridge().call('scan.showInFolder', companyKey, id),
    dropFiles: (companyKey: string, files: DroppedFile[]) =>
      useBridge().call('scan.dropFiles', companyKey, files),
    dropPaths: (companyKey: string, paths: string[]) => useBridge().call('scan.dropPaths', companyKey, paths),
  }
})
