// An XML invoice (EHF) in review: its OCR answer carries the structured invoice, and the review proposes its
// lines as the draft's cost lines (one per line, amount including VAT, VAT code from the line's category and
// rate, account from supplier memory) that add up to the total; the accountant can still change each one.
import { describe, expect, it, vi } from 'vitest'
import type { PlatformRow } from '@common/bridge/sync'
import { parseEInvoice } from '@common/einvoice/index'
import { structuredOcrAnswer } from '@common/einvoice/ocr-answer'
import { makeUbl } from '../support/einvoice-files.ts'
import { waitForElement } from './mount-shell.ts'
import { mountWorkspace, reviewOfInvoice1 } from './mount-workspace.ts'

const companies = [
  { ID: 1, Name: 'Nordlys Bakeri AS', Key: 'nordlys', IsTest: false, OrganizationNumber: '924956488' },
]
const at = '2026-03-03T10:00:00.000Z'
const supplier: PlatformRow = {
  ID: 5,
  UpdatedAt: at,
  StatusCode: 30001,
  SupplierNumber: 200001,
  OrgNumber: '923609016',
  CostAccountID: 21,
  Info: { Name: 'Fjordkontor Rekvisita AS' },
}
// As the scan station creates it: the header from the XML's fields.
const invoice: PlatformRow = {
  ID: 1,
  UpdatedAt: at,
  StatusCode: 30101,
  SupplierID: 5,
  InvoiceNumber: '2026-1042',
  InvoiceDate: '2026-03-02',
  TaxInclusiveAmount: 2151.67,
}
const vatType = (ID: number, VatCode: string, VatPercent: number, extra: Partial<PlatformRow> = {}) => ({
  ID,
  UpdatedAt: at,
  Name: `Code ${VatCode}`,
  VatCode,
  VatPercent,
  OutputVat: false,
  ReversedTaxDutyVat: false,
  IncomingAccountID: 31,
  OutgoingAccountID: null,
  ...extra,
})
const rows: Record<string, PlatformRow[]> = {
  SupplierInvoice: [invoice],
  Supplier: [supplier],
  Account: [
    { ID: 21, UpdatedAt: at, AccountNumber: 6800, AccountName: 'Kontorrekvisita', VatTypeID: 101 },
    { ID: 31, UpdatedAt: at, AccountNumber: 2710, AccountName: 'Inngående mva.', VatTypeID: null },
  ],
  VatType: [
    vatType(101, '1', 25),
    vatType(102, '11', 15),
    vatType(103, '13', 12),
    vatType(104, '3', 25, { OutputVat: true, IncomingAccountID: null, OutgoingAccountID: 32 }),
  ],
  FileAttachment: [
    {
      ID: 9,
      UpdatedAt: at,
      FileID: 77,
      EntityType: 'SupplierInvoice',
      EntityID: 1,
      Name: 'faktura-1042.xml',
      ContentType: 'application/xml',
      ContentLength: 4000,
    },
  ],
}

async function mount(languages: string[]) {
  const xml = await makeUbl()
  await mountWorkspace({
    ...reviewOfInvoice1,
    languages,
    companies,
    rows: { nordlys: rows },
    handlers: {
      'files.download': (_companyKey, fileId) => ({
        fileId,
        name: 'faktura-1042.xml',
        contentType: 'application/xml',
        base64: btoa(String.fromCharCode(...new TextEncoder().encode(xml))),
      }),
      'files.ocr': () => ({ ...structuredOcrAnswer(parseEInvoice(xml)), UniFile: null }),
    },
  })
  await waitForElement('[data-testid="review-form"]')
}

const cell = (line: number, name: string) =>
  document.getElementById(`review-line-${line}-${name}`) as HTMLInputElement | null

describe('a structured invoice in review', () => {
  it('proposes its lines as cost lines with VAT codes from the invoice and the supplier’s usual account', async () => {
    await mount(['nb-NO'])
    await vi.waitFor(() => expect(cell(1, 'amount')?.value).toBe('651,67'), { timeout: 15_000 })
    expect(
      [0, 1].map((i) => [cell(i, 'account')!.value, cell(i, 'vat')!.value, cell(i, 'amount')!.value]),
    ).toEqual([
      ['6800', '1', '1\u00a0500,00'],
      ['6800', '11', '651,67'],
    ])
    expect(cell(0, 'description')!.value).toBe('Kopipapir A4, eske')
    const lines = document.querySelector('[data-testid="review-cost-lines"]')!.textContent!
    expect(lines).toContain('Foreslått fra e-fakturaen: dens 2 linjer')
    expect(lines).toContain('Linjene går opp mot totalen.')
  }, 40_000)

  it('leaves a line’s VAT code empty with the reason when the company has no code for its rate', async () => {
    rows.VatType = rows.VatType!.filter((v) => v.VatCode !== '11')
    try {
      await mount(['en-US'])
      await vi.waitFor(() => expect(cell(1, 'amount')?.value).toBe('651.67'), { timeout: 15_000 })
      expect(cell(0, 'vat')!.value).toBe('1')
      expect(cell(1, 'vat')!.value).toBe('')
      expect(document.querySelector('[data-testid="review-cost-lines"]')!.textContent).toContain(
        'Line 2: no VAT code for category S at 15 % (the company has no VAT code that matches). Choose one.',
      )
    } finally {
      rows.VatType!.splice(1, 0, vatType(102, '11', 15))
    }
  }, 40_000)
})
