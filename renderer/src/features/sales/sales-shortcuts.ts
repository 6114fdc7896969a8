// The sales list's and the invoice editor's keys, in one list each: the hints and Settings read them.
export type SalesCommand = 'move' | 'open' | 'new' | 'search'

export interface SalesShortcut {
  command: SalesCommand
  /** How the keys are written for the user. */
  keys: string
}

export const salesShortcuts: readonly SalesShortcut[] = [
  { command: 'move', keys: '↑ ↓ / J K' },
  { command: 'open', keys: 'Enter' },
  { command: 'new', keys: 'N' },
  { command: 'search', keys: '/' },
]

export type SalesEditorCommand = 'next' | 'previous' | 'lines' | 'duplicate' | 'remove' | 'invoice' | 'close'

/** The invoice editor's keys (./editor/line-keys.ts decides them). */
export const salesEditorShortcuts: readonly { command: SalesEditorCommand; keys: string }[] = [
  { command: 'next', keys: 'Enter' },
  { command: 'previous', keys: 'Shift+Enter' },
  { command: 'lines', keys: '↑ ↓' },
  { command: 'duplicate', keys: 'Ctrl+D' },
  { command: 'remove', keys: 'Delete' },
  { command: 'invoice', keys: 'Ctrl+Enter' },
  { command: 'close', keys: 'Esc' },
]

/** The key that starts a new draft invoice. */
export const newDraftKey = 'KeyN'
/** The key that moves the focus to the search box. */
export const searchKey = '/'
