// The new third-party layouts as clients send them when they are not PDFs, with the harder corpus's
// degradations (../hard.ts, through ./scanned.ts): `lib-react-pdf-photo`, the react-pdf business letter
// photographed with a phone, and `lib-pdfme-fax`, the pdfme invoice sent by fax; `lib-pdfmake-photo`, the
// pdfmake invoice (its grey-headed facts table and striped lines) photographed, and
// `lib-jspdf-autotable-fax`, the jspdf-autotable invoice (bill to and ship to, the balance due) sent by fax.
// The values are the layout's own; only the pixels differ. All keep to invoices of one page, so every value
// they record is on the page that was photographed or faxed.
import { generateJspdfAutotable } from './jspdf-autotable-invoice.ts'
import { generatePdfmake } from './pdfmake-invoice.ts'
import { generatePdfme } from './pdfme-invoice.ts'
import { generateReactPdf } from './react-pdf-invoice.ts'
import { faxed, photographed } from './scanned.ts'

export const generateReactPdfPhoto = photographed('lib-react-pdf-photo', generateReactPdf, 2203)

export const generatePdfmeFax = faxed('lib-pdfme-fax', generatePdfme, 2207)

export const generatePdfmakePhoto = photographed('lib-pdfmake-photo', generatePdfmake, 2309)

export const generateJspdfAutotableFax = faxed('lib-jspdf-autotable-fax', generateJspdfAutotable, 2311)
