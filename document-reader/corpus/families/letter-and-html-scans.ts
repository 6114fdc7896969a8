// The new layouts as clients send them when they are not PDFs from an accounting system:
// `lib-chromium-html-scan`, the HTML invoices printed by Chromium and scanned on an office flatbed scanner
// (greyscale, a little askew, lightly compressed; an image-only PDF, a JPEG or a PNG); `own-din5008-photo`,
// the German, Austrian and Dutch window letters photographed with a phone; and `lib-chromium-html-fax`, the
// HTML invoices sent by fax. The values are the layout's own; only the pixels differ. All keep to invoices
// of one page, so every value they record is on the page that was scanned, photographed or faxed.
import { generateChromiumHtml } from './chromium-html-invoice.ts'
import { generateDin5008 } from './din5008-invoice.ts'
import { faxed, flatbedScanned, photographed } from './scanned.ts'

export const generateChromiumHtmlScan = flatbedScanned('lib-chromium-html-scan', generateChromiumHtml, 2411)

export const generateDin5008Photo = photographed('own-din5008-photo', generateDin5008, 2417)

export const generateChromiumHtmlFax = faxed('lib-chromium-html-fax', generateChromiumHtml, 2423)
