// The new layouts as clients send them when they are not PDFs: `lib-pdfjs-scan`, the pdfjs invoices of
// Danish, Swedish, Dutch and British software vendors and wholesalers scanned on an office flatbed scanner
// (greyscale, a little askew, lightly compressed; an image-only PDF, a JPEG or a PNG), and
// `own-utility-bill-photo`, the Norwegian electricity, grid and telecom bills photographed with a phone. The
// values are the layout's own; only the pixels differ. Both keep to documents of one page, so every value
// they record is on the page that was scanned or photographed.
import { generatePdfjs } from './pdfjs-invoice.ts'
import { flatbedScanned, photographed } from './scanned.ts'
import { generateUtilityBill } from './utility-bill.ts'

export const generatePdfjsScan = flatbedScanned('lib-pdfjs-scan', generatePdfjs, 2711)

export const generateUtilityBillPhoto = photographed('own-utility-bill-photo', generateUtilityBill, 3011)
