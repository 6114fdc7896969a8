// What other parts of the app may use of the contacts register: what it fills in other views' slots (the
// shell provides it).
export { contactsSlots } from './slots.ts'
