// The supplier-invoice journey end to end over HTTP (spec 2.12-2.15, 3.1, 3.5, 4.5, 4.6, 4.8): a generated
// invoice PDF is uploaded to a new draft, read by OCR, the draft is filled from the proposals, sent to a
// two-step approval rule, approved (with an indirect approval in step one), journaled, and the entry
// balances. A second journey is rejected with a comment and resubmitted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateInvoice } from '../../../document-reader/corpus/generate.ts'
import { OcrPropertyId } from '../../../common/ocr.ts'
import { ApprovalStatus, SupplierInvoiceStatus as SI, TaskStatus } from '../../../common/status.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'
import { upload } from './files-helpers.ts'

const company = DEMO_COMPANIES.nordlys.key
type Who = 'anne' | 'per' | 'siri'

let p: TestPlatform
const tokens: Record<Who, string> = { anne: '', per: '', siri: '' }
const userIds: Record<Who, number> = { anne: 0, per: 0, siri: 0 }

const as = (who: Who, method: string, path: string, body?: unknown) =>
  api(p.urls.base, method, path, { token: tokens[who], companyKey: company, body })
const call = (method: string, path: string, body?: unknown) => as('anne', method, path, body)

interface Candidate {
  Value: string
  HitWordText: string
  ProbabilityFactor: number
}
interface Property {
  OcrProperty: { Id: number; Name: string }
  ProposedCandidate: Candidate | null
}

const proposal = (props: Property[], id: number) =>
  props.find((x) => x.OcrProperty.Id === id)?.ProposedCandidate?.Value ?? null

async function accountId(number: number): Promise<number> {
  const r = await call('GET', `api/biz/accounts?filter=AccountNumber eq ${number}&select=ID,AccountNumber`)
  expect(r.body).toHaveLength(1)
  return r.body[0].ID
}

async function vatTypeId(code: string): Promise<number> {
  const r = await call('GET', `api/biz/vattypes?filter=VatCode eq '${code}'&select=ID,VatCode,VatPercent`)
  expect(r.body).toHaveLength(1)
  return r.body[0].ID
}

/** The supplier with this organisation number, created from the OCR data when the company has none. */
async function supplierByOrgNumber(orgNumber: string, name: string): Promise<number> {
  const found = await call('GET', `api/biz/suppliers?filter=OrgNumber eq '${orgNumber}'&expand=Info`)
  expect(found.status).toBe(200)
  if (found.body.length) return found.body[0].ID
  const created = await call('POST', 'api/biz/suppliers', {
    OrgNumber: orgNumber,
    Info: { _createguid: 'info', Name: name },
  })
  expect(created.status).toBe(201)
  return created.body.ID
}

async function scannedDraft(seed: number) {
  const generated = await generateInvoice(seed, { layout: 'classic' })
  const anySupplier = (await call('GET', 'api/biz/suppliers?top=1')).body[0]
  // The scan station knows no supplier yet: the draft starts on a placeholder and is corrected in review.
  const draft = await call('POST', 'api/biz/supplierinvoices', { SupplierID: anySupplier.ID })
  expect(draft.status).toBe(201)
  expect(draft.body.StatusCode).toBe(SI.Draft)
  const file = await upload(
    p,
    {
      bytes: generated.pdf,
      fileName: `scan-${seed}.pdf`,
      key: company,
      entityType: 'SupplierInvoice',
      entityId: draft.body.ID,
    },
    { token: tokens.anne },
  )
  expect(file.status).toBeLessThan(300)
  expect(file.body.ContentType).toBe('application/pdf')
  return { generated, invoiceId: draft.body.ID as number, fileId: file.body.ID as number }
}

/** Fills the draft from the OCR proposals with one cost line for the whole amount (input VAT 25 %). */
async function fillFromOcr(invoiceId: number, fileId: number, truth: Record<number, string | null>) {
  const ocr = await call('GET', `api/biz/files/${fileId}?action=ocranalyse`)
  expect(ocr.status).toBe(200)
  const props: Property[] = ocr.body.InterpretedProperties
  const fields = {
    orgNumber: proposal(props, OcrPropertyId.OfficialNumber),
    invoiceNumber: proposal(props, OcrPropertyId.InvoiceNumber),
    amount: proposal(props, OcrPropertyId.TotalAmount),
    invoiceDate: proposal(props, OcrPropertyId.InvoiceDate),
    dueDate: proposal(props, OcrPropertyId.DueDate),
    kid: proposal(props, OcrPropertyId.Kid),
  }
  // The generated invoice's ground truth is what the accountant would confirm.
  expect(fields.orgNumber).toBe(truth[OcrPropertyId.OfficialNumber])
  expect(fields.invoiceNumber).toBe(truth[OcrPropertyId.InvoiceNumber])
  expect(fields.amount).toBe(truth[OcrPropertyId.TotalAmount])
  expect(fields.dueDate).toBe(truth[OcrPropertyId.DueDate])

  const supplierId = await supplierByOrgNumber(fields.orgNumber!, `Leverandør ${fields.orgNumber}`)
  const amount = Number(fields.amount)
  const put = await call('PUT', `api/biz/supplierinvoices/${invoiceId}`, {
    ID: invoiceId,
    SupplierID: supplierId,
    InvoiceNumber: fields.invoiceNumber,
    InvoiceDate: fields.invoiceDate,
    PaymentDueDate: fields.dueDate,
    PaymentID: fields.kid,
    TaxInclusiveAmount: amount,
    JournalEntry: {
      _createguid: 'je',
      DraftLines: [
        {
          _createguid: 'cost',
          AccountID: await accountId(6540),
          VatTypeID: await vatTypeId('1'),
          Amount: amount,
          FinancialDate: fields.invoiceDate,
          Description: `Faktura ${fields.invoiceNumber}`,
        },
      ],
    },
  })
  expect(put.status).toBe(200)
  expect(put.body.SupplierID).toBe(supplierId)
  return { amount, supplierId, invoiceNumber: fields.invoiceNumber! }
}

async function twoStepRule(): Promise<number> {
  const r = await call('POST', 'api/biz/approvalrules', {
    Description: 'Innkjøp: avdelingsleder, så daglig leder',
    Steps: [
      { StepNumber: 1, ApprovalType: 1, Users: [{ UserID: userIds.per }, { UserID: userIds.siri }] },
      { StepNumber: 2, ApprovalType: 1, Users: [{ UserID: userIds.anne }] },
    ],
  })
  expect(r.status).toBe(201)
  return r.body.ID
}

async function activeApprovals(who: Who) {
  const r = await as(
    who,
    'GET',
    `api/biz/approvals?filter=UserID eq ${userIds[who]} and statuscode eq ${ApprovalStatus.Active}`,
  )
  expect(r.status).toBe(200)
  return r.body as { ID: number; TaskID: number; StepNumber: number }[]
}

beforeAll(async () => {
  p = await startTestPlatform()
  for (const who of ['anne', 'per', 'siri'] as const) {
    tokens[who] = await p.token(DEMO_USERS[who].email, { companyKey: company })
    const u = await call('GET', `api/biz/users?filter=Email eq '${DEMO_USERS[who].email}'`)
    userIds[who] = u.body[0].ID
  }
}, 120_000)

afterAll(() => p?.close())

describe('a scanned supplier invoice from upload to a balanced journal entry', () => {
  it('is read by OCR, approved in two steps with an indirect approval, and journaled', async () => {
    const { generated, invoiceId, fileId } = await scannedDraft(11)
    const attachments = await call('GET', `api/biz/files/SupplierInvoice/${invoiceId}`)
    expect(attachments.body.map((f: { ID: number }) => f.ID)).toEqual([fileId])

    const { amount } = await fillFromOcr(invoiceId, fileId, generated.truth)

    const ruleId = await twoStepRule()
    const assigned = await call('POST', `api/biz/supplierinvoices/${invoiceId}?action=assign-to`, {
      Message: 'Til godkjenning',
      ApprovalRuleID: ruleId,
    })
    expect(assigned.status).toBe(200)
    expect((await call('GET', `api/biz/supplierinvoices/${invoiceId}`)).body.StatusCode).toBe(SI.ForApproval)
    const taskId: number = assigned.body.ID

    // Step one: Per and Siri each hold an active approval; Per's approval settles Siri's indirectly.
    const perApproval = (await activeApprovals('per')).find((a) => a.TaskID === taskId)!
    const siriApproval = (await activeApprovals('siri')).find((a) => a.TaskID === taskId)!
    expect(perApproval.StepNumber).toBe(1)
    expect((await activeApprovals('anne')).some((a) => a.TaskID === taskId)).toBe(false)
    expect((await as('per', 'POST', `api/biz/approvals/${perApproval.ID}?action=approve`)).status).toBe(200)
    const siriAfter = await call('GET', `api/biz/approvals/${siriApproval.ID}`)
    expect(siriAfter.body.StatusCode).toBe(ApprovalStatus.IndirectlyApproved)
    expect((await call('GET', `api/biz/supplierinvoices/${invoiceId}`)).body.StatusCode).toBe(SI.ForApproval)

    // Step two opens for Anne, who is notified.
    const anneApproval = (await activeApprovals('anne')).find((a) => a.TaskID === taskId)!
    expect(anneApproval.StepNumber).toBe(2)
    const notes = await call(
      'GET',
      `api/biz/notifications?filter=RecipientID eq '${DEMO_USERS.anne.globalIdentity}' and EntityID eq ${invoiceId}`,
    )
    expect(notes.body.length).toBeGreaterThan(0)
    expect((await call('POST', `api/biz/approvals/${anneApproval.ID}?action=approve`)).status).toBe(200)
    expect((await call('GET', `api/biz/supplierinvoices/${invoiceId}`)).body.StatusCode).toBe(SI.Approved)
    expect((await call('GET', `api/biz/tasks/${taskId}`)).body.StatusCode).toBe(TaskStatus.Complete)

    // Journal: cost line net on 6540, input VAT on 2710, payables credited on 2400; the entry balances.
    const journaled = await call('POST', `api/biz/supplierinvoices/${invoiceId}?action=journal`)
    expect(journaled.status).toBe(204)
    const invoice = (await call('GET', `api/biz/supplierinvoices/${invoiceId}`)).body
    expect(invoice.StatusCode).toBe(SI.Journaled)
    expect(invoice.JournalEntryID).toBeGreaterThan(0)
    const entry = (await call('GET', `api/biz/journalentries/${invoice.JournalEntryID}?expand=Lines`)).body
    expect(entry.JournalEntryNumber).toMatch(/^\d+-\d{4}$/)
    const lines: { AccountID: number; Amount: number }[] = entry.Lines
    const ore = (n: number) => Math.round(n * 100)
    expect(lines.reduce((sum, l) => sum + ore(l.Amount), 0)).toBe(0)
    const onAccount = async (n: number) => {
      const id = await accountId(n)
      return lines.filter((l) => l.AccountID === id).reduce((s, l) => s + ore(l.Amount), 0)
    }
    const vat = Math.round((ore(amount) * 25) / 125)
    expect(await onAccount(2400)).toBe(-ore(amount))
    expect(await onAccount(2710)).toBe(vat)
    expect(await onAccount(6540)).toBe(ore(amount) - vat)

    // A journaled invoice takes no more attachments.
    const late = await upload(
      p,
      {
        bytes: generated.pdf,
        fileName: 'late.pdf',
        key: company,
        entityType: 'SupplierInvoice',
        entityId: invoiceId,
      },
      { token: tokens.anne },
    )
    expect(late.status).toBe(400)
  })

  it('is rejected with a comment, edited and sent for approval again', async () => {
    const { generated, invoiceId, fileId } = await scannedDraft(23)
    await fillFromOcr(invoiceId, fileId, generated.truth)
    const assigned = await call('POST', `api/biz/supplierinvoices/${invoiceId}?action=assign-to`, {
      UserIDs: [userIds.per],
    })
    expect(assigned.status).toBe(200)
    const approval = (await activeApprovals('per')).find((a) => a.TaskID === assigned.body.ID)!

    // Editing is refused while the invoice waits for approval.
    const edit = await call('PUT', `api/biz/supplierinvoices/${invoiceId}`, { ID: invoiceId, Comment: 'x' })
    expect(edit.status).toBe(400)

    const comment = await as('per', 'POST', `api/biz/comments/SupplierInvoice/${invoiceId}`, {
      Text: 'Feil avdeling, send til Fjordbygg',
    })
    expect(comment.status).toBe(201)
    expect((await as('per', 'POST', `api/biz/approvals/${approval.ID}?action=reject`)).status).toBe(200)
    expect((await call('GET', `api/biz/supplierinvoices/${invoiceId}`)).body.StatusCode).toBe(SI.Rejected)
    const comments = await call('GET', `api/biz/comments/SupplierInvoice/${invoiceId}`)
    expect(comments.body.map((c: { Text: string }) => c.Text)).toContain('Feil avdeling, send til Fjordbygg')

    // A rejected invoice may be edited and resubmitted.
    const fixed = await call('PUT', `api/biz/supplierinvoices/${invoiceId}`, {
      ID: invoiceId,
      Comment: 'Riktig avdeling',
    })
    expect(fixed.status).toBe(200)
    const again = await call('POST', `api/biz/supplierinvoices/${invoiceId}?action=assign-to`, {
      UserIDs: [userIds.siri],
    })
    expect(again.status).toBe(200)
    expect((await call('GET', `api/biz/supplierinvoices/${invoiceId}`)).body.StatusCode).toBe(SI.ForApproval)
  })
})
