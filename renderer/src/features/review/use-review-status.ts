// The review's status line: what the last thing the user did came to (saved, blocked, sent, locked …),
// one state at a time, worded from one table. A newly shown invoice starts idle.
import { computed, ref } from 'vue'
import { useI18n } from 'vue-i18n'
import type { CheckFinding } from '@common/field-checks'
import { checkText } from '@renderer/i18n/check.messages'
import type { LineCellProblem } from './logic/save-plan.ts'

/**
 * Each state's message (a key of the app's messages; null says nothing) and its tone. The tone colours
 * the words; the words alone say what happened.
 */
export const reviewStatuses = {
  idle: { message: null, tone: 'neutral' },
  saved: { message: 'review.saved', tone: 'success' },
  unchanged: { message: 'review.unchanged', tone: 'neutral' },
  /** A field check stops the save. */
  blocked: { message: 'review.blocked', tone: 'danger' },
  /** A cost line cannot be read, or the lines do not add up to the total: `{ problem }`. */
  lines: { message: 'review.lines.blocked', tone: 'danger' },
  bankAccount: { message: 'review.bankAccountFirst', tone: 'neutral' },
  /** Writing to this computer's cache failed. */
  failed: { message: 'review.saveFailed', tone: 'danger' },
  sent: { message: 'review.sent', tone: 'neutral' },
  booked: { message: 'review.booked', tone: 'neutral' },
  /** Booking queued while the approval rule could not be asked: it is asked when the booking is sent. */
  bookedRuleUnknown: { message: 'review.bookedRuleUnknown', tone: 'neutral' },
  noRule: { message: 'review.noRule', tone: 'neutral' },
  /** Booking was asked for, and the platform proposes an approval rule instead. */
  ruleApplies: { message: 'review.ruleApplies', tone: 'neutral' },
  locked: { message: 'review.lock.locked', tone: 'neutral' },
  unlocked: { message: 'review.lock.unlocked', tone: 'neutral' },
  /** `{ message }`: why the draft could not be deleted. */
  deleteFailed: { message: 'review.remove.failed', tone: 'neutral' },
} as const satisfies Record<string, { message: string | null; tone: 'neutral' | 'success' | 'danger' }>

export type ReviewStatus = keyof typeof reviewStatuses
export type StatusTone = (typeof reviewStatuses)[ReviewStatus]['tone']

/** What a state's message names: the cost line problem, or the reason a delete failed. */
export type StatusDetail = { lines: LineCellProblem | CheckFinding } | { deleteFailed: string } | null

export function useReviewStatus() {
  const { t } = useI18n()
  const state = ref<ReviewStatus>('idle')
  const detail = ref<StatusDetail>(null)

  function show(next: ReviewStatus, about: StatusDetail = null): void {
    state.value = next
    detail.value = about
  }

  const params = computed((): Record<string, string> => {
    const about = detail.value
    if (about && 'lines' in about) {
      const problem = about.lines
      return {
        problem: 'cell' in problem ? checkText(t, problem) : t('review.lines.mismatch'),
      }
    }
    if (about && 'deleteFailed' in about) return { message: about.deleteFailed }
    return {}
  })
  const text = computed(() => {
    const { message } = reviewStatuses[state.value]
    return message === null ? '' : t(message, params.value)
  })
  const tone = computed<StatusTone>(() => reviewStatuses[state.value].tone)

  return { state, text, tone, show }
}

export type ReviewStatusLine = ReturnType<typeof useReviewStatus>
