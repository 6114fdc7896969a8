// Factoring (spec 2.11, 3.3, 4.4): activating and deactivating a company's factoring setup, sending
// invoices with factoring (held in 42503 for the partner) and the partner's accept / decline.
//
// Status codes: send-with-factoring sets StatusCode and CollectorStatusCode 42503. factoring-accepted
// sets StatusCode 42002 (invoiced: the invoice now runs its normal course at the factoring company),
// CollectorStatusCode 42504 (sent to factoring) and ExternalStatusCode to the partner's status.
// factoring-declined sets StatusCode 42002, clears CollectorStatusCode and records the reason in
// FactoringDeclinedReason: the invoice is back in the customer's normal flow.
import { randomUUID } from 'node:crypto'
import { digitsOnly, kidSetupProblems, type KidPart } from '../../common/norwegian.ts'
import { oreToDecimal } from '../../common/money.ts'
import {
  CollectorStatus,
  CustomerInvoiceStatus,
  ExternalStatus,
  GenericStatus,
  InvoiceType,
} from '../../common/status.ts'
import type { Sql } from '../db/store.ts'
import { PlatformError, type RuleMessage, type ValidationResult } from '../errors.ts'
import { ActionResponse, type ActionRequest, type HookSet } from '../model/hooks.ts'
import { bookJournalEntries } from './journal/book.ts'
import { asSystemWrite } from './sales/invoice-sums.ts'
import {
  accountIdByNumber,
  invoiceDraft,
  loadInvoice,
  RECEIVABLES_ACCOUNT_NUMBER,
} from './sales/invoicing.ts'
import { invoiceKid, loadKidType } from './sales/kid.ts'
import { oreOf } from '../../common/sales/sums.ts'

type Row = Record<string, unknown>

const isObject = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A property by name, any casing. */
function prop(row: Row, name: string): unknown {
  if (name in row) return row[name]
  const key = Object.keys(row).find((k) => k.toLowerCase() === name.toLowerCase())
  return key === undefined ? undefined : row[key]
}

const SETTINGS_EXPAND = 'FactoringAccount,FactoringLoanAccount,FactoringBankAccount,FactoringPaymentInfoType'

class Problems {
  readonly results: Record<string, ValidationResult[]> = {}
  readonly messages: RuleMessage[] = []
  add(property: string, message: string): void {
    const r = { PropertyName: property, EntityType: 'FactoringSettings', Message: message }
    ;(this.results[property] ??= []).push(r)
    this.messages.push({ ...r, Level: 30 })
  }
  get failed(): boolean {
    return this.messages.length > 0
  }
}

/**
 * Part names of the spec 2.11 activation example, as macros: `kid_prefix` takes the factoring
 * customer number, `kid_code` the document kind (0 invoice), `check_digit` the check digit of the
 * type's Modulus. Parts may also be macros (`<invoice_number>`) or literal digits.
 */
function normalisePart(part: string, modulus: unknown): string {
  const name = part
    .trim()
    .replace(/^<(.*)>$/, '$1')
    .toLowerCase()
  if (name === 'check_digit' || name === 'checkdigit') return modulus === 11 ? '<modulus11>' : '<modulus10>'
  if (
    ['customer_number', 'invoice_number', 'kid_prefix', 'kid_code', 'modulus10', 'modulus11'].includes(name)
  )
    return `<${name}>`
  return part.trim()
}

const KNOWN_PART = /^(<(customer_number|invoice_number|kid_prefix|kid_code|modulus10|modulus11)>|\d+)$/

function integerOf(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isInteger(v)) return v
  if (typeof v === 'string' && /^\d+$/.test(v.trim())) return Number(v.trim())
  return undefined
}

interface ValidSetup {
  bankAccountId: number
  factoringAccountId: number
  loanAccountId: number
  kid: { Name: string; Type: number; Length: number; Modulus: number; parts: KidPart[] }
}

async function companyBankAccountId(
  sql: Sql,
  companyId: number,
  number: string,
): Promise<number | undefined> {
  const { rows } = await sql.query<{ ID: number; AccountNumber: string | null; IBAN: string | null }>(
    `select "ID", "AccountNumber", "IBAN" from "BankAccount"
      where "CompanyID" = $1 and "Deleted" = false and "CompanySettingsID" is not null order by "ID"`,
    [companyId],
  )
  const wanted = digitsOnly(number)
  const iban = number.replace(/\s/g, '').toUpperCase()
  return rows.find(
    (r) =>
      (wanted.length > 0 && digitsOnly(r.AccountNumber ?? '') === wanted) ||
      (r.IBAN ?? '').replace(/\s/g, '').toUpperCase() === iban,
  )?.ID
}

/** Checks an ActivateFactoringDto (spec 2.11); every problem is named, all at once. */
async function validateActivation(req: ActionRequest, body: Row): Promise<ValidSetup> {
  const { sql, companyId } = req
  const p = new Problems()
  const bankNumber = prop(body, 'BankAccountNumber')
  let bankAccountId: number | undefined
  if (typeof bankNumber !== 'string' || bankNumber.trim() === '') {
    p.add('BankAccountNumber', 'BankAccountNumber is required: a bank account of the company')
  } else {
    bankAccountId = await companyBankAccountId(sql, companyId, bankNumber)
    if (!bankAccountId) p.add('BankAccountNumber', `bank account ${bankNumber} does not exist on the company`)
  }
  const account = async (field: string, what: string) => {
    const raw = prop(body, field)
    const n = integerOf(raw)
    if (raw === undefined || raw === null || raw === '') {
      p.add(field, `${field} is required: the ${what} account number in the chart of accounts`)
      return undefined
    }
    if (n === undefined) {
      p.add(field, `${field} must be an account number (integer), not ${JSON.stringify(raw)}`)
      return undefined
    }
    const id = await accountIdByNumber(sql, companyId, n)
    if (!id) p.add(field, `${what} account ${n} does not exist in the chart of accounts`)
    return id
  }
  const factoringAccountId = await account('FactoringAccountNumber', 'factoring')
  const loanAccountId = await account('FactoringLoanAccountNumber', 'factoring loan')

  const info = prop(body, 'FactoringPaymentInfo')
  let kid: ValidSetup['kid'] | undefined
  if (!isObject(info)) {
    p.add(
      'FactoringPaymentInfo',
      'FactoringPaymentInfo is required: the KID setup (Length, Modulus, HasKid, PaymentInfoTypeParts)',
    )
  } else {
    const modulus = prop(info, 'Modulus')
    if (typeof modulus !== 'number') {
      p.add(
        'FactoringPaymentInfo.Modulus',
        `FactoringPaymentInfo.Modulus must be the integer 10 (modulus 10), not ${JSON.stringify(modulus ?? null)}`,
      )
    } else if (modulus !== 10 && modulus !== 11) {
      p.add('FactoringPaymentInfo.Modulus', `FactoringPaymentInfo.Modulus must be 10 (or 11), not ${modulus}`)
    }
    if (prop(info, 'HasKid') !== true)
      p.add(
        'FactoringPaymentInfo.HasKid',
        'FactoringPaymentInfo.HasKid must be true: factoring invoices carry a KID',
      )
    const rawLength = prop(info, 'Length')
    const length = integerOf(rawLength)
    if (length === undefined)
      p.add(
        'FactoringPaymentInfo.Length',
        `FactoringPaymentInfo.Length must be an integer, not ${JSON.stringify(rawLength ?? null)}`,
      )
    const rawParts = prop(info, 'PaymentInfoTypeParts')
    const parts: KidPart[] = []
    if (!Array.isArray(rawParts) || rawParts.length === 0) {
      p.add(
        'FactoringPaymentInfo.PaymentInfoTypeParts',
        'FactoringPaymentInfo.PaymentInfoTypeParts must list the KID parts',
      )
    } else {
      rawParts.forEach((raw, i) => {
        const path = `FactoringPaymentInfo.PaymentInfoTypeParts[${i}]`
        const part = isObject(raw) ? prop(raw, 'Part') : undefined
        const partLength = isObject(raw) ? integerOf(prop(raw, 'Length')) : undefined
        const sortIndex = isObject(raw) ? integerOf(prop(raw, 'SortIndex')) : undefined
        if (typeof part !== 'string' || partLength === undefined || sortIndex === undefined) {
          p.add(path, `${path} needs Part (string), Length and SortIndex (integers)`)
          return
        }
        const normalised = normalisePart(part, modulus)
        if (!KNOWN_PART.test(normalised)) {
          p.add(
            `${path}.Part`,
            `${path}.Part ${JSON.stringify(part)} is unknown (use customer_number, invoice_number, kid_prefix, kid_code, check_digit or digits)`,
          )
          return
        }
        parts.push({ Part: normalised, Length: partLength, SortIndex: sortIndex })
      })
      const sorted = [...parts].sort((a, b) => a.SortIndex - b.SortIndex)
      const last = sorted[sorted.length - 1]
      const check = modulus === 11 ? '<modulus11>' : '<modulus10>'
      if (parts.length && (!last || last.Part !== check)) {
        p.add(
          'FactoringPaymentInfo.PaymentInfoTypeParts',
          `the check digit (${check}, length 1) must be the last part by SortIndex`,
        )
      }
      if (length !== undefined && parts.length === (rawParts as unknown[]).length) {
        for (const problem of kidSetupProblems(length, parts)) {
          p.add(
            problem.includes('add up')
              ? 'FactoringPaymentInfo.Length'
              : 'FactoringPaymentInfo.PaymentInfoTypeParts',
            `FactoringPaymentInfo: ${problem}`,
          )
        }
      }
    }
    if (typeof modulus === 'number' && length !== undefined) {
      const name = prop(info, 'Name')
      kid = {
        Name: typeof name === 'string' && name ? name : 'Factoring KID',
        Type: integerOf(prop(info, 'Type')) ?? 1,
        Length: length,
        Modulus: modulus,
        parts,
      }
    }
  }
  if (p.failed) {
    throw new PlatformError(
      'RULE_VIOLATION',
      `Factoring cannot be activated: ${p.messages.map((m) => m.Message).join('; ')}`,
      { messages: p.messages, validationResults: p.results },
    )
  }
  return {
    bankAccountId: bankAccountId!,
    factoringAccountId: factoringAccountId!,
    loanAccountId: loanAccountId!,
    kid: kid!,
  }
}

async function companySettingsId(sql: Sql, companyId: number): Promise<number | undefined> {
  const { rows } = await sql.query<{ ID: number }>(
    'select "ID" from "CompanySettings" where "CompanyID" = $1 and "Deleted" = false order by "ID" limit 1',
    [companyId],
  )
  return rows[0] ? Number(rows[0].ID) : undefined
}

async function activeSettings(sql: Sql, companyId: number): Promise<Row | undefined> {
  const { rows } = await sql.query<Row>(
    `select * from "FactoringSettings" where "CompanyID" = $1 and "Deleted" = false and "StatusCode" = $2
      order by "ID" desc limit 1`,
    [companyId, GenericStatus.Active],
  )
  return rows[0]
}

async function factoringActive(sql: Sql, companyId: number): Promise<boolean> {
  const { rows } = await sql.query<{ UseFactoring: boolean }>(
    'select "UseFactoring" from "CompanySettings" where "CompanyID" = $1 and "Deleted" = false order by "ID" limit 1',
    [companyId],
  )
  return rows[0]?.UseFactoring === true
}

async function setUseFactoring(req: ActionRequest, on: boolean): Promise<void> {
  const id = await companySettingsId(req.sql, req.companyId)
  if (id) await req.api.setFields(req.registry.require('CompanySettings'), id, { UseFactoring: on })
}

async function retireActive(req: ActionRequest): Promise<void> {
  const def = req.registry.require('FactoringSettings')
  const { rows } = await req.sql.query<{ ID: number }>(
    'select "ID" from "FactoringSettings" where "CompanyID" = $1 and "Deleted" = false and "StatusCode" = $2',
    [req.companyId, GenericStatus.Active],
  )
  for (const r of rows) await req.api.setFields(def, Number(r.ID), { StatusCode: GenericStatus.Inactive })
}

async function activate(req: ActionRequest): Promise<unknown> {
  const body = isObject(req.body) ? req.body : {}
  if (!isObject(req.body))
    throw new PlatformError(
      'BAD_REQUEST',
      'activate-factoring needs an ActivateFactoringDto object (spec 2.11)',
    )
  const setup = await validateActivation(req, body)
  const kidTypeId = await req.api.create(req.registry.require('PaymentInfoType'), {
    Name: setup.kid.Name,
    Type: setup.kid.Type,
    Length: setup.kid.Length,
    Modulus: setup.kid.Modulus,
    Control: setup.kid.Modulus,
    HasKid: true,
    Locked: true,
    PaymentInfoTypeParts: setup.kid.parts.map((p) => ({ ...p, _createguid: randomUUID() })),
  })
  await retireActive(req)
  const text = (name: string) => {
    const v = prop(body, name)
    return typeof v === 'string' ? v : null
  }
  const distribution = integerOf(prop(body, 'FactoringDistribution')) ?? 0
  const def = req.registry.require('FactoringSettings')
  const id = await req.api.create(def, {
    FactoringAccountID: setup.factoringAccountId,
    FactoringBankAccountID: setup.bankAccountId,
    FactoringLoanAccountID: setup.loanAccountId,
    FactoringPaymentInfoTypeID: kidTypeId,
    FactoringCustomerNumber: text('FactoringCustomerNumber'),
    FactoringDistribution: distribution,
    FactoringNotificationText: text('NotificationsText') ?? text('FactoringNotificationText'),
    SkipJournalEntry: prop(body, 'SkipJournalEntry') === true,
    StatusCode: GenericStatus.Active,
  })
  await setUseFactoring(req, true)
  return req.api.read(def, id, { expand: SETTINGS_EXPAND })
}

async function deactivate(req: ActionRequest): Promise<unknown> {
  await retireActive(req)
  await setUseFactoring(req, false)
  return new ActionResponse(204)
}

async function readInvoice(req: ActionRequest, id: number): Promise<unknown> {
  return req.api.read(req.registry.require('CustomerInvoice'), id, { expand: 'Items' })
}

/** Sends an invoice with factoring: invoices a draft with the setup's KID type, then holds it (42503). */
async function sendWithFactoring(req: ActionRequest): Promise<unknown> {
  const id = req.id!
  const settings = (await factoringActive(req.sql, req.companyId))
    ? await activeSettings(req.sql, req.companyId)
    : undefined
  if (!settings) {
    throw new PlatformError(
      'BAD_REQUEST',
      'Factoring is not active for this company: activate it first (factoringsettings?action=activate-factoring)',
    )
  }
  const def = req.registry.require('CustomerInvoice')
  let invoice = await loadInvoice(req, id)
  if (Number(invoice.InvoiceType) !== InvoiceType.Invoice)
    throw new PlatformError(
      'BAD_REQUEST',
      `CustomerInvoice ${id} is a credit note and cannot be sent with factoring`,
    )
  const kidTypeId = Number(settings.FactoringPaymentInfoTypeID)
  const kidPrefix = digitsOnly(String(settings.FactoringCustomerNumber ?? ''))
  const status = Number(invoice.StatusCode)
  if (status === CustomerInvoiceStatus.Draft) {
    await invoiceDraft(req, id, { kidTypeId, kidPrefix })
  } else if (status === CustomerInvoiceStatus.Invoiced && invoice.CollectorStatusCode === null) {
    // Invoiced but not sent: the KID becomes the factoring setup's.
    const type = await loadKidType(req.sql, req.companyId, kidTypeId)
    const customer = (
      await req.sql.query<{ CustomerNumber: number | null }>(
        'select "CustomerNumber" from "Customer" where "CompanyID" = $1 and "ID" = $2',
        [req.companyId, invoice.CustomerID],
      )
    ).rows[0]
    const kid = type
      ? invoiceKid(type, {
          invoice_number: String(invoice.InvoiceNumber ?? ''),
          customer_number: String(customer?.CustomerNumber ?? ''),
          kid_prefix: kidPrefix,
          kid_code: String(InvoiceType.Invoice),
        })
      : null
    await asSystemWrite(req.sql, () =>
      req.api.setFields(def, id, { PaymentID: kid, PaymentInfoTypeID: kidTypeId }),
    )
  } else {
    throw new PlatformError(
      'BAD_REQUEST',
      `CustomerInvoice ${id} in status ${status} cannot be sent with factoring (a draft or an invoiced invoice not yet sent can)`,
    )
  }
  invoice = await loadInvoice(req, id)
  await asSystemWrite(req.sql, () =>
    req.api.setFields(def, id, {
      StatusCode: CustomerInvoiceStatus.WaitingForFactoring,
      CollectorStatusCode: CollectorStatus.FactoringRegistered,
    }),
  )
  return readInvoice(req, id)
}

async function heldInvoice(req: ActionRequest): Promise<Row> {
  const invoice = await loadInvoice(req, req.id!)
  if (Number(invoice.StatusCode) !== CustomerInvoiceStatus.WaitingForFactoring) {
    throw new PlatformError(
      'BAD_REQUEST',
      `CustomerInvoice ${req.id} is in status ${String(invoice.StatusCode)}; only invoices waiting for factoring (${CustomerInvoiceStatus.WaitingForFactoring}) can be accepted or declined`,
    )
  }
  return invoice
}

const EXTERNAL_STATUSES: readonly number[] = Object.values(ExternalStatus)

async function accepted(req: ActionRequest): Promise<unknown> {
  const body = isObject(req.body) ? req.body : {}
  const raw = prop(body, 'externalStatus')
  const externalStatus = integerOf(raw)
  if (externalStatus === undefined || !EXTERNAL_STATUSES.includes(externalStatus)) {
    throw new PlatformError(
      'BAD_REQUEST',
      `externalStatus must be one of ${EXTERNAL_STATUSES.join(', ')}, not ${JSON.stringify(raw ?? null)}`,
      {
        validationResults: {
          externalStatus: [
            {
              PropertyName: 'externalStatus',
              EntityType: 'CustomerInvoice',
              Message: `externalStatus must be 42601-42605`,
            },
          ],
        },
      },
    )
  }
  const invoice = await heldInvoice(req)
  const settings =
    (await activeSettings(req.sql, req.companyId)) ?? (await latestSettings(req.sql, req.companyId))
  const text = (name: string) => {
    const v = prop(body, name)
    return typeof v === 'string' ? v : null
  }
  const def = req.registry.require('CustomerInvoice')
  const rest = oreOf(invoice.RestAmount)
  if (settings && settings.SkipJournalEntry !== true && rest !== 0) {
    // The claim on the customer moves from receivables to the factoring company's account.
    const receivables = await accountIdByNumber(req.sql, req.companyId, RECEIVABLES_ACCOUNT_NUMBER)
    const date = new Date().toISOString().slice(0, 10)
    const description = `Faktura ${String(invoice.InvoiceNumber)} overdratt til factoring`
    if (receivables && settings.FactoringAccountID) {
      await bookJournalEntries(
        req,
        [
          {
            Description: description,
            DraftLines: [
              {
                AccountID: Number(settings.FactoringAccountID),
                Amount: oreToDecimal(rest),
                FinancialDate: date,
                Description: description,
                PaymentID: (invoice.PaymentID as string | null) ?? null,
              },
              {
                AccountID: receivables,
                Amount: oreToDecimal(-rest),
                FinancialDate: date,
                Description: description,
                PaymentID: (invoice.PaymentID as string | null) ?? null,
              },
            ],
          },
        ],
        { sourceEntityType: 'CustomerInvoice', sourceEntityID: Number(invoice.ID) },
      )
    }
  }
  await asSystemWrite(req.sql, () =>
    req.api.setFields(def, Number(invoice.ID), {
      StatusCode: CustomerInvoiceStatus.Invoiced,
      CollectorStatusCode: CollectorStatus.SentToFactoring,
      ExternalStatusCode: externalStatus,
      ExternalDebtCollectionReference: text('externalDebtCollectionReference'),
      ExternalDebtCollectionNotes: text('externalDebtCollectionNotes'),
    }),
  )
  return readInvoice(req, Number(invoice.ID))
}

async function latestSettings(sql: Sql, companyId: number): Promise<Row | undefined> {
  const { rows } = await sql.query<Row>(
    'select * from "FactoringSettings" where "CompanyID" = $1 and "Deleted" = false order by "ID" desc limit 1',
    [companyId],
  )
  return rows[0]
}

async function declined(req: ActionRequest): Promise<unknown> {
  const body = isObject(req.body) ? req.body : {}
  const reason = prop(body, 'reason')
  const invoice = await heldInvoice(req)
  await asSystemWrite(req.sql, () =>
    req.api.setFields(req.registry.require('CustomerInvoice'), Number(invoice.ID), {
      StatusCode: CustomerInvoiceStatus.Invoiced,
      CollectorStatusCode: null,
      FactoringDeclinedReason: typeof reason === 'string' ? reason : null,
    }),
  )
  return readInvoice(req, Number(invoice.ID))
}

export function registerFactoring(hooks: HookSet): void {
  hooks.register('FactoringSettings', {
    actions: {
      'activate-factoring': { methods: ['PUT', 'POST'], target: 'collection', handler: activate },
      'deactivate-factoring': { methods: ['PUT', 'POST'], target: 'collection', handler: deactivate },
    },
  })
  hooks.register('CustomerInvoice', {
    actions: {
      'send-with-factoring': { methods: ['POST', 'PUT'], target: 'entity', handler: sendWithFactoring },
      'factoring-accepted': { methods: ['PUT', 'POST'], target: 'entity', handler: accepted },
      'factoring-declined': { methods: ['PUT', 'POST'], target: 'entity', handler: declined },
    },
  })
}
