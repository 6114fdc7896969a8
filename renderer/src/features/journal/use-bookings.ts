// Follows the drafts queued for booking while the journal is open (./draft-store.ts `followBooking`): when
// the sync engine has sent one, each entry's number goes on the draft from the booking's answer (its entries
// in the order of the request); a refusal goes onto the lines it names; a booking a retry found on the
// platform only in part names the entries to check before booking again.
import { watch, type Ref } from 'vue'
import { useBridge } from '@renderer/bridge'
import { useLiveQuery } from '@renderer/data/use-live-query'
import type { WorkspaceDb } from '@renderer/data/schema'
import type { JournalDraft } from './draft.ts'
import { bookingProgress, followBooking, listDrafts, type BookingLookups } from './draft-store.ts'

export function useBookingFollow(db: Ref<WorkspaceDb | null>, companyKey: Ref<string | null>) {
  const bridge = useBridge()
  const platform: BookingLookups = {
    findBooking: (key, entries, since) => bridge.call('journal.findBooking', key, entries, since),
    entries: (key, ids) => bridge.call('journal.entries', key, ids),
  }
  const busy = new Set<number>()
  // Re-runs whenever drafts or the outbox change (liveQuery watches both tables).
  const queued = useLiveQuery(
    async () => {
      if (!db.value || !companyKey.value) return []
      const drafts = (await listDrafts(db.value, companyKey.value)).filter((d) => d.state === 'queued')
      const states = await Promise.all(drafts.map((d) => bookingProgress(db.value!, d)))
      return drafts.map((draft, i) => ({ draft, progress: states[i]! }))
    },
    [db, companyKey],
    [] as { draft: JournalDraft; progress: Awaited<ReturnType<typeof bookingProgress>> }[],
  )

  watch(queued, async (items) => {
    const target = db.value
    if (!target) return
    for (const { draft, progress } of items) {
      if (busy.has(draft.id) || progress.state === 'waiting') continue
      busy.add(draft.id)
      try {
        await followBooking(target, draft, platform)
      } catch (error) {
        // Unreachable now: the next change of the outbox or drafts tries again.
        console.error(
          'Following the booking of journal draft failed',
          { companyKey: draft.companyKey, id: draft.id },
          error,
        )
      } finally {
        busy.delete(draft.id)
      }
    }
  })
}
