// Follows the drafts queued for booking: when the sync engine has sent one (its outbox entry is gone), the
// numbers of its entries are read from the platform by the booking's marker and put on the draft; when the
// platform refused it, the refusal goes onto the lines it names and the draft becomes editable again.
import { watch, type Ref } from 'vue'
import { useBridge } from '@renderer/bridge'
import { useLiveQuery } from '@renderer/data/use-live-query'
import type { WorkspaceDb } from '@renderer/data/schema'
import type { JournalDraft } from './draft.ts'
import { bookingProgress, listDrafts, refuseBooking, settleBooking } from './draft-store.ts'

export function useBookingFollow(db: Ref<WorkspaceDb | null>, companyKey: Ref<string | null>) {
  const bridge = useBridge()
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
        if (progress.state === 'refused') {
          await refuseBooking(target, draft.companyKey, draft.id, {
            message: progress.entry.lastError?.message ?? '',
          })
        } else if (draft.operationKey) {
          const booked = await bridge.call('journal.bookedBy', draft.companyKey, draft.operationKey)
          if (booked.length > 0) await settleBooking(target, draft.companyKey, draft.id, booked)
        }
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
