// The new third-party layouts as clients send them when they are not PDFs: `lib-react-pdf-photo`, the
// react-pdf business letter photographed with a phone, and `lib-pdfme-fax`, the pdfme invoice sent by fax,
// with the harder corpus's degradations (../hard.ts, through ./scanned.ts). The values are the layout's
// own; only the pixels differ. Both keep to invoices of one page, so every value they record is on the
// page that was photographed or faxed.
import { generatePdfme } from './pdfme-invoice.ts'
import { generateReactPdf } from './react-pdf-invoice.ts'
import { faxed, photographed } from './scanned.ts'

export const generateReactPdfPhoto = photographed('lib-react-pdf-photo', generateReactPdf, 2203)

export const generatePdfmeFax = faxed('lib-pdfme-fax', generatePdfme, 2207)
