// The sales list's keys, in one list: the table's hint and Settings read it.
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

/** The key that starts a new draft invoice. */
export const newDraftKey = 'KeyN'
/** The key that moves the focus to the search box. */
export const searchKey = '/'
