// Booking journal entries (spec 2.14, 4.6; field notes "Journal entries"): draft lines become booked
// JournalEntryLines in one transaction. A line with a VAT type carries the gross amount; the VAT part
// is booked on the VAT type's account as its own line. Every entry balances to the øre, gets its number
// `<n>-<year>` from a per-company, per-year counter, respects the accounting lock date, and links its
// files. All arithmetic is in integer øre (common/money.ts).
import { formatOre, oreToDecimal, toOre, type Ore } from '../../../common/money.ts'
import { splitVat, vatPercentOn, type VatRate } from '../../../common/vat.ts'
import type { Sql } from '../../db/store.ts'
import { PlatformError, type RuleMessage } from '../../errors.ts'
import type { WriteScope } from '../../model/hooks.ts'
import { createEntity, setFields, type WriteContext } from '../../model/write.ts'
import { coerceField } from '../../model/validate.ts'

type Row = Record<string, unknown>

/** A draft line as clients send it (spec 2.14); debit positive, credit negative. */
export interface DraftLine {
  AccountID: number
  Amount: number | string
  Description?: string
  FinancialDate?: string
  VatDate?: string
  VatTypeID?: number | null
  VatPercent?: number | null
  CurrencyCodeID?: number | null
  AmountCurrency?: number | string | null
  CurrencyExchangeRate?: number | string | null
  DimensionsID?: number | null
  SupplierInvoiceID?: number | null
  CustomerInvoiceID?: number | null
  PaymentID?: string | null
  [field: string]: unknown
}

export interface JournalEntryInput {
  DraftLines: DraftLine[]
  FileIDs?: number[]
  Description?: string
}

export interface BookOptions {
  /** Books lines dated on or before CompanySettings.AccountingLockedDate (spec 4.6 query flag). */
  allowJournalingRegardlessOfLockedDates?: boolean
  /** The document the booking comes from (`SupplierInvoice`, `CustomerInvoice`): its id goes on every line. */
  sourceEntityType?: string
  sourceEntityID?: number
}

/** Marks the write context of a booking: only booking writes journal entry lines and booked entries. */
const BOOKING = Symbol('journal booking')

export function isBookingWrite(scope: WriteScope): boolean {
  return (scope as unknown as Record<symbol, unknown>)[BOOKING] === true
}

/**
 * The write path hands actions and hooks its whole write context (they are spread into the request and
 * events); booking writes through the same path, so it takes exactly that context back out.
 */
export function writeContextOf(scope: WriteScope): WriteContext {
  const c = scope as Partial<WriteContext> & WriteScope
  if (!c.hooks || !c.readEntity || !c.customFields || !c.registry) {
    throw new Error('journal booking needs the write context of an action request or a write-path hook')
  }
  return {
    sql: c.sql,
    registry: c.registry,
    companyId: c.companyId,
    companyKey: c.companyKey,
    userId: c.userId,
    globalIdentity: c.globalIdentity,
    reason: c.reason,
    hooks: c.hooks,
    customFields: c.customFields,
    readEntity: c.readEntity,
    transitionEntities: c.transitionEntities,
  }
}

function bookingContext(scope: WriteScope): WriteContext {
  return Object.assign(writeContextOf(scope), { [BOOKING]: true })
}

const isObject = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A property by name, any casing (clients send `accountID`, `AccountId`, ...). */
function prop(row: Row, name: string): unknown {
  if (name in row) return row[name]
  const key = Object.keys(row).find((k) => k.toLowerCase() === name.toLowerCase())
  return key === undefined ? undefined : row[key]
}

function optionalId(v: unknown): number | null | undefined {
  if (v === undefined || v === null || v === '' || v === 0) return v === undefined ? undefined : null
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : NaN
}

function dateOf(v: unknown): string | undefined {
  if (v === undefined || v === null || v === '') return undefined
  const r = coerceField({ name: 'date', type: 'date' }, v)
  return r.ok && typeof r.value === 'string' ? r.value : 'invalid'
}

interface AccountRow {
  ID: number
  AccountNumber: number
  AccountName: string
  Locked: boolean
  Active: boolean
  LockManualPosts: boolean
}

interface VatTypeRow {
  ID: number
  Name: string
  VatCode: string | null
  VatPercent: string | null
  OutputVat: boolean
  ReversedTaxDutyVat: boolean
  IncomingAccountID: number | null
  OutgoingAccountID: number | null
}

interface CompanyFacts {
  lockedDate: string | null
  baseCurrencyId: number | null
}

/** Reference data one booking request reads once. */
class Lookups {
  private accounts = new Map<number, AccountRow | null>()
  private vatTypes = new Map<number, VatTypeRow | null>()
  private percentages = new Map<number, VatRate[]>()
  private files = new Map<number, boolean>()
  company?: CompanyFacts

  constructor(
    private sql: Sql,
    private companyId: number,
  ) {}

  async companyFacts(): Promise<CompanyFacts> {
    if (this.company) return this.company
    const { rows } = await this.sql.query<{
      AccountingLockedDate: string | null
      BaseCurrencyCodeID: number | null
    }>(
      `select "AccountingLockedDate", "BaseCurrencyCodeID" from "CompanySettings"
        where "CompanyID" = $1 and "Deleted" = false order by "ID" limit 1`,
      [this.companyId],
    )
    this.company = {
      lockedDate: rows[0]?.AccountingLockedDate ?? null,
      baseCurrencyId: rows[0]?.BaseCurrencyCodeID ?? null,
    }
    return this.company
  }

  async account(id: number): Promise<AccountRow | null> {
    if (!this.accounts.has(id)) {
      const { rows } = await this.sql.query<AccountRow>(
        `select "ID", "AccountNumber", "AccountName", "Locked", "Active", "LockManualPosts" from "Account"
          where "CompanyID" = $1 and "ID" = $2 and "Deleted" = false`,
        [this.companyId, id],
      )
      this.accounts.set(id, rows[0] ?? null)
    }
    return this.accounts.get(id)!
  }

  async vatType(id: number): Promise<VatTypeRow | null> {
    if (!this.vatTypes.has(id)) {
      const { rows } = await this.sql.query<VatTypeRow>(
        `select "ID", "Name", "VatCode", "VatPercent", "OutputVat", "ReversedTaxDutyVat", "IncomingAccountID",
                "OutgoingAccountID"
           from "VatType" where "CompanyID" = $1 and "ID" = $2 and "Deleted" = false`,
        [this.companyId, id],
      )
      this.vatTypes.set(id, rows[0] ?? null)
    }
    return this.vatTypes.get(id)!
  }

  /** The VAT type's rate on a date: its VatTypePercentage valid then, else VatType.VatPercent. */
  async vatPercent(vat: VatTypeRow, date: string): Promise<string> {
    if (!this.percentages.has(vat.ID)) {
      const { rows } = await this.sql.query<VatRate>(
        `select "VatPercent", "ValidFrom", "ValidTo" from "VatTypePercentage"
          where "CompanyID" = $1 and "VatTypeID" = $2 and "Deleted" = false and "VatPercent" is not null`,
        [this.companyId, vat.ID],
      )
      this.percentages.set(vat.ID, rows)
    }
    return vatPercentOn({ ...vat, VatPercentages: this.percentages.get(vat.ID)! }, date)
  }

  async fileExists(id: number): Promise<boolean> {
    if (!this.files.has(id)) {
      const { rows } = await this.sql.query(
        'select 1 from "File" where "CompanyID" = $1 and "ID" = $2 and "Deleted" = false',
        [this.companyId, id],
      )
      this.files.set(id, rows.length > 0)
    }
    return this.files.get(id)!
  }
}

/** One line to book, in øre, with the draft line it comes from (index in the entry's DraftLines). */
interface PlannedLine {
  draftIndex: number
  accountId: number
  amount: Ore
  amountCurrency: Ore
  values: Row
}

interface PlannedEntry {
  index: number
  draft: Row[]
  lines: PlannedLine[]
  fileIds: number[]
  description?: string
  year: number
}

class Refusal {
  readonly messages: RuleMessage[] = []
  add(property: string, message: string): void {
    this.messages.push({ PropertyName: property, EntityType: 'JournalEntry', Message: message, Level: 30 })
  }
  get failed(): boolean {
    return this.messages.length > 0
  }
  error(): PlatformError {
    const head = this.messages.slice(0, 3).map((m) => m.Message)
    const more = this.messages.length > 3 ? ` (and ${this.messages.length - 3} more)` : ''
    return new PlatformError('RULE_VIOLATION', `${head.join('; ')}${more}`, { messages: this.messages })
  }
}

/** Human numbering in messages (`Entry 2, line 1`); property paths stay zero-based as in the request. */
const entryName = (e: number) => `Entry ${e + 1}`
const lineName = (e: number, l: number) => `Entry ${e + 1}, line ${l + 1}`

async function planEntry(
  input: unknown,
  e: number,
  look: Lookups,
  options: BookOptions,
  refusal: Refusal,
): Promise<PlannedEntry | undefined> {
  const path = `[${e}]`
  if (!isObject(input)) {
    refusal.add(path, `${entryName(e)} must be an object with DraftLines`)
    return undefined
  }
  const rawLines = prop(input, 'DraftLines')
  if (!Array.isArray(rawLines) || rawLines.length === 0) {
    refusal.add(`${path}.DraftLines`, `${entryName(e)} has no DraftLines`)
    return undefined
  }
  const company = await look.companyFacts()
  const failedBefore = refusal.messages.length
  const lines: PlannedLine[] = []
  const draft: Row[] = []
  let year = 0
  for (const [l, raw] of rawLines.entries()) {
    const lp = `${path}.DraftLines[${l}]`
    const name = lineName(e, l)
    if (!isObject(raw)) {
      refusal.add(lp, `${name} must be an object`)
      continue
    }
    const accountId = optionalId(prop(raw, 'AccountID'))
    const account =
      typeof accountId === 'number' && !Number.isNaN(accountId) ? await look.account(accountId) : null
    if (accountId === undefined || accountId === null) {
      refusal.add(`${lp}.AccountID`, `${name}: AccountID is required`)
    } else if (!account) {
      refusal.add(`${lp}.AccountID`, `${name}: account ${String(prop(raw, 'AccountID'))} does not exist`)
    } else if (account.Locked || !account.Active) {
      refusal.add(
        `${lp}.AccountID`,
        `${name}: account ${account.ID} (${account.AccountNumber} ${account.AccountName}) is ${account.Locked ? 'locked' : 'inactive'}`,
      )
    } else if (account.LockManualPosts && !options.sourceEntityType) {
      refusal.add(
        `${lp}.AccountID`,
        `${name}: account ${account.ID} (${account.AccountNumber} ${account.AccountName}) takes no manual postings`,
      )
    }
    const rawAmount = prop(raw, 'Amount')
    const amount = toOre(rawAmount)
    if (rawAmount === undefined || rawAmount === null || rawAmount === '') {
      refusal.add(`${lp}.Amount`, `${name}: Amount is required`)
    } else if (amount === undefined) {
      refusal.add(`${lp}.Amount`, `${name}: Amount ${JSON.stringify(rawAmount)} is not an amount`)
    }
    const financialDate = dateOf(prop(raw, 'FinancialDate'))
    if (financialDate === undefined) {
      refusal.add(`${lp}.FinancialDate`, `${name}: FinancialDate is required`)
    } else if (financialDate === 'invalid') {
      refusal.add(
        `${lp}.FinancialDate`,
        `${name}: FinancialDate ${JSON.stringify(prop(raw, 'FinancialDate'))} is not a date`,
      )
    } else {
      if (l === 0) year = Number(financialDate.slice(0, 4))
      if (
        company.lockedDate &&
        financialDate <= company.lockedDate &&
        !options.allowJournalingRegardlessOfLockedDates
      ) {
        refusal.add(
          `${lp}.FinancialDate`,
          `${name}: FinancialDate ${financialDate} is on or before the accounting lock date ${company.lockedDate}`,
        )
      }
    }
    const vatDateRaw = dateOf(prop(raw, 'VatDate'))
    if (vatDateRaw === 'invalid') refusal.add(`${lp}.VatDate`, `${name}: VatDate is not a date`)
    const vatTypeId = optionalId(prop(raw, 'VatTypeID'))
    let vat: VatTypeRow | null = null
    if (Number.isNaN(vatTypeId)) {
      refusal.add(
        `${lp}.VatTypeID`,
        `${name}: VatTypeID ${JSON.stringify(prop(raw, 'VatTypeID'))} is not an id`,
      )
    } else if (typeof vatTypeId === 'number') {
      vat = await look.vatType(vatTypeId)
      if (!vat) refusal.add(`${lp}.VatTypeID`, `${name}: VAT type ${vatTypeId} does not exist`)
    }
    const currencyId = optionalId(prop(raw, 'CurrencyCodeID'))
    if (Number.isNaN(currencyId)) refusal.add(`${lp}.CurrencyCodeID`, `${name}: CurrencyCodeID is not an id`)
    const rawAmountCurrency = prop(raw, 'AmountCurrency')
    const givenAmountCurrency =
      rawAmountCurrency === undefined || rawAmountCurrency === null ? undefined : toOre(rawAmountCurrency)
    if (rawAmountCurrency !== undefined && rawAmountCurrency !== null && givenAmountCurrency === undefined) {
      refusal.add(`${lp}.AmountCurrency`, `${name}: AmountCurrency is not an amount`)
    }
    const givenPercent = prop(raw, 'VatPercent')
    if (givenPercent !== undefined && givenPercent !== null && toOre(givenPercent) === undefined) {
      refusal.add(`${lp}.VatPercent`, `${name}: VatPercent is not a number`)
    }
    if (refusal.messages.length > failedBefore || !account || amount === undefined || !financialDate) continue

    const vatDate = vatDateRaw ?? financialDate
    const currency = (currencyId as number | null | undefined) ?? company.baseCurrencyId
    const foreign =
      currency !== null && company.baseCurrencyId !== null && currency !== company.baseCurrencyId
    const amountCurrency = foreign ? (givenAmountCurrency ?? amount) : amount
    const rate = foreign ? (prop(raw, 'CurrencyExchangeRate') ?? null) : 1
    const percent = vat
      ? givenPercent !== undefined && givenPercent !== null
        ? String(givenPercent)
        : await look.vatPercent(vat, vatDate)
      : null
    const common: Row = {
      Description: typeof prop(raw, 'Description') === 'string' ? prop(raw, 'Description') : null,
      FinancialDate: financialDate,
      VatDate: vatDate,
      CurrencyCodeID: currency,
      CurrencyExchangeRate: rate,
      DimensionsID: optionalId(prop(raw, 'DimensionsID')) || null,
      SupplierInvoiceID: optionalId(prop(raw, 'SupplierInvoiceID')) || null,
      CustomerInvoiceID: optionalId(prop(raw, 'CustomerInvoiceID')) || null,
      PaymentID: typeof prop(raw, 'PaymentID') === 'string' ? prop(raw, 'PaymentID') : null,
    }
    if (options.sourceEntityType?.toLowerCase() === 'supplierinvoice' && options.sourceEntityID)
      common.SupplierInvoiceID ??= options.sourceEntityID
    if (options.sourceEntityType?.toLowerCase() === 'customerinvoice' && options.sourceEntityID)
      common.CustomerInvoiceID ??= options.sourceEntityID
    const vatFields: Row = vat
      ? { VatTypeID: vat.ID, VatPercent: percent }
      : { VatTypeID: null, VatPercent: null }
    draft.push({
      ...common,
      ...vatFields,
      AccountID: account.ID,
      Amount: oreToDecimal(amount),
      AmountCurrency: oreToDecimal(amountCurrency),
    })

    // The VAT rule the app's journal preview uses too (common/vat.ts).
    const split = splitVat({ accountId: account.ID, amount, amountCurrency, foreign, vatType: vat, percent })
    if (!split.ok) {
      const kind = split.problem === 'noOutputVatAccount' ? 'output' : 'input'
      refusal.add(`${lp}.VatTypeID`, `${name}: VAT type ${vat!.ID} (${vat!.Name}) has no ${kind} VAT account`)
      continue
    }
    for (const booked of split.lines) {
      lines.push({
        draftIndex: l,
        accountId: booked.accountId,
        amount: booked.amount,
        amountCurrency: booked.amountCurrency,
        values: {
          ...common,
          ...vatFields,
          ...(booked.description ? { Description: booked.description } : {}),
        },
      })
    }
  }

  const fileIds: number[] = []
  const rawFiles = prop(input, 'FileIDs')
  if (rawFiles !== undefined && rawFiles !== null) {
    if (!Array.isArray(rawFiles))
      refusal.add(`${path}.FileIDs`, `${entryName(e)}: FileIDs must be an array of file ids`)
    else {
      for (const [i, f] of rawFiles.entries()) {
        const id = optionalId(f)
        if (typeof id !== 'number' || Number.isNaN(id) || !(await look.fileExists(id))) {
          refusal.add(`${path}.FileIDs[${i}]`, `${entryName(e)}: file ${JSON.stringify(f)} does not exist`)
        } else if (!fileIds.includes(id)) fileIds.push(id)
      }
    }
  }
  if (refusal.messages.length > failedBefore) return undefined

  // spec 2.14 / field notes: each entry must sum to zero, to the øre, after its VAT lines.
  let debit = 0
  let credit = 0
  for (const line of lines) {
    if (line.amount > 0) debit += line.amount
    else credit -= line.amount
  }
  if (debit !== credit) {
    refusal.add(
      `${path}.DraftLines`,
      `${entryName(e)} does not balance: debit ${formatOre(debit)} – credit ${formatOre(credit)} = ${formatOre(debit - credit)}`,
    )
    return undefined
  }
  const description = prop(input, 'Description')
  return {
    index: e,
    draft,
    lines,
    fileIds,
    description: typeof description === 'string' ? description : undefined,
    year,
  }
}

/** Next journal entry number of a company and year, in the caller's transaction (no gaps, no duplicates). */
export async function nextJournalEntryNumber(sql: Sql, companyId: number, year: number): Promise<number> {
  const updated = await sql.query<{ last_number: number }>(
    'update journal_entry_number set last_number = last_number + 1 where company_id = $1 and year = $2 returning last_number',
    [companyId, year],
  )
  if (updated.rows[0]) return updated.rows[0].last_number
  // First entry of the year: a concurrent first booking may insert the row at the same time; the
  // conflict clause then advances that row instead.
  const inserted = await sql.query<{ last_number: number }>(
    `insert into journal_entry_number (company_id, year, last_number) values ($1, $2, 1)
     on conflict (company_id, year) do update set last_number = journal_entry_number.last_number + 1
     returning last_number`,
    [companyId, year],
  )
  return inserted.rows[0]!.last_number
}

/** Books a planned entry: into an existing, unbooked JournalEntry (its draft lines first), or a new one. */
async function writeEntry(ctx: WriteContext, plan: PlannedEntry, existingId?: number): Promise<number> {
  const { registry, sql, companyId } = ctx
  const entryDef = registry.require('JournalEntry')
  const draftDef = registry.require('JournalEntryDraftLine')
  const lineDef = registry.require('JournalEntryLine')
  const number = await nextJournalEntryNumber(sql, companyId, plan.year)
  const numberText = `${number}-${plan.year}`
  let entryId: number
  let draftIds: number[]
  if (existingId === undefined) {
    entryId = await createEntity(ctx, entryDef, {
      Description: plan.description ?? null,
      FinancialYear: plan.year,
      DraftLines: plan.draft.map((d, i) => ({ ...d, SortIndex: i + 1 })),
    })
    const { rows } = await sql.query<{ ID: number }>(
      `select "ID" from "JournalEntryDraftLine" where "CompanyID" = $1 and "JournalEntryID" = $2 and "Deleted" = false
        order by "SortIndex", "ID"`,
      [companyId, entryId],
    )
    draftIds = rows.map((r) => r.ID)
  } else {
    entryId = existingId
    draftIds = []
    for (const [i, d] of plan.draft.entries()) {
      const existing = typeof d.ID === 'number' ? d.ID : undefined
      const { ID: _id, ...values } = d
      if (existing) {
        await setFields(ctx, draftDef, existing, { ...values, SortIndex: i + 1 })
        draftIds.push(existing)
      } else {
        draftIds.push(
          await createEntity(ctx, draftDef, { ...values, JournalEntryID: entryId, SortIndex: i + 1 }),
        )
      }
    }
    if (plan.description !== undefined)
      await setFields(ctx, entryDef, entryId, { Description: plan.description })
    await setFields(ctx, entryDef, entryId, { FinancialYear: plan.year })
  }
  await setFields(ctx, entryDef, entryId, {
    JournalEntryNumber: numberText,
    JournalEntryNumberNumeric: number,
  })
  const today = new Date().toISOString().slice(0, 10)
  for (const [i, line] of plan.lines.entries()) {
    const id = await createEntity(ctx, lineDef, {
      ...line.values,
      JournalEntryID: entryId,
      JournalEntryNumber: numberText,
      JournalEntryNumberNumeric: number,
      JournalEntryDraftLineID: draftIds[line.draftIndex] ?? null,
      AccountID: line.accountId,
      Amount: oreToDecimal(line.amount),
      AmountCurrency: oreToDecimal(line.amountCurrency),
      RestAmount: oreToDecimal(line.amount),
      RestAmountCurrency: oreToDecimal(line.amountCurrency),
      RegisteredDate: today,
      SortIndex: i + 1,
    })
    void id
  }
  for (const fileId of plan.fileIds) {
    await createEntity(ctx, registry.require('FileEntityLink'), {
      FileID: fileId,
      EntityType: 'JournalEntry',
      EntityID: entryId,
      IsAttachment: true,
    })
  }
  return entryId
}

async function planAll(
  ctx: WriteContext,
  entries: readonly unknown[],
  options: BookOptions,
): Promise<PlannedEntry[]> {
  const look = new Lookups(ctx.sql, ctx.companyId)
  const refusal = new Refusal()
  const plans: PlannedEntry[] = []
  for (const [e, entry] of entries.entries()) {
    const plan = await planEntry(entry, e, look, options, refusal)
    if (plan) plans.push(plan)
  }
  if (refusal.failed) throw refusal.error()
  return plans
}

/**
 * Books journal entries in the caller's transaction and answers the new JournalEntry ids in request
 * order. Refuses the whole request (400, every problem named by entry and line) when any entry is
 * invalid: nothing is booked then.
 */
export async function bookJournalEntries(
  scope: WriteScope,
  entries: readonly JournalEntryInput[] | readonly unknown[],
  options: BookOptions = {},
): Promise<number[]> {
  if (!Array.isArray(entries))
    throw new PlatformError('BAD_REQUEST', 'Journal entries must be sent as an array')
  if (entries.length === 0)
    throw new PlatformError('BAD_REQUEST', 'No journal entries to book: send an array of entries')
  const ctx = bookingContext(scope)
  const plans = await planAll(ctx, entries, options)
  const ids: number[] = []
  for (const plan of plans) ids.push(await writeEntry(ctx, plan))
  return ids
}

/**
 * Books an existing, not yet booked JournalEntry (a document's saved draft lines, such as a supplier
 * invoice's cost lines) with the given lines: draft lines with `ID` are its own, lines without are added.
 */
export async function bookExistingJournalEntry(
  scope: WriteScope,
  journalEntryId: number,
  entry: JournalEntryInput,
  options: BookOptions = {},
): Promise<void> {
  const ctx = bookingContext(scope)
  const [plan] = await planAll(ctx, [entry], options)
  // planEntry copies the fields it books; the draft line ids travel alongside by position.
  plan!.draft.forEach((d, i) => {
    const id = optionalId(prop(entry.DraftLines[i] as Row, 'ID'))
    if (typeof id === 'number' && !Number.isNaN(id)) d.ID = id
  })
  await writeEntry(ctx, plan!, journalEntryId)
}
