// The ledger's rules in the write path: `journalentries?action=book-journal-entries` (spec 4.6),
// booked lines that stay as booked (spec 2.14: "immutable in most fields"), and the SupplierInvoice
// `journal` transition booking the invoice (spec 3.1).
import { PlatformError } from '../../errors.ts'
import type { ActionRequest, BeforeWriteEvent, HookSet } from '../../model/hooks.ts'
import { bookJournalEntries, isBookingWrite } from './book.ts'
import { journalSupplierInvoice } from './supplier-invoice.ts'

export { bookJournalEntries, bookExistingJournalEntry, nextJournalEntryNumber } from './book.ts'
export type { BookOptions, DraftLine, JournalEntryInput } from './book.ts'
export { supplierInvoiceAmount, PAYABLES_ACCOUNT_NUMBER } from './supplier-invoice.ts'

/** Fields of a booked line a client may still edit (the text and the payment reference). */
const CLIENT_EDITABLE = new Set(['Description', 'PaymentID'])
/** Fields the platform's own processes keep up to date on booked lines (payments, VAT reports, credits). */
const SETTLEMENT = new Set(['RestAmount', 'RestAmountCurrency', 'VatReportID', 'ReferenceCreditLineID'])
/** Bookkeeping the write path does on every update. */
const BOOKKEEPING = new Set(['UpdatedAt', 'UpdatedBy'])

/** A client's own generic write (POST/PUT/DELETE on the route), as opposed to an action or transition. */
function isClientWrite(reason: string): boolean {
  return !/[?&]action=/i.test(reason)
}

function journalEntryLineRule(e: BeforeWriteEvent): void {
  if (isBookingWrite(e)) return
  const id = e.before?.ID ?? ''
  if (e.operation === 'C') {
    throw new PlatformError(
      'BAD_REQUEST',
      'Journal entry lines are created by booking: POST journalentries?action=book-journal-entries',
    )
  }
  if (e.operation === 'D') {
    throw new PlatformError(
      'BAD_REQUEST',
      `Journal entry line ${String(id)} is booked and cannot be deleted; book a correcting entry instead`,
    )
  }
  const allowed = isClientWrite(e.reason) ? CLIENT_EDITABLE : new Set([...CLIENT_EDITABLE, ...SETTLEMENT])
  const refused = Object.keys(e.values).filter((k) => !allowed.has(k) && !BOOKKEEPING.has(k))
  if (refused.length) {
    throw new PlatformError(
      'BAD_REQUEST',
      `Journal entry line ${String(id)} is booked: ${refused.join(', ')} cannot be changed (only ${[...allowed].join(', ')})`,
    )
  }
}

async function isBooked(e: BeforeWriteEvent, journalEntryId: unknown): Promise<string | undefined> {
  const id = Number(journalEntryId)
  if (!id) return undefined
  const { rows } = await e.sql.query<{ JournalEntryNumber: string | null }>(
    'select "JournalEntryNumber" from "JournalEntry" where "CompanyID" = $1 and "ID" = $2',
    [e.companyId, id],
  )
  return rows[0]?.JournalEntryNumber ?? undefined
}

async function draftLineRule(e: BeforeWriteEvent): Promise<void> {
  if (isBookingWrite(e)) return
  const number = await isBooked(e, e.values.JournalEntryID ?? e.before?.JournalEntryID)
  if (number) {
    throw new PlatformError(
      'BAD_REQUEST',
      `Journal entry ${number} is booked: its draft lines cannot be ${e.operation === 'C' ? 'added' : e.operation === 'D' ? 'deleted' : 'changed'}`,
    )
  }
}

function journalEntryRule(e: BeforeWriteEvent): void {
  if (isBookingWrite(e)) return
  const number = e.before?.JournalEntryNumber as string | null | undefined
  if (!number) return
  if (e.operation === 'D') {
    throw new PlatformError('BAD_REQUEST', `Journal entry ${number} is booked and cannot be deleted`)
  }
  const refused = Object.keys(e.values).filter((k) => k !== 'Description' && !BOOKKEEPING.has(k))
  if (refused.length) {
    throw new PlatformError(
      'BAD_REQUEST',
      `Journal entry ${number} is booked: ${refused.join(', ')} cannot be changed`,
    )
  }
}

const TRUE = /^(true|1)$/i

async function bookAction(req: ActionRequest): Promise<unknown> {
  if (!Array.isArray(req.body)) {
    throw new PlatformError(
      'BAD_REQUEST',
      'book-journal-entries takes an array of journal entries: send an array, e.g. [{ "DraftLines": [...] }]',
    )
  }
  const ids = await bookJournalEntries(req, req.body, {
    allowJournalingRegardlessOfLockedDates: TRUE.test(req.query.allowjournalingregardlessoflockeddates ?? ''),
  })
  const answers = []
  for (const id of ids) answers.push(await req.api.read(req.entity, id, { expand: 'Lines,DraftLines' }))
  return answers
}

export function registerJournal(hooks: HookSet): void {
  hooks.register('JournalEntry', {
    beforeWrite: journalEntryRule,
    actions: {
      'book-journal-entries': { methods: ['POST'], target: 'collection', handler: bookAction },
    },
  })
  hooks.register('JournalEntryLine', { beforeWrite: journalEntryLineRule })
  hooks.register('JournalEntryDraftLine', { beforeWrite: draftLineRule })
  hooks.register('SupplierInvoice', {
    async afterTransition(e) {
      if (e.methodName.toLowerCase() === 'journal') await journalSupplierInvoice(e)
    },
  })
}
