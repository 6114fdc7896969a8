// What other features may use of the sync feature: the indicator the top bar shows.
export { default as SyncIndicator } from './SyncIndicator.vue'
