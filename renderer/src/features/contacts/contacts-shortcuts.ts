// The register's keys, in one list: the table's hint and Settings read it.
export type ContactsCommand = 'move' | 'open' | 'new'

export interface ContactsShortcut {
  command: ContactsCommand
  /** How the keys are written for the user. */
  keys: string
}

export const contactsShortcuts: readonly ContactsShortcut[] = [
  { command: 'move', keys: '↑ ↓ / J K' },
  { command: 'open', keys: 'Enter' },
  { command: 'new', keys: 'N' },
]

/** The key that adds a new party of the open tab's kind. */
export const newPartyKey = 'KeyN'

export { typingIn } from '@renderer/ui/list-keys'
