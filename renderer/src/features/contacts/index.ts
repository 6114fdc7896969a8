// What other parts of the app may use of the contacts register: what it fills in other views' slots (the
// shell provides it), and its keys, which Settings lists.
export { contactsSlots } from './slots.ts'
export { contactsShortcuts, type ContactsShortcut } from './contacts-shortcuts.ts'
