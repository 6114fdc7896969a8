// What other features may use of the review: its keys, which Settings lists; and, for the composition root,
// the notice of a booking that went for approval by a rule instead when it was sent.
export { reviewShortcuts, type ReviewShortcut } from './review-shortcuts.ts'
export { useSentInsteadNotices } from './use-sent-instead-notices.ts'
// Straight-through rules, run on this computer for every company (the composition root calls it).
export { useStraightThroughRules } from './use-straight-through-rules.ts'
