// One invoice in the editor: its cached row and outbox entries (read live), the form read from the row once
// (a sync meanwhile does not undo typing), and what the editor does with it through the data API
// (renderer/src/data/sales.ts): save, invoice, delete, credit. Every change goes through the outbox, so it
// works offline; the row's state (queued, sending, invoiced, refused) is read from the same entries.
import { computed, onScopeDispose, ref, shallowRef, watch, type Ref } from 'vue'
import { isAction, queued } from '@renderer/data/outbox-queries'
import type { SalesDraft } from '@common/bridge/sales'
import type { CustomerInvoice } from '@common/entities/rows'
import { CustomerInvoiceStatus } from '@common/status'
import {
  createSalesDraft,
  creditInvoice,
  deleteSalesDraft,
  draftOf,
  editSalesDraft,
  invoiceSalesDraft,
} from '@renderer/data/sales'
import { onSalesDraftMoved } from '@renderer/data/sales-outcomes'
import type { Cached, OutboxEntry, WorkspaceDb } from '@renderer/data/schema'
import { useLiveQuery } from '@renderer/data/use-live-query'
import { draftOfForm, fieldOfProperty, newForm, formOf, saveProblems, type EditorForm, type FieldKey } from './editor-model.ts'

export type RowState =
  | { kind: 'unsaved' }
  | { kind: 'saved' }
  | { kind: 'queued' }
  | { kind: 'invoicing' }
  | { kind: 'sending' }
  | { kind: 'draft' }
  | { kind: 'invoiced'; number: string }
  | { kind: 'refused'; message: string; field: FieldKey | null }
  | { kind: 'conflict' }

/** The row's state as the accountant reads it: the outbox entries first (newest that matters), then the row. */
export function rowState(row: CustomerInvoice | null, all: readonly OutboxEntry[]): RowState {
  // A credit of this invoice and the attaching of its document follow the invoice; they show only if refused.
  const entries = all.filter(
    (e) =>
      e.state === 'failed' ||
      !isAction(e, 'CustomerInvoice', 'credit', 'attach-document'),
  )
  const failed = entries.find((e) => e.state === 'failed')
  if (failed)
    return { kind: 'refused', message: failed.lastError?.message ?? '', field: fieldOfProperty(failed.lastError?.field) }
  if (entries.some((e) => e.state === 'conflict')) return { kind: 'conflict' }
  if (entries.some((e) => e.state === 'sending')) return { kind: 'sending' }
  if (entries.some(isInvoicing)) return { kind: 'invoicing' }
  if (!row) return { kind: 'unsaved' }
  if (row.StatusCode !== null && row.StatusCode !== CustomerInvoiceStatus.Draft)
    return { kind: 'invoiced', number: row.InvoiceNumber ?? '' }
  if (entries.length) return { kind: 'queued' }
  return row.ID < 0 ? { kind: 'saved' } : { kind: 'draft' }
}

/**
 * A draft made offline for a new customer: the cached row only names the customer, its queued create holds
 * the customer whole (organisation number, address, terms), so reopening the draft keeps it.
 */
export function withQueuedCustomer(draft: SalesDraft, entries: readonly OutboxEntry[]): SalesDraft {
  if (draft.CustomerID !== 0 || draft.Customer) return draft
  const create = entries.find((e) => isAction(e, 'CustomerInvoice', 'create'))
  const customer = create?.body.Customer
  return customer ? { ...draft, Customer: customer } : draft
}

const isInvoicing = (e: OutboxEntry) => isAction(e, 'CustomerInvoice', 'invoice')

/** Whether the form may be changed: a draft not yet on its way to be invoiced. */
export const isEditable = (row: CustomerInvoice | null, entries: readonly OutboxEntry[]): boolean =>
  !entries.some(isInvoicing) && (!row || row.StatusCode === null || row.StatusCode === CustomerInvoiceStatus.Draft)

export function useSalesEditor(options: {
  db: Readonly<Ref<WorkspaceDb | null>>
  companyKey: Readonly<Ref<string>>
  invoiceId: Readonly<Ref<number | 'new'>>
  today: () => string
  /** Whether the user's language writes decimals with a comma (Norwegian) when the form is read from a row. */
  decimalComma: () => boolean
  baseCurrencyId: Readonly<Ref<number | null>>
  /** The row took another ID: the platform's for a draft made offline, the platform's credit draft. */
  moved: (id: number) => void
  /** A part of the form outside the model cannot be saved as typed (a custom value); nothing is saved then. */
  blocked?: () => boolean
}) {
  const { db, companyKey } = options
  /** The row the editor shows: the one asked for, or the local ID a new draft got on its first save. */
  const id = ref<number | null>(options.invoiceId.value === 'new' ? null : options.invoiceId.value)
  // The view keeps the editor mounted while its address changes (a new draft getting its ID must not lose
  // the focus or what is being typed): another invoice is read in, `new` starts an empty form.
  watch(options.invoiceId, (next) => {
    if (next === 'new') {
      if (id.value === null) return
      id.value = null
      loadedFor = null
      form.value = newForm(options.today(), options.baseCurrencyId.value)
      saved = ''
      ready.value = true
    } else if (next !== id.value) {
      id.value = next
      loadedFor = null
      ready.value = false
    }
  })

  const found = useLiveQuery(
    async () => {
      if (!db.value || id.value === null) return { row: null, entries: [] as OutboxEntry[], loaded: true }
      const [row, entries] = await Promise.all([
        db.value.CustomerInvoice.get([companyKey.value, id.value]),
        queued(db.value, companyKey.value, 'CustomerInvoice', id.value) as Promise<OutboxEntry[]>,
      ])
      return { row: (row as Cached<'CustomerInvoice'> | undefined) ?? null, entries, loaded: true }
    },
    [db, companyKey, id],
    { row: null as Cached<'CustomerInvoice'> | null, entries: [] as OutboxEntry[], loaded: false },
  )
  const row = computed(() => found.value.row)
  const state = computed(() => rowState(row.value, found.value.entries))
  const editable = computed(() => isEditable(row.value, found.value.entries))
  const missing = computed(() => found.value.loaded && id.value !== null && !row.value)

  const form = ref<EditorForm>(newForm(options.today(), options.baseCurrencyId.value))
  /** The draft as last saved, so leaving a field saves only what changed. */
  let saved = ''
  let loadedFor: number | null = null
  /** The form is shown once it holds the row asked for (typing into the empty form first would be lost). */
  const ready = ref(id.value === null)
  watch(
    row,
    (current) => {
      if (!current) return
      // A draft being typed keeps its form through a sync; a row that can no longer be changed (invoiced,
      // or on its way to be) always shows what the cache holds: the customer the platform created, its number.
      if (loadedFor === current.ID && isEditable(current, found.value.entries)) return
      loadedFor = current.ID
      form.value = formOf(withQueuedCustomer(draftOf(current), found.value.entries), options.decimalComma())
      ready.value = true
      saved = JSON.stringify(draftOfForm(form.value))
    },
    { immediate: true },
  )
  // A new draft takes the company's currency once the settings are read.
  watch(options.baseCurrencyId, (currency) => {
    if (id.value === null && form.value.CurrencyCodeID === null) form.value.CurrencyCodeID = currency
  })

  // A draft made offline (or a credit draft) becomes the platform's row when its create or credit is
  // answered (data/sales-outcomes.ts): the editor follows it onto the platform's ID, keeping the form.
  const stopFollowing = onSalesDraftMoved((moved) => {
    if (moved.workspace !== db.value?.name || moved.companyKey !== companyKey.value || moved.from !== id.value) return
    loadedFor = moved.to
    id.value = moved.to
    options.moved(moved.to)
  })
  onScopeDispose(stopFollowing)

  const error = shallowRef<string | null>(null)
  let saving: Promise<number | null> | null = null

  /**
   * Saves the form when it changed and can be kept: a customer is named and nothing typed is unreadable.
   * Answers the row's ID (null when it cannot be saved yet). Saves run one at a time.
   */
  async function save(): Promise<number | null> {
    while (saving) await saving
    saving = (async () => {
      const workspace = db.value
      if (!workspace || !editable.value) return id.value
      const draft = draftOfForm(form.value)
      if (!draft.CustomerName || saveProblems(form.value).size || options.blocked?.()) return id.value
      const text = JSON.stringify(draft)
      if (text === saved && id.value !== null) return id.value
      error.value = null
      try {
        if (id.value === null) {
          const created = await createSalesDraft(workspace, companyKey.value, draft)
          loadedFor = created
          id.value = created
        } else await editSalesDraft(workspace, companyKey.value, id.value, draft)
        saved = text
      } catch (cause) {
        error.value = cause instanceof Error ? cause.message : String(cause)
      }
      return id.value
    })()
    try {
      return await saving
    } finally {
      saving = null
    }
  }

  async function invoice(language: 'nb' | 'en'): Promise<boolean> {
    if (options.blocked?.()) return false
    const saved = await save()
    if (saved === null || !db.value || error.value) return false
    try {
      await invoiceSalesDraft(db.value, companyKey.value, saved, language)
      return true
    } catch (cause) {
      error.value = cause instanceof Error ? cause.message : String(cause)
      return false
    }
  }

  async function remove(): Promise<boolean> {
    if (id.value === null || !db.value) return true
    try {
      await deleteSalesDraft(db.value, companyKey.value, id.value)
      return true
    } catch (cause) {
      error.value = cause instanceof Error ? cause.message : String(cause)
      return false
    }
  }

  /** Credits the invoice; answers the local credit draft, which the editor opens next. */
  async function credit(): Promise<number | null> {
    if (id.value === null || !db.value) return null
    try {
      const creditId = await creditInvoice(db.value, companyKey.value, id.value)
      loadedFor = null
      ready.value = false
      id.value = creditId
      return creditId
    } catch (cause) {
      error.value = cause instanceof Error ? cause.message : String(cause)
      return null
    }
  }

  return { id, row, form, ready, state, editable, missing, error, save, invoice, remove, credit }
}
