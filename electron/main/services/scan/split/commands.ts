// The bridge's split commands: the separator sheet to print, a waiting PDF's pages as small pictures for
// the split view, and the accountant's split of it (pipeline.split). Only a PDF not yet uploaded can be
// split: the platform documents no way to delete a supplier invoice, so a draft already made from a batch
// would stay behind beside its parts.
import { BridgeError } from '../../../../../common/bridge/contract.ts'
import type { ScanPages, SeparatorSheet } from '../../../../../common/bridge/scan.ts'
import { companyOf, requireActive, type ScanStationState } from '../station-state.ts'
import { pageThumbnails } from './pages.ts'
import { separatorSheet } from './split-pdf.ts'

/** The width of a page's picture in the split view, in pixels. */
const THUMBNAIL_WIDTH = 150

export function splitCommands(state: ScanStationState) {
  return {
    async separatorSheet(locale: 'nb' | 'en'): Promise<SeparatorSheet> {
      const bytes = await separatorSheet(locale)
      const name = locale === 'nb' ? 'ledgerdesk-skilleark.pdf' : 'ledgerdesk-separator-sheet.pdf'
      return { name, base64: Buffer.from(bytes).toString('base64') }
    },
    async pages(companyKey: string, id: string): Promise<ScanPages> {
      const a = requireActive(state)
      companyOf(a, companyKey)
      const bytes = await a.pipeline.waitingPdf(companyKey, id)
      if (!bytes)
        throw new BridgeError('SCAN_NOT_SPLITTABLE', 'The file is no longer waiting in the queue as a PDF')
      const answer = await pageThumbnails(bytes, THUMBNAIL_WIDTH)
      if (!answer.ok)
        throw new BridgeError('SCAN_PAGES_UNREADABLE', `The pages could not be read: ${answer.error}`)
      return { pageCount: answer.pageCount, thumbnails: answer.value }
    },
    async split(companyKey: string, id: string, cuts: number[]) {
      const a = requireActive(state)
      companyOf(a, companyKey)
      return a.pipeline.split(companyKey, id, cuts)
    },
  }
}
