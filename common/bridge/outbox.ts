// The bridge area of the outbox: every change the renderer queues for the platform, declared once as a
// union of (entity, action, body). The renderer builds its entries only from it (`outboxAction`), the bridge
// validates each command against it, and main runs each member with the executor its table holds for that
// entity and action (electron/main/services/sync/executors.ts; a test fails when one has no other).
// To add an action: a member here (with its body's schema), its executor in main, and the renderer's call.
import { z } from 'zod'
import {
  AddBankAccount,
  BankAccountRef,
  ContactDraft,
  ContactEdit,
  CustomerDraft,
  CustomerEdit,
  MarkChecked,
  MergeParty,
  SupplierDraft,
  SupplierEdit,
} from './parties.ts'
import { BookingEntry } from './journal.ts'
import { AttachDocument, CreditInvoice, SalesDraft } from './sales.ts'
import { PlatformRow, type SyncEntity } from './sync.ts'

const CompanyKey = z.string().min(1).max(100)
const Id = z.number().int()

/** The properties a row change carries, by the platform's names: what an update sets, a create makes. */
export const RowValues = z.record(z.string(), z.unknown())

/** A cost line of a supplier invoice as the review saves it; ID for a line the platform already has. */
export const CostLine = z.object({
  ID: Id.nullable().optional(),
  AccountID: Id,
  VatTypeID: Id.nullable().optional(),
  /** Gross amount (VAT included), as the platform books draft lines. */
  Amount: z.number(),
  Description: z.string().nullable().optional(),
  DepartmentID: Id.nullable().optional(),
  ProjectID: Id.nullable().optional(),
})
export type CostLine = z.infer<typeof CostLine>

/** Who approves (spec 4.5 `assign-to`): exactly one of a rule, users or teams. */
export const ApprovalTarget = z.union([
  z.object({ ApprovalRuleID: Id }),
  z.object({ UserIDs: z.array(Id) }),
  z.object({ TeamIDs: z.array(Id) }),
])
export type ApprovalTarget = z.infer<typeof ApprovalTarget>

/** `assign-to` and `reAssign-to`: who approves, and a message to them. */
const ApprovalAssignment = z.intersection(ApprovalTarget, z.object({ Message: z.string().optional() }))

/** A named action that carries nothing but its name (a transition such as `journal`). */
const NoBody = z.undefined().optional()

const member = <E extends SyncEntity, A extends string, B extends z.ZodType>(entity: E, action: A, body: B) =>
  z.object({ entity: z.literal(entity), action: z.literal(action), body })

/**
 * Every change the outbox carries. `update`, `create` and `delete` change the row's own properties (the
 * body is the properties; an update is compared with its base first); every other action is named as
 * the platform names it (`?action=` of the entity's route) or as the review names its own.
 */
export const OutboxAction = z.discriminatedUnion('entity', [
  z.discriminatedUnion('action', [
    member('SupplierInvoice', 'update', RowValues),
    member('SupplierInvoice', 'create', RowValues),
    member('SupplierInvoice', 'delete', RowValues),
    // Transitions (spec 3.1).
    member('SupplierInvoice', 'assign-to', ApprovalAssignment),
    member('SupplierInvoice', 'assign', NoBody),
    member('SupplierInvoice', 'journal', NoBody),
    member('SupplierInvoice', 'reAssign-to', ApprovalAssignment),
    member('SupplierInvoice', 'cancelApprovement', NoBody),
    member('SupplierInvoice', 'sendForPayment', NoBody),
    // Takes an invoice waiting in approval out of its flow, back to a draft (spec 3.1 names the transition;
    // the undo of an invoice that went through by itself, when no step of its flow is approved yet).
    member('SupplierInvoice', 'rejectAssignment', NoBody),
    // The review's own (spec 4.5; field notes "Graph writes").
    member('SupplierInvoice', 'save-cost-lines', z.object({ Lines: z.array(CostLine) })),
    member('SupplierInvoice', 'comment', z.object({ Text: z.string() })),
    member('SupplierInvoice', 'lock', z.object({ Message: z.string() })),
    member('SupplierInvoice', 'unlock', z.object({}).optional()),
  ]),
  z.discriminatedUnion('action', [
    member('Approval', 'approve', NoBody),
    // The comment goes on the invoice before the reject.
    member('Approval', 'reject', z.object({ Comment: z.string() })),
  ]),
  z.discriminatedUnion('action', [
    member('ApprovalSubstitute', 'create', RowValues),
    member('ApprovalSubstitute', 'delete', RowValues),
  ]),
  // spec 4.6: `journalentries?action=book-journal-entries`, every entry of a draft in one request.
  member('JournalEntry', 'book-journal-entries', z.array(BookingEntry)),
  // The contacts register (./parties.ts): a party's graph is written by main from these.
  z.discriminatedUnion('action', [
    member('Supplier', 'create', SupplierDraft),
    member('Supplier', 'edit', SupplierEdit),
    member('Supplier', 'add-bank-account', AddBankAccount),
    member('Supplier', 'remove-bank-account', BankAccountRef),
    member('Supplier', 'set-default-bank-account', BankAccountRef),
    member('Supplier', 'merge', MergeParty),
    member('Supplier', 'mark-checked', MarkChecked),
  ]),
  z.discriminatedUnion('action', [
    member('Customer', 'create', CustomerDraft),
    member('Customer', 'edit', CustomerEdit),
    member('Customer', 'add-bank-account', AddBankAccount),
    member('Customer', 'remove-bank-account', BankAccountRef),
    member('Customer', 'set-default-bank-account', BankAccountRef),
    member('Customer', 'merge', MergeParty),
  ]),
  z.discriminatedUnion('action', [
    member('Contact', 'create', ContactDraft),
    member('Contact', 'edit', ContactEdit),
  ]),
  // Sales (./sales.ts, spec 4.3, 3.3): drafts written whole, then invoiced or credited.
  z.discriminatedUnion('action', [
    member('CustomerInvoice', 'create', SalesDraft),
    member('CustomerInvoice', 'edit-draft', SalesDraft),
    member('CustomerInvoice', 'delete', RowValues),
    member('CustomerInvoice', 'invoice', NoBody),
    member('CustomerInvoice', 'credit', CreditInvoice),
    member('CustomerInvoice', 'attach-document', AttachDocument),
  ]),
])
export type OutboxAction = z.infer<typeof OutboxAction>

export type OutboxEntity = OutboxAction['entity']
export type OutboxActionName<E extends OutboxEntity = OutboxEntity> = Extract<
  OutboxAction,
  { entity: E }
>['action']
export type OutboxActionOf<E, A> = Extract<OutboxAction, { entity: E; action: A }>
export type OutboxBody<E, A> = OutboxActionOf<E, A>['body']

/** The actions that change the row's own properties; every other action is named. */
export const rowActions = ['update', 'create', 'delete'] as const
export type RowAction = (typeof rowActions)[number]
export type NamedOutboxAction = Exclude<OutboxAction, { action: RowAction }>
/** The entities the outbox updates, creates or deletes rows of. */
export type RowActionEntity<A extends RowAction> = Extract<OutboxAction, { action: A }>['entity']

/** Every (entity, action) of the union, read from it: what main's executor table must match. */
type Member = { shape: { entity: { value: OutboxEntity }; action: { value: string } } }
export const outboxActionKeys: readonly (readonly [OutboxEntity, string])[] = (
  OutboxAction.options as readonly (Member | { options: readonly Member[] })[]
)
  .flatMap((option) => ('options' in option ? option.options : [option]))
  .map((m) => [m.shape.entity.value, m.shape.action.value] as const)

/** An outbox action, checked against the union as it is written: `outboxAction('Approval', 'reject', { Comment })`. */
export function outboxAction<E extends OutboxEntity, A extends OutboxActionName<E>>(
  entity: E,
  action: A,
  ...body: undefined extends OutboxBody<E, A> ? [body?: OutboxBody<E, A>] : [body: OutboxBody<E, A>]
): OutboxActionOf<E, A> {
  return { entity, action, body: body[0] } as OutboxActionOf<E, A>
}

/** One outbox entry as main executes it: the action and what a retry and a conflict check need. */
export const OutboxCommand = z.intersection(
  OutboxAction,
  z.object({
    /** The row's ID; a row created offline has a negative local ID until the platform assigns one. */
    entityId: Id,
    /** An update's properties as they were on the server when the user began the change. */
    base: RowValues,
    baseUpdatedAt: z.string().nullable(),
    operationKey: z.string().min(8).max(100),
    /** 0 on the first send; a retry checks whether an earlier attempt took effect before sending again. */
    attempts: z.number().int().min(0),
    /**
     * When the entry was first sent (ISO), so a retry looks for its effect no earlier than that; null on the
     * first send. An entry sent before the moment was kept gives the moment it was queued.
     */
    firstSentAt: z.string().nullable().optional(),
  }),
)
export type OutboxCommand = z.infer<typeof OutboxCommand>
export type OutboxCommandOf<E, A> = Extract<OutboxCommand, { entity: E; action: A }>

/**
 * What a done action came to when it is not what the user asked for, to be told to them. A booking of an
 * invoice that an approval rule applies to when it is sent goes for approval by that rule instead
 * (`ApprovalRuleID`, with its description where the platform lets it be read); both are null when the
 * platform's own global rule started the flow as the invoice was booked (spec 3.5).
 */
export const OutboxNotice = z.object({
  code: z.literal('SENT_FOR_APPROVAL_INSTEAD'),
  ApprovalRuleID: Id.nullable(),
  Description: z.string().nullable(),
})
export type OutboxNotice = z.infer<typeof OutboxNotice>

export const OutboxOutcome = z.discriminatedUnion('status', [
  /**
   * Done (now, or by an earlier attempt found on retry); the server's row after it, when it has one. An
   * action whose answer is several rows (a booking's journal entries) gives them all in `rows`, in the order
   * of its request, `row` being the first. `notice`: it came to something else than was asked for.
   */
  z.object({
    status: z.literal('done'),
    row: PlatformRow.nullable(),
    rows: z.array(PlatformRow).optional(),
    merged: z.array(z.string()),
    notice: OutboxNotice.optional(),
  }),
  /** The same properties changed on the server since the base: the server's values of those properties. */
  z.object({
    status: z.literal('conflict'),
    fields: z.array(z.string()),
    theirs: z.record(z.string(), z.unknown()),
    row: PlatformRow.nullable(),
  }),
  /** The platform refused it for good (400 with a validation message, 403, a row gone). */
  z.object({
    status: z.literal('failed'),
    error: z.object({
      code: z.string(),
      message: z.string(),
      field: z.string().optional(),
      /** Who handled an approval decision that was overtaken (ALREADY_HANDLED). */
      by: z.string().optional(),
      /** The journal entries to check when a booking may be on the platform in part (JOURNAL_PARTLY_BOOKED). */
      numbers: z.array(z.string()).optional(),
    }),
    row: PlatformRow.nullable(),
  }),
])
export type OutboxOutcome = z.infer<typeof OutboxOutcome>

/** Most outbox entries main executes in one call (`outbox.executeBatch`). */
export const outboxBatchLimit = 100

/**
 * What main did with a batch of outbox entries, in their order: an outcome for each entry it finished.
 * When it stopped early (the connection went, the platform failed), `error` says why (with the HTTP status
 * when the platform answered) and the entries from `outcomes.length` on were not finished: the first of
 * them may have reached the platform (its retry check runs), the rest were not sent.
 */
export const OutboxBatchResult = z.object({
  outcomes: z.array(OutboxOutcome),
  error: z.object({ code: z.string(), message: z.string(), status: z.number().int().optional() }).nullable(),
})
export type OutboxBatchResult = z.infer<typeof OutboxBatchResult>

export const outboxCalls = {
  'outbox.execute': { args: z.tuple([CompanyKey, OutboxCommand]), result: OutboxOutcome },
  'outbox.executeBatch': {
    args: z.tuple([CompanyKey, z.array(OutboxCommand).min(1).max(outboxBatchLimit)]),
    result: OutboxBatchResult,
  },
} as const
