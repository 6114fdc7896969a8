// The approval journeys of the demo office, as the demo users meet them over the API: Per's approvals
// at step one, Anne's at step two, an approved invoice waiting to be booked, PDFs to look at, and Siri
// standing in for Per.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApprovalStatus, SupplierInvoiceStatus } from '../../../common/status.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'
import { DEMO_APPROVAL_INVOICES, DEMO_APPROVAL_RULE } from '../../../platform/seed/demo-approvals.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'

let p: TestPlatform
const tokens: Record<string, string> = {}

beforeAll(async () => {
  p = await startTestPlatform()
  for (const [name, user] of Object.entries(DEMO_USERS)) tokens[name] = await p.token(user.email)
})
afterAll(() => p?.close())

/* eslint-disable @typescript-eslint/no-explicit-any */
async function call(
  who: string,
  company: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<any> {
  const r = await api(p.urls.base, method, `api/biz/${path}`, {
    token: tokens[who],
    companyKey: company,
    body,
  })
  expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300)
  return r.body
}
const me = async (who: string, company: string): Promise<number> =>
  (await call(who, company, 'GET', 'users?action=current-session')).ID as number
const stage = (slug: 'nordlys' | 'fjordbygg', s: string) =>
  DEMO_APPROVAL_INVOICES[slug].filter((i) => i.stage === s).length

describe.each(['nordlys', 'fjordbygg'] as const)('demo approvals in %s', (slug) => {
  const key = DEMO_COMPANIES[slug].key

  it('has the two-step rule: Per, then Anne', async () => {
    const [rule] = await call(
      'anne',
      key,
      'GET',
      `approvalrules?filter=Description eq '${DEMO_APPROVAL_RULE}'&expand=Steps.Users`,
    )
    const steps = [...rule.Steps].sort((a: any, b: any) => a.StepNumber - b.StepNumber)
    expect(steps.map((s: any) => s.Users.map((u: any) => u.UserID))).toEqual([
      [await me('per', key)],
      [await me('anne', key)],
    ])
  })

  it('has invoices with a PDF waiting at step one for Per and at step two for Anne', async () => {
    const per = await me('per', key)
    const anne = await me('anne', key)
    const active = await call(
      'anne',
      key,
      'GET',
      `approvals?filter=StatusCode eq ${ApprovalStatus.Active}&expand=Task`,
    )
    expect(active.filter((a: any) => a.UserID === per && a.StepNumber === 1)).toHaveLength(
      stage(slug, 'step1'),
    )
    expect(active.filter((a: any) => a.UserID === anne && a.StepNumber === 2)).toHaveLength(
      stage(slug, 'step2'),
    )
    // Each invoice names one of this company's suppliers, with that supplier's own bank account.
    const waiting = await call(
      'anne',
      key,
      'GET',
      `supplierinvoices?filter=StatusCode eq ${SupplierInvoiceStatus.ForApproval}&expand=Supplier.Info.DefaultBankAccount,BankAccount`,
    )
    expect(new Set(waiting.map((i: any) => i.Supplier.Info.Name)).size).toBeGreaterThanOrEqual(3)
    for (const i of waiting)
      expect(i.BankAccount.AccountNumber).toBe(i.Supplier.Info.DefaultBankAccount.AccountNumber)
    const invoiceId = active[0].Task.EntityID
    const invoice = await call('anne', key, 'GET', `supplierinvoices/${invoiceId}`)
    expect(invoice.StatusCode).toBe(SupplierInvoiceStatus.ForApproval)
    const [file] = await call('anne', key, 'GET', `files/SupplierInvoice/${invoiceId}`)
    const pdf = await fetch(new URL(`files/api/download/${file.ID}?key=${key}`, p.urls.base), {
      headers: { Authorization: `Bearer ${tokens.anne}` },
    })
    expect(pdf.status).toBe(200)
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
  })

  it('has approved invoices waiting to be booked, with coding that books', async () => {
    const approved = await call(
      'anne',
      key,
      'GET',
      `supplierinvoices?filter=StatusCode eq ${SupplierInvoiceStatus.Approved}`,
    )
    expect(approved).toHaveLength(stage(slug, 'approved'))
    await call('anne', key, 'POST', `supplierinvoices/${approved[0].ID}?action=journal`)
    const booked = await call('anne', key, 'GET', `supplierinvoices/${approved[0].ID}?expand=JournalEntry`)
    expect(booked.StatusCode).toBe(SupplierInvoiceStatus.Journaled)
    expect(booked.JournalEntry.JournalEntryNumber).toMatch(/^\d+-\d{4}$/)
  })

  it("lets Siri approve Per's step as his substitute, and the invoice moves to Anne", async () => {
    const per = await me('per', key)
    const siri = await me('siri', key)
    const [sub] = await call('siri', key, 'GET', `approvalsubstitutes?filter=UserID eq ${per}`)
    expect(sub.SubstituteUserID).toBe(siri)
    const [mine] = await call(
      'per',
      key,
      'GET',
      `approvals?filter=UserID eq ${per} and StatusCode eq ${ApprovalStatus.Active}`,
    )
    await call('siri', key, 'POST', `approvals/${mine.ID}?action=approve`)
    const next = await call(
      'anne',
      key,
      'GET',
      `approvals?filter=TaskID eq ${mine.TaskID} and StatusCode eq ${ApprovalStatus.Active}`,
    )
    expect(next.map((a: any) => [a.UserID, a.StepNumber])).toEqual([[await me('anne', key), 2]])
  })
})
