// What other features may use of the journal: reading what accountants type (amounts, accounts by number,
// VAT codes by their SAF-T code).
export { findAccount, findVatType, parseAmount, type AccountRef, type VatTypeRef } from './parse.ts'
