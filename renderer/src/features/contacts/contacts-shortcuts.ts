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

/** True while the user types (a text field, a select, an editable element): letters are theirs then. */
export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return true
  if (target.tagName !== 'INPUT') return false
  return !['button', 'checkbox', 'radio', 'submit', 'reset'].includes((target as HTMLInputElement).type)
}
