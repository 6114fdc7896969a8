// What other parts of the app may use of the sales list: its keys, which Settings lists.
export { salesEditorShortcuts, salesShortcuts, type SalesShortcut } from './sales-shortcuts.ts'
