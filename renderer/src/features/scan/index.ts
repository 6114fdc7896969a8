// What other features may use of the scan station: its Settings panel.
export { default as ScanFoldersPanel } from './ScanFoldersPanel.vue'
