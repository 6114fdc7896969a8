// Sales' changes to customer invoices and credit notes (common/bridge/sales.ts). Each is one Dexie
// transaction: the cached row in the shape the pull gives it (lines and sums previewed with the platform's
// own sums, ./sales-rows.ts) and its outbox entry. A draft created offline has a negative local ID until
// `create` is answered; a credit note made offline is a local credit draft until `credit` is answered (main
// then answers the platform's credit draft, ./sales-outcomes.ts moves the row and later entries onto it).
// Bad input is refused here with the field named, before anything is written.
import { outboxAction } from '@common/bridge/outbox'
import { SalesDraft } from '@common/bridge/sales'
import type { CustomerInvoice, VatType } from '@common/entities/rows'
import { isValidOrgNumber } from '@common/norwegian'
import { CustomerInvoiceStatus, InvoiceType } from '@common/status'
import { outboxEntry } from './outbox.ts'
import { isAction, queued } from './outbox-queries.ts'
import { vatPercentsOf } from '@common/sales/totals'
import { creditDraftOf, draftOf, previewFields, previewOf, valuesOf } from './sales-rows.ts'
import type { CachedRow, OutboxEntry, WorkspaceDb } from './schema.ts'

export { draftOf }

export class SalesChangeError extends Error {
  constructor(
    readonly code: 'INVALID' | 'ROW_NOT_CACHED' | 'NOT_A_DRAFT' | 'NOT_CREDITABLE' | 'BEING_SENT',
    message: string,
    readonly field?: string,
  ) {
    super(message)
  }
}

/** The draft checked against its schema and the rules the platform would refuse it by; the field named. */
function checkedDraft(input: SalesDraft): SalesDraft {
  const result = SalesDraft.safeParse(input)
  if (!result.success) {
    const issue = result.error.issues[0]
    const field = issue?.path.join('.') || undefined
    throw new SalesChangeError('INVALID', `${field ? `${field}: ` : ''}${issue?.message ?? 'invalid'}`, field)
  }
  const draft = result.data
  if (draft.CustomerID === 0 && !draft.Customer)
    throw new SalesChangeError('INVALID', 'Choose a customer or enter a new one', 'CustomerID')
  const orgNumber = draft.Customer?.OrgNumber
  // spec 4.3 / Brønnøysund: a Norwegian organisation number carries a MOD11 check digit.
  if (orgNumber && !isValidOrgNumber(orgNumber))
    throw new SalesChangeError(
      'INVALID',
      `${orgNumber} is not a valid organisation number`,
      'Customer.OrgNumber',
    )
  return draft
}

const today = () => new Date().toISOString().slice(0, 10)

async function vatPercents(db: WorkspaceDb, companyKey: string) {
  const vatTypes = (await db.VatType.where('companyKey').equals(companyKey).toArray()) as unknown as VatType[]
  return vatPercentsOf(vatTypes, today)
}

async function cachedInvoice(db: WorkspaceDb, companyKey: string, id: number): Promise<CachedRow> {
  const row = await db.CustomerInvoice.get([companyKey, id])
  if (!row)
    throw new SalesChangeError('ROW_NOT_CACHED', `Invoice ${id} is not in the offline cache of ${companyKey}`)
  return row
}

function draftRow(row: CachedRow): CachedRow {
  if (row.StatusCode !== CustomerInvoiceStatus.Draft)
    throw new SalesChangeError('NOT_A_DRAFT', `Invoice ${row.ID} is no longer a draft`, 'StatusCode')
  return row
}

/** The queued `credit` whose local credit draft is `localId`. */
async function creditOf(
  db: WorkspaceDb,
  companyKey: string,
  localId: number,
): Promise<OutboxEntry | undefined> {
  return db.outbox
    .where('[companyKey+entity]')
    .equals([companyKey, 'CustomerInvoice'])
    .filter((e) => isAction(e, 'CustomerInvoice', 'credit') && e.body.LocalID === localId)
    .first()
}

async function lowestLocalId(db: WorkspaceDb, companyKey: string): Promise<number> {
  const lowest = await db.CustomerInvoice.where('[companyKey+ID]')
    .between([companyKey, -Infinity], [companyKey, 0])
    .first()
  return Math.min(0, lowest?.ID ?? 0) - 1
}

/**
 * Creates a draft offline: its row (StatusCode 42001, lines and sums as the platform will compute them) and
 * its `create`. Returns the local (negative) ID.
 */
export async function createSalesDraft(
  db: WorkspaceDb,
  companyKey: string,
  draft: SalesDraft,
): Promise<number> {
  const body = checkedDraft(draft)
  return db.transaction('rw', [db.CustomerInvoice, db.VatType, db.outbox], async () => {
    const id = await lowestLocalId(db, companyKey)
    const preview = previewOf(body, id, await vatPercents(db, companyKey))
    // The base of a create: when it was queued. A retry takes a draft of the same customer, date,
    // references and amount created after it as the one an earlier attempt made (main's sales-actions.ts).
    const base = {
      CreatedAt: new Date().toISOString(),
      TaxInclusiveAmountCurrency: preview.TaxInclusiveAmountCurrency,
    }
    await db.outbox.add(
      outboxEntry(companyKey, id, outboxAction('CustomerInvoice', 'create', body), { base }),
    )
    await db.CustomerInvoice.put(localRow(companyKey, id, preview))
    return id
  })
}

function localRow(companyKey: string, id: number, preview: ReturnType<typeof previewOf>): CachedRow {
  return {
    ...preview,
    companyKey,
    ID: id,
    StatusCode: CustomerInvoiceStatus.Draft,
    InvoiceNumber: null,
    PaymentID: null,
    UpdatedAt: null,
  }
}

/**
 * Changes a draft: the row at once, and the platform's copy by the draft written whole. A draft whose
 * `create` was never sent gets its create's body replaced (never a second POST); one whose previous
 * `edit-draft` was never sent gets that replaced. Otherwise an `edit-draft` is queued, its overlay
 * the row's new fields (laid over a pulled row until it is sent, ./pull.ts) and its base the old ones (put
 * back when it is discarded offline). A draft created or credited offline and already on its way gets an
 * `edit-draft` on its local ID, sent once the platform's ID is known (./sales-outcomes.ts).
 */
export async function editSalesDraft(
  db: WorkspaceDb,
  companyKey: string,
  id: number,
  draft: SalesDraft,
): Promise<void> {
  const body = checkedDraft(draft)
  await db.transaction('rw', [db.CustomerInvoice, db.VatType, db.outbox], async () => {
    const row = draftRow(await cachedInvoice(db, companyKey, id))
    const preview = previewOf(body, id, await vatPercents(db, companyKey))
    const entries = await queued(db, companyKey, 'CustomerInvoice', id)
    const last = entries.at(-1)
    // Only an entry never sent takes the new body: one whose earlier attempt may have reached the platform
    // is looked for by its body on retry (main's sales-actions.ts), so it keeps it and the edit follows it.
    const unsent = last?.state === 'pending' && last.attempts === 0 ? last : undefined
    const pendingCreate = unsent && isAction(unsent, 'CustomerInvoice', 'create') ? unsent : undefined
    const pendingEdit = unsent && isAction(unsent, 'CustomerInvoice', 'edit-draft') ? unsent : undefined
    if (pendingCreate) {
      await db.outbox.update(pendingCreate.seq!, {
        body: outboxAction('CustomerInvoice', 'create', body).body,
        base: { ...pendingCreate.base, TaxInclusiveAmountCurrency: preview.TaxInclusiveAmountCurrency },
      })
    } else if (pendingEdit) {
      await db.outbox.update(pendingEdit.seq!, {
        body: outboxAction('CustomerInvoice', 'edit-draft', body).body,
        overlay: preview,
      })
    } else {
      if (
        id < 0 &&
        !entries.some((e) => isAction(e, 'CustomerInvoice', 'create')) &&
        !(await creditOf(db, companyKey, id))
      )
        throw new SalesChangeError('ROW_NOT_CACHED', `Draft ${id} is neither queued nor on the platform`)
      const entry = outboxEntry(companyKey, id, outboxAction('CustomerInvoice', 'edit-draft', body), {
        base: valuesOf(row, previewFields),
        baseUpdatedAt: row.UpdatedAt ?? null,
      })
      await db.outbox.add({ ...entry, overlay: preview })
    }
    await db.CustomerInvoice.put({ ...row, ...preview })
  })
}

/**
 * Deletes a draft. One that never reached the platform (its create or credit not sent yet) goes at once,
 * with everything queued for it; otherwise a `delete` is queued and the row stays until the platform has
 * deleted it.
 */
export async function deleteSalesDraft(db: WorkspaceDb, companyKey: string, id: number): Promise<void> {
  await db.transaction('rw', db.CustomerInvoice, db.outbox, async () => {
    const row = draftRow(await cachedInvoice(db, companyKey, id))
    const entries = await queued(db, companyKey, 'CustomerInvoice', id)
    const origin =
      id < 0
        ? (entries.find((e) => isAction(e, 'CustomerInvoice', 'create')) ??
          (await creditOf(db, companyKey, id)))
        : undefined
    if (origin?.state === 'pending' || origin?.state === 'failed') {
      await db.outbox.bulkDelete([origin.seq!, ...entries.map((e) => e.seq!)])
      await db.CustomerInvoice.delete([companyKey, id])
      return
    }
    const action = outboxAction('CustomerInvoice', 'delete', {})
    await db.outbox.add(outboxEntry(companyKey, id, action, { baseUpdatedAt: row.UpdatedAt ?? null }))
  })
}

/**
 * Invoices a draft (spec 3.3 `?action=invoice`), then attaches the invoice as the customer sees it in
 * `language`. The row stays a draft until the platform answers with its number, KID and due date.
 */
export async function invoiceSalesDraft(
  db: WorkspaceDb,
  companyKey: string,
  id: number,
  language: 'nb' | 'en',
): Promise<void> {
  await db.transaction('rw', db.CustomerInvoice, db.outbox, async () => {
    const row = draftRow(await cachedInvoice(db, companyKey, id))
    const entries = await queued(db, companyKey, 'CustomerInvoice', id)
    if (entries.some((e) => isAction(e, 'CustomerInvoice', 'invoice')))
      throw new SalesChangeError('BEING_SENT', `Invoice ${id} is already on its way to be invoiced`)
    if (!Array.isArray(row.Items) || row.Items.length === 0)
      throw new SalesChangeError('INVALID', 'An invoice needs at least one line', 'Items')
    const baseUpdatedAt = row.UpdatedAt ?? null
    await db.outbox.bulkAdd([
      outboxEntry(companyKey, id, outboxAction('CustomerInvoice', 'invoice'), { baseUpdatedAt }),
      outboxEntry(
        companyKey,
        id,
        outboxAction('CustomerInvoice', 'attach-document', { Language: language }),
        {
          baseUpdatedAt,
        },
      ),
    ])
  })
}

/** The statuses an invoice can be credited from (spec 3.3: invoiced, paid in part or whole, credited in part). */
const creditable = new Set<number>([
  CustomerInvoiceStatus.Invoiced,
  CustomerInvoiceStatus.PartlyPaid,
  CustomerInvoiceStatus.Paid,
  CustomerInvoiceStatus.PartlyCredited,
])

/**
 * Credits an invoice: a local credit draft at once (its lines negated, `InvoiceType` 1, `InvoiceReferenceID`
 * the invoice), editable offline, and the queued `credit` that has the platform make it. An invoice with a
 * credit draft open already answers that one. Returns the credit draft's ID.
 */
export async function creditInvoice(db: WorkspaceDb, companyKey: string, invoiceId: number): Promise<number> {
  return db.transaction('rw', [db.CustomerInvoice, db.VatType, db.outbox], async () => {
    const invoice = await cachedInvoice(db, companyKey, invoiceId)
    const open = await db.CustomerInvoice.where('[companyKey+InvoiceReferenceID]')
      .equals([companyKey, invoiceId])
      .filter((r) => r.InvoiceType === InvoiceType.CreditNote && r.StatusCode === CustomerInvoiceStatus.Draft)
      .first()
    if (open) return open.ID
    if (invoice.InvoiceType === InvoiceType.CreditNote || !creditable.has(Number(invoice.StatusCode)))
      throw new SalesChangeError(
        'NOT_CREDITABLE',
        `Invoice ${invoiceId} cannot be credited in its status`,
        'StatusCode',
      )
    const id = await lowestLocalId(db, companyKey)
    const draft = creditDraftOf(invoice as unknown as CustomerInvoice, today())
    const preview = previewOf(draft, id, await vatPercents(db, companyKey))
    await db.outbox.add(
      outboxEntry(companyKey, invoiceId, outboxAction('CustomerInvoice', 'credit', { LocalID: id }), {
        base: { CreatedAt: new Date().toISOString() },
        baseUpdatedAt: invoice.UpdatedAt ?? null,
      }),
    )
    await db.CustomerInvoice.put({
      ...localRow(companyKey, id, preview),
      CustomerOrgNumber: invoice.CustomerOrgNumber ?? null,
    })
    return id
  })
}
