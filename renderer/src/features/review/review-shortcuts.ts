// The review screen's keys, listed once: the view handles them, `?` shows them and Settings lists them.
// Matched on KeyboardEvent.key/code with their modifiers; text fields keep their own keys (Tab, Enter).

export type ReviewCommand =
  | 'accept'
  | 'alternatives'
  | 'save'
  | 'saveNext'
  | 'next'
  | 'previous'
  | 'sendForApproval'
  | 'book'
  | 'zoomIn'
  | 'zoomOut'
  | 'help'
  | 'addLine'
  | 'removeLine'
  | 'lock'
  | 'unlock'
  | 'deleteDraft'
  | 'history'
  | 'supplierCard'

export interface ReviewShortcut {
  command: ReviewCommand
  /** How the key is written for the user. */
  keys: string
  /** Whether the key works while a text field has focus (the form's own keys and the Ctrl/Alt ones). */
  inFields: boolean
  matches: (event: KeyboardEvent) => boolean
}

const plain = (event: KeyboardEvent) => !event.ctrlKey && !event.altKey && !event.metaKey
const ctrl = (event: KeyboardEvent) => (event.ctrlKey || event.metaKey) && !event.altKey

export const reviewShortcuts: readonly ReviewShortcut[] = [
  { command: 'accept', keys: 'Enter', inFields: true, matches: () => false },
  {
    command: 'alternatives',
    keys: 'Alt+↓',
    inFields: true,
    matches: () => false,
  },
  {
    command: 'save',
    keys: 'Ctrl+S',
    inFields: true,
    matches: (e) => ctrl(e) && !e.shiftKey && e.code === 'KeyS',
  },
  { command: 'saveNext', keys: 'Ctrl+Enter', inFields: true, matches: (e) => ctrl(e) && e.key === 'Enter' },
  {
    command: 'next',
    keys: 'Alt+PageDown',
    inFields: true,
    matches: (e) => e.altKey && !e.ctrlKey && e.key === 'PageDown',
  },
  {
    command: 'previous',
    keys: 'Alt+PageUp',
    inFields: true,
    matches: (e) => e.altKey && !e.ctrlKey && e.key === 'PageUp',
  },
  {
    command: 'sendForApproval',
    keys: 'Alt+Shift+A',
    inFields: true,
    matches: (e) => e.altKey && e.shiftKey && !e.ctrlKey && e.code === 'KeyA',
  },
  {
    command: 'book',
    keys: 'Alt+Shift+B',
    inFields: true,
    matches: (e) => e.altKey && e.shiftKey && !e.ctrlKey && e.code === 'KeyB',
  },
  {
    command: 'lock',
    keys: 'Alt+Shift+L',
    inFields: true,
    matches: (e) => e.altKey && e.shiftKey && !e.ctrlKey && e.code === 'KeyL',
  },
  {
    command: 'unlock',
    keys: 'Alt+Shift+U',
    inFields: true,
    matches: (e) => e.altKey && e.shiftKey && !e.ctrlKey && e.code === 'KeyU',
  },
  {
    command: 'deleteDraft',
    keys: 'Alt+Shift+D',
    inFields: true,
    matches: (e) => e.altKey && e.shiftKey && !e.ctrlKey && e.code === 'KeyD',
  },
  {
    command: 'history',
    keys: 'Alt+Shift+H',
    inFields: true,
    matches: (e) => e.altKey && e.shiftKey && !e.ctrlKey && e.code === 'KeyH',
  },
  {
    command: 'supplierCard',
    keys: 'Alt+Shift+S',
    inFields: true,
    matches: (e) => e.altKey && e.shiftKey && !e.ctrlKey && e.code === 'KeyS',
  },
  {
    command: 'zoomIn',
    keys: '+',
    inFields: false,
    matches: (e) => plain(e) && (e.key === '+' || e.key === '='),
  },
  { command: 'zoomOut', keys: '-', inFields: false, matches: (e) => plain(e) && e.key === '-' },
  // Handled by the cost lines themselves (CostLines.vue), listed here so `?` and Settings show them.
  { command: 'addLine', keys: 'Alt+Insert', inFields: true, matches: () => false },
  { command: 'removeLine', keys: 'Alt+Delete', inFields: true, matches: () => false },
  { command: 'help', keys: '?', inFields: false, matches: (e) => !e.ctrlKey && !e.altKey && e.key === '?' },
]

/** The command a key press means on the review screen, or undefined. */
export function reviewCommandOf(event: KeyboardEvent, typing: boolean): ReviewCommand | undefined {
  if (event.repeat) return undefined
  return reviewShortcuts.find((s) => (!typing || s.inFields) && s.matches(event))?.command
}
