// Approval journeys of the demo office, so a new user meets a living approvals inbox: in Nordlys Bakeri
// AS and Fjordbygg Rørlegger AS a two-step rule (Per approves, then Anne), supplier invoices with a PDF
// waiting at step one for Per, at step two for Anne, one approved and waiting to be booked, and Siri
// standing in for Per. Unlike the rest of the demo seed, everything here is written through the
// platform's own write path and domain actions (assign-to, approve), so tasks, plans, approvals,
// notifications and statuses are exactly what the API would have produced.
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib'
import { generateKid } from '../../common/norwegian.ts'
import type { Sql } from '../db/store.ts'
import { transitionEntities } from '../domain/transitions.ts'
import type { ActionRequest, HookSet } from '../model/hooks.ts'
import { createEntity, type WriteContext } from '../model/write.ts'
import { linkFile } from '../files/attachments.ts'
import type { FileStorage } from '../files/storage.ts'
import { entityApi } from '../routes/context.ts'
import { getEntityById, type ReadContext } from '../query/index.ts'
import type { Registry } from '../registry/registry.ts'
import { DEMO_COMPANIES, DEMO_USERS, type DemoCompany } from './demo-constants.ts'

type Row = Record<string, unknown>

/** Where an invoice of the demo waits. */
export type DemoApprovalStage = 'step1' | 'step2' | 'approved'

export interface DemoApprovalInvoice {
  stage: DemoApprovalStage
  /** Days from today to the due date (negative: overdue). */
  dueInDays: number
  net: number
  description: string
  /** Cost account number of the invoice's coding line. */
  account: number
  /** Days the invoice has waited at its step (the active approval's CreatedAt); 0 when left out. */
  waitingDays?: number
}

/** The approval rule both companies use: the client's manager first, then the accountant. */
export const DEMO_APPROVAL_RULE = 'Leder, deretter regnskap'

/** Invoices per company, in the order they are created. */
export const DEMO_APPROVAL_INVOICES: Record<'nordlys' | 'fjordbygg', readonly DemoApprovalInvoice[]> = {
  nordlys: [
    {
      stage: 'step1',
      dueInDays: -3,
      net: 18_400,
      description: 'Mel og gjær, uke 46',
      account: 4000,
      waitingDays: 6,
    },
    { stage: 'step1', dueInDays: 6, net: 4_260, description: 'Emballasje', account: 4300, waitingDays: 2 },
    {
      stage: 'step1',
      dueInDays: 12,
      net: 9_875.5,
      description: 'Service av steinovn',
      account: 6400,
      waitingDays: 1,
    },
    {
      stage: 'step2',
      dueInDays: 4,
      net: 12_300,
      description: 'Strøm oktober',
      account: 6340,
      waitingDays: 4,
    },
    { stage: 'step2', dueInDays: 9, net: 2_150, description: 'Kontorrekvisita', account: 6800 },
    { stage: 'approved', dueInDays: 5, net: 7_640, description: 'Regnskapshonorar oktober', account: 6705 },
  ],
  fjordbygg: [
    {
      stage: 'step1',
      dueInDays: 2,
      net: 36_900,
      description: 'Rør og koblinger, prosjekt Nytt lager',
      account: 4500,
      waitingDays: 3,
    },
    {
      stage: 'step1',
      dueInDays: -1,
      net: 5_420,
      description: 'Leie av minigraver',
      account: 6400,
      waitingDays: 5,
    },
    { stage: 'step1', dueInDays: 15, net: 1_299, description: 'Programvare, leie', account: 6553 },
    {
      stage: 'step2',
      dueInDays: 7,
      net: 22_750,
      description: 'Underentreprise elektro',
      account: 4500,
      waitingDays: 8,
    },
    {
      stage: 'step2',
      dueInDays: 11,
      net: 3_180,
      description: 'Drivstoff oktober',
      account: 7000,
      waitingDays: 1,
    },
    { stage: 'approved', dueInDays: 3, net: 8_900, description: 'Revisjonshonorar', account: 6700 },
  ],
}

/** Siri stands in for Per from a few days ago until two weeks from the seed. */
export const DEMO_SUBSTITUTE_DAYS = { from: -3, to: 14 } as const

export const isoDay = (offsetDays: number): string => {
  const d = new Date()
  d.setUTCHours(12, 0, 0, 0)
  d.setUTCDate(d.getUTCDate() + offsetDays)
  return d.toISOString().slice(0, 10)
}
const round2 = (n: number) => Math.round(n * 100) / 100

export async function one<T = Row>(sql: Sql, text: string, params: unknown[]): Promise<T> {
  const row = (await sql.query<T>(text, params)).rows[0]
  if (!row) throw new Error(`demo approvals: nothing found for ${text} ${JSON.stringify(params)}`)
  return row
}

export interface Actor {
  userId: number
  globalIdentity: string
}

export interface CompanyScope {
  sql: Sql
  registry: Registry
  hooks: HookSet
  companyId: number
  companyKey: string
  transitionEntities: ReadonlySet<string>
}

export function contexts(
  c: CompanyScope,
  actor: Actor,
  reason: string,
): { wc: WriteContext; rc: ReadContext } {
  const rc: ReadContext = {
    sql: c.sql,
    registry: c.registry,
    companyId: c.companyId,
    customFields: () => [],
    viewer: { globalIdentity: actor.globalIdentity, userId: actor.userId, roles: new Set<string>() },
  }
  const wc: WriteContext = {
    sql: c.sql,
    registry: c.registry,
    companyId: c.companyId,
    companyKey: c.companyKey,
    userId: actor.userId,
    globalIdentity: actor.globalIdentity,
    reason,
    hooks: c.hooks,
    customFields: () => [],
    transitionEntities: c.transitionEntities,
    readEntity: (sql, entity, id) =>
      getEntityById({ ...rc, sql, viewer: undefined }, entity, id, { includeDeleted: true }),
  }
  return { wc, rc }
}

/** Runs a registered domain action (`supplierinvoices/{id}?action=assign-to`) as the actor would over HTTP. */
export async function action(
  c: CompanyScope,
  actor: Actor,
  entityName: string,
  name: string,
  id: number,
  body: unknown,
): Promise<unknown> {
  const def = c.hooks.action(entityName, name)
  if (!def) throw new Error(`demo approvals: the platform has no ${entityName} action ${name}`)
  const entity = c.registry.require(entityName)
  const reason = `POST ${entity.route}/${id}?action=${name}`
  const { wc, rc } = contexts(c, actor, reason)
  const req: ActionRequest & WriteContext = {
    ...wc,
    api: entityApi(wc, rc),
    entity,
    method: 'POST',
    id,
    body,
    query: { action: name },
    clientId: 'ledgerdesk-demo-seed',
  }
  return def.handler(req)
}

export const create = (c: CompanyScope, actor: Actor, entityName: string, body: unknown) =>
  createEntity(contexts(c, actor, `POST ${entityName}`).wc, c.registry.require(entityName), body)

/** A line of a demo invoice PDF: text, quantity, unit price and the line's amount (excluding VAT). */
export interface DemoPdfLine {
  text: string
  quantity: number
  price: number
  amount: number
}

/**
 * A one-page invoice PDF with the invoice's own facts, so the viewer shows what is being approved. With
 * `supplierOrgNumber`, `supplierAddress` and `buyerOrgNumber` it prints them as a supplier's invoice does;
 * with `lines` it prints each with its quantity and unit price instead of the one description line.
 */
export async function demoInvoicePdf(facts: {
  supplier: string
  buyer: string
  invoiceNumber: string
  invoiceDate: string
  dueDate: string
  description: string
  net: number
  vat: number
  kid: string
  account: string
  supplierOrgNumber?: string
  supplierAddress?: readonly string[]
  buyerOrgNumber?: string
  lines?: readonly DemoPdfLine[]
  /** The amount to pay, when it is not net plus VAT rounded (the invoice's own total). */
  total?: number
}): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.setTitle(`Faktura ${facts.invoiceNumber}`)
  doc.setCreator('Ledgerdesk demo')
  doc.setCreationDate(new Date(`${facts.invoiceDate}T08:00:00Z`))
  doc.setModificationDate(new Date(`${facts.invoiceDate}T08:00:00Z`))
  const page = doc.addPage([595.28, 841.89])
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const money = (n: number) =>
    n.toLocaleString('nb-NO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).replace(/\s/g, ' ')
  const text = (s: string, x: number, y: number, size = 10, f = font) =>
    page.drawText(s, { x, y, size, font: f, color: rgb(0.1, 0.1, 0.12) })
  const right = (s: string, x: number, y: number, size = 10, f = font) =>
    text(s, x - f.widthOfTextAtSize(s, size), y, size, f)
  const org = (n: string) => n.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3')
  text(facts.supplier, 50, 780, 16, bold)
  text('FAKTURA', 430, 780, 16, bold)
  let y = 764
  for (const line of facts.supplierAddress ?? []) {
    text(line, 50, y, 9)
    y -= 12
  }
  if (facts.supplierOrgNumber) text(`Org.nr.: ${org(facts.supplierOrgNumber)} MVA`, 50, y, 9)
  text(`Fakturanummer: ${facts.invoiceNumber}`, 360, 750)
  text(`Fakturadato: ${facts.invoiceDate.split('-').reverse().join('.')}`, 360, 735)
  text(`Forfallsdato: ${facts.dueDate.split('-').reverse().join('.')}`, 360, 720)
  const extra = facts.supplierAddress || facts.supplierOrgNumber ? 20 : 0
  text('Faktura til:', 50, 740 - extra, 10, bold)
  text(facts.buyer, 50, 725 - extra)
  if (facts.buyerOrgNumber) text(`Org.nr.: ${org(facts.buyerOrgNumber)}`, 50, 710 - extra)
  text('Beskrivelse', 50, 640, 10, bold)
  right('Beløp', 545, 640, 10, bold)
  page.drawLine({ start: { x: 50, y: 632 }, end: { x: 545, y: 632 }, thickness: 0.5 })
  if (facts.lines?.length) {
    right('Antall', 380, 640, 10, bold)
    right('Pris', 460, 640, 10, bold)
    facts.lines.forEach((l, i) => {
      const ly = 615 - i * 15
      text(l.text, 50, ly)
      right(String(l.quantity), 380, ly)
      right(money(l.price), 460, ly)
      right(money(l.amount), 545, ly)
    })
  } else {
    text(facts.description, 50, 615)
    right(money(facts.net), 545, 615)
  }
  text('Sum eks. mva', 360, 570)
  right(money(facts.net), 545, 570)
  text('Mva 25 %', 360, 555)
  right(money(facts.vat), 545, 555)
  text('Å betale', 360, 535, 11, bold)
  right(money(facts.total ?? round2(facts.net + facts.vat)), 545, 535, 11, bold)
  text(`Kontonummer: ${facts.account.replace(/^(\d{4})(\d{2})(\d{5})$/, '$1 $2 $3')}`, 50, 480)
  text(`KID: ${facts.kid}`, 50, 465)
  return doc.save({ useObjectStreams: false })
}

/** The invoice's active approvals have waited `days` (their CreatedAt moved back; UpdatedAt is left). */
async function backdateWaiting(c: CompanyScope, taskId: number, days: number): Promise<void> {
  if (!days) return
  await c.sql.query(
    `update "Approval" set "CreatedAt" = $3 where "CompanyID" = $1 and "TaskID" = $2 and "StatusCode" = 50120`,
    [c.companyId, taskId, new Date(Date.now() - days * 86_400_000).toISOString()],
  )
}

async function seedCompanyApprovals(
  c: CompanyScope,
  company: DemoCompany,
  invoices: readonly DemoApprovalInvoice[],
  files: FileStorage | undefined,
  index: number,
): Promise<void> {
  const { sql } = c
  const userOf = async (email: string): Promise<Actor> => {
    const u = await one<{ ID: number; GlobalIdentity: string }>(
      sql,
      `select "ID", "GlobalIdentity" from "User" where "CompanyID" = $1 and lower("Email") = lower($2) and "Deleted" = false`,
      [c.companyId, email],
    )
    return { userId: u.ID, globalIdentity: u.GlobalIdentity }
  }
  const anne = await userOf(DEMO_USERS.anne.email)
  const per = await userOf(DEMO_USERS.per.email)
  const siri = await userOf(DEMO_USERS.siri.email)

  const ruleId = await create(c, anne, 'ApprovalRule', {
    Description: DEMO_APPROVAL_RULE,
    Steps: [
      { StepNumber: 1, ApprovalType: 1, Users: [{ UserID: per.userId }] },
      { StepNumber: 2, ApprovalType: 1, Users: [{ UserID: anne.userId }] },
    ],
  })
  await create(c, anne, 'ApprovalSubstitute', {
    UserID: per.userId,
    SubstituteUserID: siri.userId,
    FromDate: isoDay(DEMO_SUBSTITUTE_DAYS.from),
    ToDate: isoDay(DEMO_SUBSTITUTE_DAYS.to),
  })

  const suppliers = await activeSuppliers(sql, c.companyId)
  const nok = await one<{ ID: number }>(sql, `select "ID" from "CurrencyCode" where "Code" = 'NOK'`, [])
  const vat = await one<{ ID: number }>(
    sql,
    `select "ID" from "VatType" where "CompanyID" = $1 and "VatCode" = '1' and "Deleted" = false`,
    [c.companyId],
  )

  for (const [n, inv] of invoices.entries()) {
    const supplier = suppliers[(n * 5 + index * 3 + 2) % suppliers.length]!
    const account = await one<{ ID: number }>(
      sql,
      `select "ID" from "Account" where "CompanyID" = $1 and "AccountNumber" = $2 and "Deleted" = false`,
      [c.companyId, inv.account],
    )
    const net = round2(inv.net)
    const vatAmount = round2(net * 0.25)
    const gross = round2(net + vatAmount)
    const invoiceDate = isoDay(inv.dueInDays - 14)
    const dueDate = isoDay(inv.dueInDays)
    const invoiceNumber = String(52_000 + index * 1000 + n * 17)
    const kid = generateKid(7000 + index * 100 + n, 10, 'mod10')
    const invoiceId = await create(c, anne, 'SupplierInvoice', {
      SupplierID: supplier.ID,
      SupplierOrgNumber: supplier.OrgNumber,
      InvoiceNumber: invoiceNumber,
      InvoiceDate: invoiceDate,
      PaymentDueDate: dueDate,
      TaxExclusiveAmount: net,
      TaxExclusiveAmountCurrency: net,
      VatTotalsAmount: vatAmount,
      VatTotalsAmountCurrency: vatAmount,
      TaxInclusiveAmount: gross,
      TaxInclusiveAmountCurrency: gross,
      CurrencyCodeID: nok.ID,
      CurrencyExchangeRate: 1,
      PaymentID: kid,
      BankAccountID: supplier.BankAccountID,
      JournalEntry: {
        _createguid: 'je',
        DraftLines: [
          {
            _createguid: 'l1',
            AccountID: account.ID,
            VatTypeID: vat.ID,
            Amount: gross,
            AmountCurrency: gross,
            Description: inv.description,
            FinancialDate: invoiceDate,
          },
        ],
      },
    })
    if (files) {
      const bytes = await demoInvoicePdf({
        supplier: supplier.Name,
        buyer: company.name,
        invoiceNumber,
        invoiceDate,
        dueDate,
        description: inv.description,
        net,
        vat: vatAmount,
        kid,
        account: supplier.AccountNumber ?? '',
      })
      await attachDemoPdf(c, anne, files, bytes, {
        name: `Faktura ${invoiceNumber}.pdf`,
        description: inv.description,
        invoiceId,
      })
    }
    const task = (await action(c, anne, 'SupplierInvoice', 'assign-to', invoiceId, {
      ApprovalRuleID: ruleId,
      Message: inv.description,
    })) as { Approvals?: Row[] }
    const taskId = Number((task as Row).ID)
    if (inv.stage === 'step1') {
      await backdateWaiting(c, taskId, inv.waitingDays ?? 0)
      continue
    }
    const first = task.Approvals?.find((a) => Number(a.StepNumber) === 1)
    if (!first) throw new Error(`demo approvals: invoice ${invoiceNumber} has no approval in step 1`)
    await action(c, per, 'Approval', 'approve', Number(first.ID), {})
    if (inv.stage === 'step2') {
      await backdateWaiting(c, taskId, inv.waitingDays ?? 0)
      continue
    }
    const second = await one<{ ID: number }>(
      sql,
      `select "ID" from "Approval" where "CompanyID" = $1 and "TaskID" = $2 and "StepNumber" = 2 and "Deleted" = false`,
      [c.companyId, Number((task as Row).ID)],
    )
    await action(c, anne, 'Approval', 'approve', second.ID, {})
  }
}

/**
 * Seeds the approval journeys into a demo office just seeded (same transaction). The invoice PDFs go
 * to the file store `files`; without it the invoices have no PDF.
 */
export async function seedDemoApprovals(
  sql: Sql,
  registry: Registry,
  opts: { hooks: HookSet; files?: FileStorage },
): Promise<void> {
  const entities = await transitionEntities(sql)
  const files = opts.files
  for (const [index, slug] of (['nordlys', 'fjordbygg'] as const).entries()) {
    const company = DEMO_COMPANIES[slug]
    const row = await one<{ ID: number }>(sql, `select "ID" from "Company" where "Key" = $1`, [company.key])
    await seedCompanyApprovals(
      {
        sql,
        registry,
        hooks: opts.hooks,
        companyId: row.ID,
        companyKey: company.key,
        transitionEntities: entities,
      },
      company,
      DEMO_APPROVAL_INVOICES[slug],
      files,
      index,
    )
  }
}

/** A company's active suppliers in supplier-number order, with their name and default bank account. */
export async function activeSuppliers(
  sql: Sql,
  companyId: number,
): Promise<
  {
    ID: number
    OrgNumber: string
    Name: string
    BankAccountID: number | null
    AccountNumber: string | null
  }[]
> {
  const { rows } = await sql.query<{
    ID: number
    OrgNumber: string
    Name: string
    BankAccountID: number | null
    AccountNumber: string | null
  }>(
    `select s."ID", s."OrgNumber", br."Name", br."DefaultBankAccountID" as "BankAccountID", b."AccountNumber"
       from "Supplier" s
       join "BusinessRelation" br on br."CompanyID" = s."CompanyID" and br."ID" = s."BusinessRelationID"
       left join "BankAccount" b on b."CompanyID" = s."CompanyID" and b."ID" = br."DefaultBankAccountID"
      where s."CompanyID" = $1 and s."Deleted" = false and s."StatusCode" = 30001 order by s."SupplierNumber"`,
    [companyId],
  )
  return rows
}

/** Stores a one-page PDF in the file store and attaches it to a supplier invoice, as an upload would. */
export async function attachDemoPdf(
  c: CompanyScope,
  actor: Actor,
  files: FileStorage,
  bytes: Uint8Array,
  file: { name: string; description: string; invoiceId: number; contentType?: 'application/xml' },
): Promise<void> {
  const sha256 = await files.put(bytes)
  const xml = file.contentType === 'application/xml'
  const { wc } = contexts(c, actor, 'POST files/api/file')
  const fileId = await createEntity(wc, c.registry.require('File'), {
    Name: file.name,
    Description: file.description,
    StorageReference: files.reference(sha256),
    ContentLength: bytes.length,
    Extension: xml ? '.xml' : '.pdf',
    ContentType: xml ? 'application/xml' : 'application/pdf',
    ClientId: 'ledgerdesk-demo-seed',
    Pages: 1,
    IsMultipageFile: false,
    Sha256: sha256,
  })
  await linkFile(wc, fileId, { entity: c.registry.require('SupplierInvoice'), id: file.invoiceId })
}
