// The new layouts as clients send them when they are not PDFs: `own-hotel-folio-photo`, the hotel bills
// photographed with a phone as a travelling employee hands in a bill from the road (the page on a table, in
// perspective, unevenly lit, a JPEG or a PNG), and `own-freight-invoice-fax`, the hauliers' and forwarders'
// invoices sent by fax (100 to 150 dpi, black and white, speckled; a TIFF or an image-only PDF). The values
// are the layout's own; only the pixels differ. Both layouts keep to one page, so every value they record is
// on the page that was photographed or faxed.
import { generateFreightInvoice } from './freight-invoice.ts'
import { generateHotelFolio } from './hotel-folio.ts'
import { faxed, photographed } from './scanned.ts'

export const generateHotelFolioPhoto = photographed('own-hotel-folio-photo', generateHotelFolio, 3211)

export const generateFreightInvoiceFax = faxed('own-freight-invoice-fax', generateFreightInvoice, 3307)
