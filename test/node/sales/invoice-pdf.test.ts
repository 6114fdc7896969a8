import { describe, expect, it } from 'vitest'
import { formatOre as formatOreNbsp, type Ore } from '../../../common/money.ts'
import { openPdf } from '../../../document-reader/pdf.ts'
import { sampleDocument } from '../../support/sales-document.ts'
import { renderInvoicePdf } from '../../../electron/main/services/sales/invoice-pdf.ts'

/** pdf.js reads the non-breaking spaces of `1 234,56` as plain spaces. */
const formatOre = (ore: Ore) => formatOreNbsp(ore).replace(/\u00a0/g, ' ')

/** Each page's text as pdf.js reads it, runs joined by spaces. */
async function pagesText(bytes: Uint8Array): Promise<string[]> {
  const doc = await openPdf(bytes)
  const pages: string[] = []
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent()
    pages.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '))
  }
  await doc.destroy()
  return pages
}

describe('the customer invoice PDF', () => {
  it('prints a 3-line invoice on one page: number, dates, KID, lines, VAT per rate, totals and the giro', async () => {
    const doc = sampleDocument(3)
    const bytes = await renderInvoicePdf(doc)
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-')
    // A PDF travels the browser-mode bridge, capped at 1 MiB: the embedded font subsets keep it small.
    expect(bytes.length).toBeLessThan(100_000)
    const [page, ...more] = await pagesText(bytes)
    expect(more).toHaveLength(0)
    for (const text of [
      'FAKTURA',
      'Nordlys Bakeri AS',
      'Org.nr. 912 345 674 MVA',
      'Fakturanr.',
      '10023',
      '02.11.2026',
      '16.11.2026',
      '0000100230',
      'Kanelsnurr, æøå-utgave',
      'Ørjan Lie',
      'Åse Bøe',
      '5003 Bergen',
      '1503 01 23456',
      'Å betale',
      `NOK ${formatOre(doc.totals.gross)}`,
      formatOre(doc.totals.vat),
      'Kundeidentifikasjon (KID)',
      'Side 1 av 1',
    ])
      expect(page, text).toContain(text)
    for (const rate of doc.vat) expect(page).toContain(formatOre(rate.vat))
    for (const line of doc.lines) expect(page).toContain(formatOre(line.net))
    expect(page).not.toContain('UTKAST')
  })

  it('spreads an 80-line draft over pages, each with the head and the table header, totals and giro on the last', async () => {
    const doc = sampleDocument(80, { draft: true, number: null, kid: null })
    const pages = await pagesText(await renderInvoicePdf(doc))
    expect(pages.length).toBeGreaterThanOrEqual(3)
    pages.forEach((text, i) => {
      expect(text).toContain('Nordlys Bakeri AS')
      expect(text).toContain('FAKTURA')
      expect(text).toContain('UTKAST')
      expect(text).toContain(`Side ${i + 1} av ${pages.length}`)
    })
    for (const text of pages.slice(0, -1)) expect(text).toContain('Beskrivelse   Antall   Enhet')
    const all = pages.join('\n')
    for (const line of doc.lines) expect(all).toContain(line.text.slice(0, 20))
    const last = pages.at(-1)!
    expect(last).toContain(`NOK ${formatOre(doc.totals.gross)}`)
    expect(last).toContain('Betalingsfrist')
    expect(pages.slice(0, -1).join('\n')).not.toContain('Å betale')
    expect(all).toContain('tildeles ved fakturering')
  })

  it('prints a credit note in English, naming the invoice it credits, without a giro', async () => {
    const doc = sampleDocument(2, {
      language: 'en',
      kind: 'credit-note',
      number: '10031',
      creditedInvoiceNumber: '10023',
      kid: null,
    })
    const negated = {
      ...doc,
      lines: doc.lines.map((l) => ({ ...l, quantity: -l.quantity, net: -l.net })),
      vat: doc.vat.map((v) => ({ ...v, base: -v.base, vat: -v.vat })),
      totals: { net: -doc.totals.net, vat: -doc.totals.vat, gross: -doc.totals.gross },
    }
    const [page] = await pagesText(await renderInvoicePdf(negated))
    for (const text of [
      'CREDIT NOTE',
      'Credit note no.',
      '10031',
      'Credits invoice',
      '10023',
      'Amount credited',
      'Page 1 of 1',
    ])
      expect(page, text).toContain(text)
    expect(page).toContain(`NOK ${formatOre(negated.totals.gross)}`)
    expect(page).not.toContain('GIRO')
    expect(page).not.toContain('Side')
  })

  it('keeps long names, references and texts inside the margins, cut with an ellipsis or wrapped', async () => {
    const doc = sampleDocument(2, {
      buyer: { name: 'Å'.repeat(250), orgNumber: null, addressLines: ['Ø'.repeat(250)] },
      ourReference: 'R'.repeat(250),
      freeText: 'y'.repeat(4000),
    })
    doc.seller.name = 'Nordlys '.repeat(30)
    doc.lines[0]!.text = 'x'.repeat(500)
    doc.lines[0]!.unit = 'kartonger'
    const pdf = await openPdf(await renderInvoicePdf(doc))
    let runs = 0
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent()
      for (const item of content.items) {
        if (!('str' in item) || !item.str.trim()) continue
        runs++
        expect(item.transform[4]! + item.width, item.str.slice(0, 30)).toBeLessThanOrEqual(595.28 - 40)
      }
    }
    await pdf.destroy()
    expect(runs).toBeGreaterThan(50)
  })
})
