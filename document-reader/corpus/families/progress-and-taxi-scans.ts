// The new layouts as clients send them when they are not PDFs: `own-progress-invoice-scan`, the
// contractors' progress invoices printed and scanned on an office flatbed scanner or copier (greyscale, a
// little askew, the lid's grey round the sheet; an image-only PDF, a JPEG or a PNG), and
// `own-taxi-receipt-photo`, the taxi's thermal receipt photographed with a phone as an employee hands in a
// receipt from a trip (on a table, in perspective, unevenly lit, a JPEG or a PNG). The values are the
// layout's own; only the pixels differ. Both keep to documents of one page, so every value they record is on
// the page that was scanned or photographed.
import { generateProgressInvoice } from './progress-invoice.ts'
import { flatbedScanned, photographed } from './scanned.ts'
import { generateTaxiReceipt } from './taxi-receipt.ts'

export const generateProgressInvoiceScan = flatbedScanned(
  'own-progress-invoice-scan',
  generateProgressInvoice,
  4513,
)

export const generateTaxiReceiptPhoto = photographed('own-taxi-receipt-photo', generateTaxiReceipt, 4517)
