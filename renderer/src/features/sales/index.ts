// What other parts of the app may use of the sales list: its keys, which Settings lists.
export { salesShortcuts, type SalesShortcut } from './sales-shortcuts.ts'
