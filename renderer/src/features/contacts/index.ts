// What other features may use of the contacts register: its keys, which Settings lists.
export { contactsShortcuts, type ContactsShortcut } from './contacts-shortcuts.ts'
