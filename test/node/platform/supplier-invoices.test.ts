// Supplier invoices over HTTP (spec 2.12, 3.1, 4.5): the invoice as a graph, required and unknown
// suppliers, the supplier lookup as spec 4.5 writes it, edit rules per status and the status machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'

const nordlys: string = DEMO_COMPANIES.nordlys.key

let p: TestPlatform
let anne = ''
let per = ''
let perId = 0
let supplierId = 0
let costAccountId = 0
const call = (method: string, path: string, body?: unknown) =>
  api(p.urls.base, method, path, { token: anne, companyKey: nordlys, body })

/** A draft invoice whose cost line matches its amount, so it can also be journaled. */
async function newInvoice(extra: Record<string, unknown> = {}): Promise<number> {
  const r = await call('POST', 'api/biz/supplierinvoices', {
    SupplierID: supplierId,
    TaxInclusiveAmount: 1250,
    JournalEntry: {
      _createguid: 'je',
      DraftLines: [
        { _createguid: 'l1', AccountID: costAccountId, Amount: 1250, FinancialDate: '2026-11-10' },
      ],
    },
    ...extra,
  })
  expect(r.status).toBe(201)
  return r.body.ID
}
const statusOf = async (id: number) =>
  (await call('GET', `api/biz/supplierinvoices/${id}`)).body.StatusCode as number

beforeAll(async () => {
  p = await startTestPlatform()
  anne = await p.token(DEMO_USERS.anne.email)
  per = await p.token(DEMO_USERS.per.email)
  perId = (await call('GET', `api/biz/users?filter=Email eq '${DEMO_USERS.per.email}'`)).body[0].ID
  supplierId = (await call('GET', 'api/biz/suppliers?filter=StatusCode eq 30001&top=1')).body[0].ID
  costAccountId = (await call('GET', 'api/biz/accounts?filter=AccountNumber eq 4000')).body[0].ID
})
afterAll(() => p?.close())

describe('supplier invoices as a graph', () => {
  it('creates an invoice with dimensions and cost lines and reads them back expanded', async () => {
    const project = (await call('GET', "api/biz/projects?filter=ProjectNumber eq '100'")).body[0]
    const department = (await call('GET', "api/biz/departments?filter=DepartmentNumber eq '3'")).body[0]
    const account = (await call('GET', 'api/biz/accounts?filter=AccountNumber eq 4000')).body[0]
    const nok = (await call('GET', "api/biz/currencycodes?filter=Code eq 'NOK'")).body[0]
    const r = await call('POST', 'api/biz/supplierinvoices', {
      SupplierID: supplierId,
      InvoiceNumber: '2026-118',
      InvoiceDate: '2026-11-02',
      PaymentDueDate: '2026-11-16',
      TaxInclusiveAmount: 1250,
      TaxInclusiveAmountCurrency: 1250,
      CurrencyCodeID: nok.ID,
      PaymentID: '1234567890128',
      DefaultDimensions: { _createguid: 'a1b2', ProjectID: project.ID, DepartmentID: department.ID },
      JournalEntry: {
        _createguid: 'c3d4',
        DraftLines: [
          {
            _createguid: 'e5',
            AccountID: account.ID,
            Amount: 1000,
            Description: 'Mel',
            FinancialDate: '2026-11-02',
          },
        ],
      },
    })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ StatusCode: 30101, PaymentStatus: 30109, InvoiceNumber: '2026-118' })
    const got = await call(
      'GET',
      `api/biz/supplierinvoices/${r.body.ID}?expand=Supplier.Info,CurrencyCode,DefaultDimensions.Project,DefaultDimensions.Department,JournalEntry.DraftLines`,
    )
    expect(got.status).toBe(200)
    expect(got.body.Supplier.Info.Name).toEqual(expect.any(String))
    expect(got.body.CurrencyCode.Code).toBe('NOK')
    expect(got.body.DefaultDimensions.Project.Name).toBe(project.Name)
    expect(got.body.DefaultDimensions.Department.Name).toBe(department.Name)
    expect(got.body.JournalEntry.DraftLines).toHaveLength(1)
    expect(got.body.JournalEntry.DraftLines[0]).toMatchObject({ AccountID: account.ID, Amount: 1000 })

    // A nested update by ID moves the invoice to another project.
    const other = (await call('GET', "api/biz/projects?filter=ProjectNumber eq '101'")).body[0]
    const put = await call('PUT', `api/biz/supplierinvoices/${r.body.ID}?expand=DefaultDimensions`, {
      DefaultDimensions: { ID: got.body.DefaultDimensionsID, ProjectID: other.ID },
    })
    expect(put.status).toBe(200)
    expect(put.body.DefaultDimensions.ProjectID).toBe(other.ID)
    const filtered = await call(
      'GET',
      `api/biz/supplierinvoices?filter=DefaultDimensions.ProjectID eq ${other.ID}`,
    )
    expect(filtered.body.map((i: { ID: number }) => i.ID)).toContain(r.body.ID)
  })

  it('requires SupplierID, and answers 400 naming an unknown one', async () => {
    const missing = await call('POST', 'api/biz/supplierinvoices', { InvoiceNumber: 'x' })
    expect(missing.status).toBe(400)
    expect(missing.body._validationResults.SupplierID[0].Message).toMatch(/required/)
    const unknown = await call('POST', 'api/biz/supplierinvoices', { SupplierID: 987654 })
    expect(unknown.status).toBe(400)
    expect(unknown.body.Message).toMatch(/987654/)
    expect(unknown.body._validationResults.SupplierID).toBeTruthy()
    const inv = await newInvoice()
    const moved = await call('PUT', `api/biz/supplierinvoices/${inv}`, { SupplierID: 987654 })
    expect(moved.status).toBe(400)
    expect((await call('GET', `api/biz/supplierinvoices/${inv}`)).body.SupplierID).toBe(supplierId)
  })

  it('finds suppliers with the query spec 4.5 writes', async () => {
    const r = await call(
      'GET',
      'api/biz/suppliers/?expand=info&filter=StatusCode eq 20001 OR StatusCode eq 30001',
    )
    expect(r.status).toBe(200)
    const codes = new Set(r.body.map((s: { StatusCode: number }) => s.StatusCode))
    expect(codes).toEqual(new Set([20001, 30001]))
    expect(r.body[0].Info.Name).toEqual(expect.any(String))
  })
})

describe('edit rules per status (spec 3.1)', () => {
  it('edits a draft, an assigned and a rejected invoice', async () => {
    const inv = await newInvoice()
    expect((await call('PUT', `api/biz/supplierinvoices/${inv}`, { InvoiceNumber: 'D-1' })).status).toBe(200)
    expect((await call('POST', `api/biz/supplierinvoices/${inv}?action=assign`)).status).toBe(204)
    expect((await call('PUT', `api/biz/supplierinvoices/${inv}`, { InvoiceNumber: 'D-2' })).status).toBe(200)
    const task = (
      await call('POST', `api/biz/supplierinvoices/${inv}?action=assign-to`, { UserIDs: [perId] })
    ).body
    const rejected = await api(
      p.urls.base,
      'POST',
      `api/biz/approvals/${task.Approvals[0].ID}?action=reject`,
      {
        token: per,
        companyKey: nordlys,
      },
    )
    expect(rejected.status).toBe(200)
    expect(await statusOf(inv)).toBe(30105)
    const put = await call('PUT', `api/biz/supplierinvoices/${inv}`, { InvoiceNumber: 'D-3' })
    expect(put.status).toBe(200)
    expect(put.body.InvoiceNumber).toBe('D-3')
  })

  it('refuses edits while for approval, approved or journaled, naming the status', async () => {
    const inv = await newInvoice({ InvoiceNumber: 'L-1' })
    const task = (
      await call('POST', `api/biz/supplierinvoices/${inv}?action=assign-to`, { UserIDs: [perId] })
    ).body
    const forApproval = await call('PUT', `api/biz/supplierinvoices/${inv}`, { InvoiceNumber: 'L-2' })
    expect(forApproval.status).toBe(400)
    expect(forApproval.body.Message).toMatch(/sent for approval.*cannot be edited/)
    const approved = await api(
      p.urls.base,
      'POST',
      `api/biz/approvals/${task.Approvals[0].ID}?action=approve`,
      {
        token: per,
        companyKey: nordlys,
      },
    )
    expect(approved.status).toBe(200)
    expect(await statusOf(inv)).toBe(30103)
    const approvedPut = await call('PUT', `api/biz/supplierinvoices/${inv}`, { InvoiceNumber: 'L-3' })
    expect(approvedPut.status).toBe(400)
    expect(approvedPut.body.Message).toMatch(/approved; cannot be edited/)
    expect((await call('POST', `api/biz/supplierinvoices/${inv}?action=journal`)).status).toBe(204)
    const journaledPut = await call('PUT', 'api/biz/supplierinvoices', [{ ID: inv, InvoiceNumber: 'L-4' }])
    expect(journaledPut.status).toBe(400)
    expect(journaledPut.body.Message).toMatch(/journaled; cannot be edited/)
    expect((await call('GET', `api/biz/supplierinvoices/${inv}`)).body.InvoiceNumber).toBe('L-1')
  })
})

describe('status machine (spec 3.1)', () => {
  it('restores a rejected invoice to draft and takes back an approval', async () => {
    const inv = await newInvoice()
    const task = (
      await call('POST', `api/biz/supplierinvoices/${inv}?action=assign-to`, { UserIDs: [perId] })
    ).body
    await api(p.urls.base, 'POST', `api/biz/approvals/${task.Approvals[0].ID}?action=reject`, {
      token: per,
      companyKey: nordlys,
    })
    expect((await call('POST', `api/biz/supplierinvoices/${inv}?action=restore`)).status).toBe(204)
    expect(await statusOf(inv)).toBe(30101)
    const again = (
      await call('POST', `api/biz/supplierinvoices/${inv}?action=assign-to`, { UserIDs: [perId] })
    ).body
    await api(p.urls.base, 'POST', `api/biz/approvals/${again.Approvals[0].ID}?action=approve`, {
      token: per,
      companyKey: nordlys,
    })
    expect(await statusOf(inv)).toBe(30103)
    expect((await call('POST', `api/biz/supplierinvoices/${inv}?action=cancelApprovement`)).status).toBe(204)
    expect(await statusOf(inv)).toBe(30102)
  })

  it('moves an invoice in an approval task only through its approvals; rejectAssignment ends the task', async () => {
    const inv = await newInvoice()
    const task = (
      await call('POST', `api/biz/supplierinvoices/${inv}?action=assign-to`, { UserIDs: [perId] })
    ).body
    for (const action of ['approve', 'rejectInvoice']) {
      const r = await call('POST', `api/biz/supplierinvoices/${inv}?action=${action}`)
      expect(r.status).toBe(400)
      expect(r.body.Message).toMatch(new RegExp(`approval task ${task.ID}`))
    }
    expect(await statusOf(inv)).toBe(30102)
    expect((await call('POST', `api/biz/supplierinvoices/${inv}?action=rejectAssignment`)).status).toBe(204)
    expect(await statusOf(inv)).toBe(30101)
    expect((await call('GET', `api/biz/tasks/${task.ID}`)).body.StatusCode).toBe(50050)
    expect((await call('GET', `api/biz/approvals/${task.Approvals[0].ID}`)).body.StatusCode).toBe(50150)
  })

  it('finishes and reverts a journaled invoice; a payment needs the journal first', async () => {
    const inv = await newInvoice()
    expect((await call('POST', `api/biz/supplierinvoices/${inv}?action=sendForPayment`)).status).toBe(400)
    expect((await call('POST', `api/biz/supplierinvoices/${inv}?action=journal`)).status).toBe(204)
    expect(
      (await call('POST', `api/biz/supplierinvoices/${inv}?action=sendForPaymentWithPaymentData`)).status,
    ).toBe(204)
    expect((await call('GET', `api/biz/supplierinvoices/${inv}`)).body.PaymentStatus).toBe(30110)
    expect((await call('POST', `api/biz/supplierinvoices/${inv}?action=finish`)).status).toBe(204)
    expect(await statusOf(inv)).toBe(40001)
    expect((await call('POST', `api/biz/supplierinvoices/${inv}?action=revertFinish`)).status).toBe(204)
    expect(await statusOf(inv)).toBe(30104)
  })
})
