// What the scan station shows in other features' views (the places are declared in renderer/src/slots.ts):
// its queue above the inbox, and its documents in progress on the office overview.
import { computed } from 'vue'
import type { SlotOffer } from '@renderer/slots'
import ScanQueue from './ScanQueue.vue'
import { useScanStore } from './store.ts'

export const scanSlots: SlotOffer = {
  'inbox.incoming': ScanQueue,
  'overview.documentsInProgress': () => {
    const scan = useScanStore()
    // Main's figure now; its scan.overviewChanged events keep it current while the view shows it.
    scan.loadOverview().catch((error: unknown) => console.error('Reading the scan station failed', error))
    return computed(() => new Map(Object.entries(scan.inProgress)))
  },
}
