// What other features may use of the review: its keys, which Settings lists.
export { reviewShortcuts, type ReviewShortcut } from './review-shortcuts.ts'
