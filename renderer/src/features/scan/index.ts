// What other parts of the app may use of the scan station: its Settings panel, and what it fills in other
// views' slots (the shell provides it).
export { default as ScanFoldersPanel } from './ScanFoldersPanel.vue'
export { scanSlots } from './slots.ts'
