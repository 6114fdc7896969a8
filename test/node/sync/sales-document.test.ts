// The customer's document attached to an invoice when it is invoiced (`attach-document`, main's
// electron/main/services/sync/sales-document-action.ts), against the real local platform: one PDF linked to
// the invoice with its number, KID and total; a retry, and a retry after the upload's answer was lost,
// attach nothing more; a draft gets none.
import { beforeAll, describe, expect, it } from 'vitest'
import type { OutboxCommand } from '../../../common/bridge/outbox.ts'
import { formatOre, toOre } from '../../../common/money.ts'
import { isValidKid } from '../../../common/norwegian.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { openPdf } from '../../../document-reader/pdf.ts'
import { useSyncPlatform, type Row } from '../../support/sync-platform.ts'
import { salesLines, salesSetup, type SalesSetup } from '../../support/sales.ts'

const nordlys = DEMO_COMPANIES.nordlys.key
const anne = DEMO_USERS.anne.email

const sync = useSyncPlatform(anne, nordlys)
let setup: SalesSetup

beforeAll(async () => {
  setup = await salesSetup(sync.get)
})

const call = sync.call

async function draft(): Promise<Row> {
  return call('POST', 'api/biz/invoices?hateoas=false', {
    CustomerID: setup.customerId,
    CustomerName: setup.customerName,
    InvoiceDate: '2026-11-02',
    Items: salesLines(setup).map((line, k) => ({ ...line, _createguid: `line-${k}` })),
  })
}

async function invoiced(): Promise<Row> {
  const row = await draft()
  await call('POST', `api/biz/invoices/${row.ID}?action=invoice`)
  return call('GET', `api/biz/invoices/${row.ID}?hateoas=false`)
}

const attach = (invoiceId: number, attempts = 0, language: 'nb' | 'en' = 'nb'): OutboxCommand => ({
  entity: 'CustomerInvoice',
  action: 'attach-document',
  body: { Language: language },
  entityId: invoiceId,
  base: {},
  baseUpdatedAt: null,
  operationKey: `attach-${invoiceId}-${language}`,
  attempts,
})

const documentsOf = (invoiceId: number) => call<Row[]>('GET', `api/biz/files/CustomerInvoice/${invoiceId}`)

async function pdfText(fileId: number): Promise<string> {
  const url = await call<string>('GET', `api/biz/files/${fileId}?action=download`)
  const bytes = new Uint8Array(
    await (await fetch(url, { headers: { Authorization: `Bearer ${sync.token}` } })).arrayBuffer(),
  )
  const doc = await openPdf(bytes)
  const content = await (await doc.getPage(1)).getTextContent()
  await doc.destroy()
  return content.items.map((i) => ('str' in i ? i.str : '')).join(' ')
}

describe('attach-document', () => {
  it("links the customer's PDF to the invoiced invoice once: number, KID and total printed; a retry adds nothing", async () => {
    const invoice = await invoiced()
    expect(isValidKid(String(invoice.PaymentID))).toBe(true)

    const outcome = await sync.service.execute(nordlys, attach(invoice.ID))
    expect(outcome.status).toBe('done')
    const documents = await documentsOf(invoice.ID)
    expect(documents.map((d) => d.Name)).toEqual([`Faktura ${invoice.InvoiceNumber}.pdf`])
    const text = (await pdfText(Number(documents[0]!.ID))).replace(/\u00a0/g, ' ')
    expect(text).toContain(String(invoice.InvoiceNumber))
    expect(text).toContain(String(invoice.PaymentID))
    expect(text).toContain(`NOK ${formatOre(toOre(invoice.TaxInclusiveAmount)!).replace(/\u00a0/g, ' ')}`)
    expect(text).toContain(setup.customerName)

    expect((await sync.service.execute(nordlys, attach(invoice.ID, 1))).status).toBe('done')
    expect((await sync.service.execute(nordlys, attach(invoice.ID, 0))).status).toBe('done')
    expect(await documentsOf(invoice.ID)).toHaveLength(1)
  })

  it('attaches nothing more on the retry after the upload went through and its answer was lost', async () => {
    const invoice = await invoiced()
    let cuts = 0
    sync.link.fault = (phase, url, method) => {
      if (
        phase === 'after' &&
        method === 'POST' &&
        /\/api\/file$/.test(new URL(url).pathname) &&
        cuts === 0
      ) {
        cuts++
        return true
      }
      return false
    }
    await expect(sync.service.execute(nordlys, attach(invoice.ID))).rejects.toThrow()
    expect(cuts).toBe(1)
    expect(await documentsOf(invoice.ID)).toHaveLength(1)
    sync.link.fault = undefined
    expect((await sync.service.execute(nordlys, attach(invoice.ID, 1))).status).toBe('done')
    expect(await documentsOf(invoice.ID)).toHaveLength(1)
  })

  it('prints the document in the language of the entry', async () => {
    const invoice = await invoiced()
    expect((await sync.service.execute(nordlys, attach(invoice.ID, 0, 'en'))).status).toBe('done')
    const [document] = await documentsOf(invoice.ID)
    expect(document!.Name).toBe(`Invoice ${invoice.InvoiceNumber}.pdf`)
    expect(await pdfText(Number(document!.ID))).toContain('Amount due')
  })

  it('refuses a draft and attaches nothing', async () => {
    const row = await draft()
    const outcome = await sync.service.execute(nordlys, attach(row.ID))
    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'NOT_INVOICED' } })
    expect(await documentsOf(row.ID)).toHaveLength(0)
  })
})
