// Every supplier invoice of the demo office carries its document (issue #33): in every demo company, in
// every queue (drafts, in approval, approved, booked), the invoice has a file whose PDF opens, and the PDF's
// text holds the invoice's number and total as the invoice states them. A scan (an image-only PDF) and an
// EHF invoice (XML) are checked for what they are: the scan's pages open, the XML names number and total.
import { describe, expect, it } from 'vitest'
import { openPdf } from '../../../document-reader/pdf.ts'
import { demoLines } from '../../../platform/seed/demo-documents.ts'
import { DEMO_COMPANY_LIST, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { usePlatformAs } from '../../support/platform.ts'

const anne = usePlatformAs(DEMO_USERS.anne.email)

const call = anne.read

async function download(companyKey: string, fileId: number): Promise<Uint8Array> {
  const r = await fetch(new URL(`files/api/download/${fileId}?key=${companyKey}`, anne.p.urls.base), {
    headers: { Authorization: `Bearer ${anne.token}` },
  })
  expect(r.status).toBe(200)
  return new Uint8Array(await r.arrayBuffer())
}

/** The PDF's text as pdf.js reads it (runs joined by spaces, white space as plain spaces), and its pages. */
async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const doc = await openPdf(bytes)
  const runs: string[] = []
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent()
    for (const item of content.items) if ('str' in item) runs.push(item.str)
  }
  const pages = doc.numPages
  await doc.destroy()
  return { text: runs.join(' ').replace(/\s+/g, ' '), pages }
}

/** An amount as the demo PDFs print it: `12 345,67`. */
const printed = (n: number) =>
  n.toLocaleString('nb-NO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).replace(/\s/g, ' ')

describe('the demo office’s supplier invoices and their documents', () => {
  it('gives every supplier invoice in every demo company a document that names its number and total', async () => {
    let invoices = 0
    let textPdfs = 0
    let other = 0
    for (const company of DEMO_COMPANY_LIST) {
      const list = await call(company.key, 'supplierinvoices?expand=Supplier.Info')
      expect(list.length, company.name).toBeGreaterThan(0)
      for (const inv of list) {
        invoices++
        const label = `${company.name}: invoice ${inv.ID} ${inv.InvoiceNumber ?? '(no number)'}`
        const files = await call(company.key, `files/SupplierInvoice/${inv.ID}`)
        expect(files.length, label).toBeGreaterThan(0)
        const file = files[0]
        const bytes = await download(company.key, file.ID)
        const total = printed(Number(inv.TaxInclusiveAmount))
        if (file.ContentType === 'application/xml') {
          const xml = new TextDecoder().decode(bytes)
          expect(xml, label).toContain(`<cbc:ID>${inv.InvoiceNumber}</cbc:ID>`)
          expect(xml, label).toContain(`${Number(inv.TaxInclusiveAmount).toFixed(2)}</cbc:PayableAmount>`)
          other++
          continue
        }
        expect(Buffer.from(bytes.subarray(0, 5)).toString(), label).toBe('%PDF-')
        const { text, pages } = await pdfText(bytes)
        expect(pages, label).toBeGreaterThan(0)
        // A scan is an image: the review takes its number from what OCR reads (demo-review.ts).
        if (/\(skannet\)/.test(file.Name)) {
          expect(text.trim(), label).toBe('')
          other++
          continue
        }
        textPdfs++
        expect(text, label).toContain(`Fakturanummer: ${inv.InvoiceNumber}`)
        expect(text, label).toMatch(new RegExp(`Å betale ${total.replace(/[.,]/g, '\\$&')}(?: |$)`))
        expect(text, label).toContain(inv.Supplier.Info.Name)
        if (inv.PaymentID) expect(text, label).toContain(`KID: ${inv.PaymentID}`)
      }
    }
    // Six drafts per company, Nordlys' review queue, both companies' approvals, the office's memory.
    expect(invoices).toBeGreaterThanOrEqual(24 + 4 + 12 + 4)
    // Of which Nordlys' two scans and its EHF invoice are not PDFs with text; every other one is.
    expect(other).toBe(3)
    expect(textPdfs).toBe(invoices - 3)
  })

  it('prints the supplier’s organisation number, dates and KID of a draft the seed made without a document', async () => {
    const company = DEMO_COMPANY_LIST[2]!
    const [inv] = await call(
      company.key,
      `supplierinvoices?filter=InvoiceNumber eq '${41000 + 2 * 101}'&expand=Supplier.Info`,
    )
    expect(inv).toBeDefined()
    const [file] = await call(company.key, `files/SupplierInvoice/${inv.ID}`)
    const { text } = await pdfText(await download(company.key, file.ID))
    const org = String(inv.SupplierOrgNumber).replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3')
    expect(text).toContain(`Org.nr.: ${org} MVA`)
    expect(text).toContain(
      `Fakturadato: ${String(inv.InvoiceDate).slice(0, 10).split('-').reverse().join('.')}`,
    )
    expect(text).toContain(
      `Forfallsdato: ${String(inv.PaymentDueDate).slice(0, 10).split('-').reverse().join('.')}`,
    )
    expect(text).toContain(`Sum eks. mva ${printed(Number(inv.TaxExclusiveAmount))}`)
    expect(text).toContain(`Mva 25 % ${printed(Number(inv.VatTotalsAmount))}`)
    expect(text).toContain(company.name)
  })
})

describe('the lines of a demo invoice document', () => {
  it('add up to the invoice’s net to the øre, from what its supplier sells, the same each time', () => {
    for (const [net, number] of [
      [80_025, '41013'],
      [2_480_000, '41101'],
      [1, '7'],
      [999_999, '2026-4471'],
    ] as const) {
      const lines = demoLines('Fjordnett Telekom AS', number, net)
      expect(lines.length).toBeGreaterThan(0)
      expect(Math.round(lines.reduce((s, l) => s + l.amount * 100, 0))).toBe(net)
      for (const l of lines) expect(Math.round(l.quantity * l.price * 100)).toBe(Math.round(l.amount * 100))
      expect(demoLines('Fjordnett Telekom AS', number, net)).toEqual(lines)
    }
    expect(demoLines('Ukjent AS', '1', 100)[0]!.text).toBe('Varer og tjenester')
  })
})
