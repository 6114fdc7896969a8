// The review's keyboard shortcuts (listed once in review-shortcuts.ts) run their command wherever the
// focus is in the review, unless a dialog of the review is open: the dialog's own keys come first.
import { onBeforeUnmount, onMounted } from 'vue'
import { typingIn } from '@renderer/ui/list-keys'
import { reviewCommandOf, type ReviewCommand } from './review-shortcuts.ts'

export type ReviewCommands = Partial<Record<ReviewCommand, () => void>>

/** Listens while the view is mounted; `paused` says when a dialog has the keyboard. */
export function useReviewKeys(commands: ReviewCommands, paused: () => boolean): void {
  // Listened to before the fields' own handlers (capture), so Alt+PageDown works in the supplier search too.
  function onKeydown(event: KeyboardEvent): void {
    if (paused()) return
    const command = reviewCommandOf(event, typingIn(event.target))
    const run = command ? commands[command] : undefined
    if (!run) return
    event.preventDefault()
    run()
  }
  onMounted(() => window.addEventListener('keydown', onKeydown, true))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKeydown, true))
}
