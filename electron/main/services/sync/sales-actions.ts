// Sales' outbox actions on customer invoices and credit notes (common/bridge/sales.ts, spec 3.3, 4.3). A draft
// is written as a graph (field notes "Graph writes"). Each first reads what the platform has, so a retry after
// a lost answer finds the effect of the earlier attempt and does not do it twice: a create looks for the draft
// it made, an edit compares the draft with its base, a delete and an invoicing look at the row, a credit looks
// for the open credit draft of the invoice (and never makes a second one).
import type { OutboxCommandOf, OutboxOutcome } from '../../../../common/bridge/outbox.ts'
import type { SalesDraft, SalesLine } from '../../../../common/bridge/sales.ts'
import type { PlatformRow } from '../../../../common/bridge/sync.ts'
import { toOre } from '../../../../common/money.ts'
import { draftTotals } from '../../../../common/sales/totals.ts'
import { sameValue } from '../../../../common/same-value.ts'
import { CustomerInvoiceStatus, InvoiceType } from '../../../../common/status.ts'
import type { ApiClient } from '../api/client.ts'
import { quote } from './entities.ts'
import { done, type Executor } from './executor.ts'
import { createGraph } from './party-graph.ts'
import { readRow as readServerRow, readRows, rowPath } from './platform-rows.ts'

type Row = PlatformRow
type Command<A extends string> = OutboxCommandOf<'CustomerInvoice', A>

const failed = (code: string, message: string, row: Row | null = null, field?: string): OutboxOutcome => ({
  status: 'failed',
  error: { code, message, ...(field ? { field } : {}) },
  row,
})

const guid = () => crypto.randomUUID()

/**
 * The row an answer carries when it is the invoice with its lines (the local platform answers so; field
 * notes "Responses": an action may answer anything), else null and the row is read: one request less each.
 */
function answeredRow(answer: unknown, id?: number): Row | null {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return null
  const row = answer as Row
  const ok =
    Number.isInteger(Number(row.ID)) && Number(row.ID) > 0 && (id === undefined || Number(row.ID) === id)
  return ok && Array.isArray(row.Items) ? row : null
}
const isDraft = (row: Row | null) => Number(row?.StatusCode) === CustomerInvoiceStatus.Draft

/**
 * How much earlier than the entry was queued a draft found on retry may have been created: the platform's
 * clock and this computer's may differ a little.
 */
const clockSlackMs = 10 * 60_000

/**
 * The header of a draft as the platform takes it (spec 2.4). A new draft leaves empty values for the platform
 * to fill (from the customer, the company); an edit sends them too, so a cleared field is cleared.
 */
function header(draft: SalesDraft, keepEmpty = false): Row {
  // Custom values travel by key (customValueChanges below), never as one object that would clear the rest.
  const { Customer: _customer, Items: _items, CustomValues: _custom, ...fields } = draft
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, v]) => keepEmpty || (v !== null && v !== undefined))
      .map(([k, v]) => [k, v ?? null]),
  )
}

/** A line's own values (spec 2.5): the platform computes its sums. */
function lineValues(line: SalesLine): Row {
  return {
    ProductID: line.ProductID ?? null,
    ItemText: line.ItemText,
    Unit: line.Unit ?? null,
    NumberOfItems: line.NumberOfItems,
    PriceExVatCurrency: line.PriceExVatCurrency,
    // The net price is the one given: the platform derives the gross from it.
    CalculateGrossPriceBasedOnNetPrice: false,
    PriceSetByUser: true,
    DiscountPercent: line.DiscountPercent ?? 0,
    VatTypeID: line.VatTypeID,
    ...(line.AccountID ? { AccountID: line.AccountID } : {}),
    SortIndex: line.SortIndex,
  }
}

/**
 * The POST body of a new draft (spec 4.3): its lines created with `_createguid`; with `CustomerID` 0 the
 * customer created inline, as the contacts register creates one (Info with name, invoice address and
 * e-mail; organisation number and payment terms on the customer).
 */
export function createInvoiceGraph(draft: SalesDraft): Row {
  const custom = Object.entries(draft.CustomValues ?? {}).filter(([, v]) => v !== null && v !== '')
  return {
    ...header(draft),
    ...(custom.length ? { CustomValues: Object.fromEntries(custom) } : {}),
    CustomerID: draft.CustomerID,
    ...(draft.CustomerID === 0 && draft.Customer
      ? { Customer: { _createguid: guid(), ...createGraph('Customer', draft.Customer) } }
      : {}),
    Items: draft.Items.map((line) => ({ _createguid: guid(), ...lineValues(line) })),
  }
}

/**
 * The PUT body that makes the server's draft `draft` (field notes "Graph writes"): a line with an `ID` the
 * server has is updated, a new one is created with `_createguid`, a server line the draft no longer has goes
 * with `Deleted: true`.
 */
export function editInvoiceGraph(server: Row, draft: SalesDraft): Row {
  const serverLines = ((server.Items as Row[] | undefined) ?? []).filter((item) => item.Deleted !== true)
  const kept = new Set(draft.Items.map((line) => line.ID).filter((id): id is number => (id ?? 0) > 0))
  const known = new Set(serverLines.map((item) => Number(item.ID)))
  return {
    ID: server.ID,
    ...header(draft, true),
    Items: [
      ...draft.Items.map((line) =>
        line.ID && known.has(line.ID)
          ? { ID: line.ID, ...lineValues(line) }
          : { _createguid: guid(), ...lineValues(line) },
      ),
      ...serverLines
        .filter((item) => !kept.has(Number(item.ID)))
        .map((item) => ({ ID: item.ID, Deleted: true })),
    ],
  }
}

/** A date-time at midnight as its date, an empty value as null: one value in the cache's and the platform's shapes. */
const norm = (v: unknown) =>
  v === undefined || v === ''
    ? null
    : typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T00:00:00(\.0+)?Z?$/.test(v)
      ? v.slice(0, 10)
      : v

type LineLike = Partial<Record<keyof SalesLine, unknown>> & { Deleted?: unknown }

/** A line as the customer reads it (text, quantity, price, discount, VAT type, product), without its IDs. */
const lineKey = (line: LineLike) => [
  String(line.ItemText ?? ''),
  Number(line.NumberOfItems ?? 1),
  Number(line.PriceExVatCurrency ?? 0),
  Number(line.DiscountPercent ?? 0),
  line.VatTypeID === null || line.VatTypeID === undefined ? null : Number(line.VatTypeID),
  line.ProductID === null || line.ProductID === undefined ? null : Number(line.ProductID),
]

/** The lines of a draft, a cached row or a server row, in their order, as the customer reads them. */
function linesOf(items: unknown): unknown[] | null {
  if (!Array.isArray(items)) return null
  return (items as LineLike[])
    .filter((item) => item.Deleted !== true)
    .map((item, k) => ({ item, at: Number(item.SortIndex ?? k) }))
    .sort((a, b) => a.at - b.at)
    .map(({ item }) => lineKey(item))
}

/** The values a draft writes, by field (its lines as `Items`): what is compared with the server and the base. */
function draftValues(draft: SalesDraft, keepEmpty = false): Record<string, unknown> {
  return { ...header(draft, keepEmpty), Items: linesOf(draft.Items) }
}

/** Those fields of a row (the server's, or an edit's base), in the same shapes. */
function rowValues(row: Row, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f, f === 'Items' ? linesOf(row.Items) : norm(row[f])]))
}

/** The server's rate of each line (its VatPercent): the total the draft had when it was sent. */
function grossOf(draft: SalesDraft, percents: (k: number) => number): number {
  let k = 0
  const Items = [...draft.Items].sort((a, b) => a.SortIndex - b.SortIndex)
  return draftTotals({ ...draft, Items }, () => percents(k++)).gross
}

/**
 * The draft an earlier attempt of a create made. The platform is asked, with the spec's own fields only (the
 * real service ignores a filter on a field it does not know), for drafts of the same kind, customer, date and
 * our reference created since the entry was queued (less the clock slack); of those, the one whose lines,
 * references and free text are the draft's and whose total (each line at the rate the platform gave it,
 * common/sales/totals.ts) is the draft's, the oldest first.
 */
async function findCreatedDraft(
  api: ApiClient,
  companyKey: string,
  command: Command<'create'>,
): Promise<Row | null> {
  const draft = command.body
  const queuedAt = typeof command.base.CreatedAt === 'string' ? Date.parse(command.base.CreatedAt) : NaN
  if (Number.isNaN(queuedAt)) return null
  const conditions = [
    `StatusCode eq ${CustomerInvoiceStatus.Draft}`,
    `InvoiceType eq ${draft.InvoiceType ?? InvoiceType.Invoice}`,
    draft.CustomerID > 0
      ? `CustomerID eq ${draft.CustomerID}`
      : `CustomerName eq ${quote(draft.CustomerName)}`,
    `CreatedAt ge ${quote(new Date(queuedAt - clockSlackMs).toISOString())}`,
  ]
  if (draft.InvoiceDate) conditions.push(`InvoiceDate eq ${quote(draft.InvoiceDate)}`)
  if (draft.OurReference) conditions.push(`OurReference eq ${quote(draft.OurReference)}`)
  const candidates = await api.get<Row[]>(rowPath('CustomerInvoice'), {
    companyKey,
    query: { filter: conditions.join(' and '), select: 'ID', orderby: 'ID', top: 50 },
  })
  if (candidates.length === 0) return null
  const rows = await readRows(
    api,
    companyKey,
    'CustomerInvoice',
    candidates.map((c) => Number(c.ID)),
  )
  const wanted = draftValues(draft)
  const fields = Object.keys(wanted).filter((f) => f !== 'CustomerID' || draft.CustomerID > 0)
  for (const { ID } of candidates) {
    const row = rows.get(Number(ID))
    if (!row || fields.some((f) => !sameValue(rowValues(row, [f])[f], wanted[f]))) continue
    const items = ((row.Items as Row[] | undefined) ?? []).filter((i) => i.Deleted !== true)
    const sorted = [...items].sort((a, b) => Number(a.SortIndex ?? 0) - Number(b.SortIndex ?? 0))
    const expected = grossOf(draft, (k) => Number(sorted[k]?.VatPercent ?? 0))
    if (toOre(row.TaxInclusiveAmountCurrency ?? row.TaxInclusiveAmount) === expected) return row
  }
  return null
}

export const createInvoice: Executor<Command<'create'>> = async (command, { api, companyKey }) => {
  let row = command.attempts > 0 ? await findCreatedDraft(api, companyKey, command) : null
  if (!row) {
    const created = await api.post<Row>(rowPath('CustomerInvoice'), createInvoiceGraph(command.body), {
      companyKey,
    })
    row =
      answeredRow(created) ??
      (await readServerRow(api, companyKey, 'CustomerInvoice', Number(created.ID))) ??
      created
  }
  return done(row)
}

/**
 * spec 4.3: a draft written whole, merged with the server's as every update is (./row-actions.ts): a field
 * (or the lines, as one) the user changed from the base is sent; one a colleague changed since the base to
 * another value than the user's is a conflict; one the user left is not sent, so a colleague's change of it
 * stays. A retry whose earlier attempt took effect finds the server at the user's values and is done.
 */
export const editDraft: Executor<Command<'edit-draft'>> = async (command, { api, companyKey, readRow }) => {
  if (command.entityId < 0)
    return failed('NOT_SENT_YET', 'This draft is not on the platform yet; its change goes once it is')
  const server = await readRow()
  if (!server)
    return failed('DELETED_ON_SERVER', `Invoice ${command.entityId} no longer exists on the platform`)
  if (!isDraft(server))
    return failed(
      'NOT_A_DRAFT',
      `Invoice ${command.entityId} was invoiced on the platform meanwhile; its draft can no longer be changed`,
      server,
      'StatusCode',
    )
  const mine = draftValues(command.body, true)
  const fields = Object.keys(mine)
  const theirs = rowValues(server, fields)
  const hasBase = (f: string) => Object.hasOwn(command.base, f)
  const base = rowValues(command.base, fields)
  // Sent: what differs on the server and the user changed (or has no base for); a field only the server
  // changed keeps the server's value.
  const send = fields.filter(
    (f) => !sameValue(theirs[f], mine[f]) && (!hasBase(f) || !sameValue(base[f], mine[f])),
  )
  const custom = customValueChanges(command.body.CustomValues, server.CustomValues, command.base.CustomValues)
  const conflicts = [
    ...send.filter((f) => hasBase(f) && !sameValue(theirs[f], base[f])),
    ...custom.conflicts.map((key) => `CustomValues.${key}`),
  ]
  if (conflicts.length > 0)
    return {
      status: 'conflict',
      fields: conflicts,
      theirs: Object.fromEntries(
        conflicts.map((f) => [
          f,
          f.startsWith('CustomValues.')
            ? (objectOf(server.CustomValues)[f.slice(13)] ?? null)
            : (server[f] ?? null),
        ]),
      ),
      row: server,
    }
  const customSend = Object.keys(custom.send)
  if (send.length === 0 && customSend.length === 0) return done(server)
  const graph = editInvoiceGraph(server, command.body)
  const body: Row = { ID: server.ID }
  for (const f of send) body[f] = graph[f]
  if (customSend.length) body.CustomValues = custom.send
  send.push(...customSend.map((key) => `CustomValues.${key}`))
  await api.put(rowPath('CustomerInvoice', command.entityId), body, { companyKey })
  const moved = !sameValue(server.UpdatedAt, command.baseUpdatedAt)
  return { status: 'done', row: await readRow(), merged: moved ? send : [] }
}

const objectOf = (v: unknown): Row =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Row) : {}

/**
 * The custom values an edit sends (spec 2.16), key by key as every other field: a value the user changed from
 * the base and the server does not hold already; one a colleague changed since the base to another value is
 * a conflict. A key the user left keeps the server's value.
 */
export function customValueChanges(mine: unknown, server: unknown, base: unknown) {
  const own = objectOf(mine)
  const theirs = objectOf(server)
  const before = objectOf(base)
  const hasBase = base !== undefined && base !== null
  const send: Row = {}
  const conflicts: string[] = []
  for (const [key, value] of Object.entries(own)) {
    if (sameValue(theirs[key], value)) continue
    if (hasBase && sameValue(before[key], value)) continue
    if (hasBase && !sameValue(theirs[key], before[key])) conflicts.push(key)
    else send[key] = value
  }
  return { send, conflicts }
}

export const deleteDraft: Executor<Command<'delete'>> = async (command, { api, companyKey, readRow }) => {
  const server = await readRow()
  if (!server)
    return command.attempts > 0
      ? done(null)
      : failed('DELETED_ON_SERVER', `Invoice ${command.entityId} is already gone`)
  if (!isDraft(server))
    return failed(
      'NOT_A_DRAFT',
      `Invoice ${command.entityId} is no longer a draft and cannot be deleted`,
      server,
      'StatusCode',
    )
  await api.delete(rowPath('CustomerInvoice', command.entityId), { companyKey })
  return done(null)
}

/** spec 3.3: invoicing. A retry that finds the row past draft is done; the answer is the row read back. */
export const invoiceDraft: Executor<Command<'invoice'>> = async (command, { api, companyKey, readRow }) => {
  if (command.attempts > 0) {
    const server = await readRow()
    if (server && !isDraft(server)) return done(server)
  }
  const answer = await api.post<unknown>(rowPath('CustomerInvoice', command.entityId), null, {
    companyKey,
    query: { action: 'invoice' },
  })
  const row = answeredRow(answer, command.entityId)
  return done(row && !isDraft(row) ? row : await readRow())
}

/** The open credit draft of an invoice (spec 2.4 `InvoiceReferenceID`, `InvoiceType` 1, draft), the oldest. */
async function openCreditDraft(api: ApiClient, companyKey: string, invoiceId: number): Promise<Row | null> {
  const [found] = await api.get<Row[]>(rowPath('CustomerInvoice'), {
    companyKey,
    query: {
      filter: [
        `InvoiceReferenceID eq ${invoiceId}`,
        `InvoiceType eq ${InvoiceType.CreditNote}`,
        `StatusCode eq ${CustomerInvoiceStatus.Draft}`,
      ].join(' and '),
      select: 'ID',
      orderby: 'ID',
      top: 1,
    },
  })
  return found ? readServerRow(api, companyKey, 'CustomerInvoice', Number(found.ID)) : null
}

/**
 * spec 3.3 `create-credit-draft-invoice`: answers the credit draft. An invoice that has an open credit draft
 * (made by an earlier attempt, or by a colleague) answers that one: a second would credit it twice.
 */
export const creditInvoice: Executor<Command<'credit'>> = async (command, { api, companyKey }) => {
  const open = await openCreditDraft(api, companyKey, command.entityId)
  if (open) return done(open)
  const answer = await api.put<Row | undefined>(rowPath('CustomerInvoice', command.entityId), null, {
    companyKey,
    query: { action: 'create-credit-draft-invoice' },
  })
  const id = answer && typeof answer === 'object' ? Number(answer.ID) : NaN
  const credit =
    answeredRow(answer) ??
    (Number.isInteger(id) ? await readServerRow(api, companyKey, 'CustomerInvoice', id) : null)
  return done(credit ?? (await openCreditDraft(api, companyKey, command.entityId)))
}
