// The inbox table's keys, in one list: the table's hint, the panel's button and Settings read it.
export type InboxCommand = 'move' | 'open' | 'openInReview'

export interface InboxShortcut {
  command: InboxCommand
  /** How the keys are written for the user. */
  keys: string
}

export const inboxShortcuts: readonly InboxShortcut[] = [
  { command: 'move', keys: '↑ ↓ / J K' },
  { command: 'open', keys: 'Enter' },
  { command: 'openInReview', keys: 'R' },
]

/** The key that opens the focused row's (or the open panel's) invoice in the review. */
export const openInReviewKey = 'KeyR'
