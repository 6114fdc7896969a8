// What other features may use of the review desk: its rows and order (the review goes through them), and
// the company band the review shows over a desk invoice.
export { useDeskStore } from './desk-store.ts'
export { default as CompanyBand } from './CompanyBand.vue'
