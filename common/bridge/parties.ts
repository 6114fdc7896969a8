// The contacts register's changes to suppliers, customers and contact persons, as the outbox carries them
// (members of the union in ./outbox.ts). A party is a graph on the platform (the party, its business
// relation `Info`, the invoice address, the default phone and e-mail, the bank accounts: spec 2.6, 2.7);
// the renderer names what the user changed by path, and main writes the graph as the field notes' "Graph
// writes" describe (nested objects with `_createguid` are created, with an `ID` updated, with
// `Deleted: true` removed), so the renderer never builds `_createguid` objects.
import { z } from 'zod'

const Id = z.number().int()
const Text = (max: number) => z.string().trim().max(max)

/** The parties the register edits. */
export const partyEntities = ['Supplier', 'Customer', 'Contact'] as const
export type PartyEntity = (typeof partyEntities)[number]

/** The invoice address's fields, by path from the party row (`Info.InvoiceAddress.City`). */
const addressFields = [
  'Info.InvoiceAddress.AddressLine1',
  'Info.InvoiceAddress.AddressLine2',
  'Info.InvoiceAddress.PostalCode',
  'Info.InvoiceAddress.City',
  'Info.InvoiceAddress.CountryCode',
] as const

const relationFields = [
  'Info.Name',
  ...addressFields,
  'Info.DefaultEmail.EmailAddress',
  'Info.DefaultPhone.Number',
] as const

/**
 * The fields of each party the register edits, by path from the party's cached row. `CostAccountID` is the
 * supplier's default cost account (supplier memory and the scan pipeline propose it); `CreditDays` the
 * payment terms in days. A contact's `Comment` is spec 2.7's; `Role` and the link to the supplier or
 * customer they work for are the local platform's (the spec lists no more for a contact).
 */
export const partyFields = {
  Supplier: [...relationFields, 'OrgNumber', 'CreditDays', 'CostAccountID', 'WebUrl'],
  Customer: [...relationFields, 'OrgNumber', 'CreditDays', 'WebUrl'],
  Contact: [...relationFields, 'Comment', 'Role'],
} as const satisfies Record<PartyEntity, readonly string[]>
export type PartyField<E extends PartyEntity = PartyEntity> = (typeof partyFields)[E][number]

/**
 * A custom field of a supplier or customer by path (spec 2.16: `CustomValues.Custom<Name>`). The company
 * defines them (Admin), so the path is checked by its shape; the form checks the value by the field's type
 * (common/custom-values.ts) and the platform refuses a value of another type on that field.
 */
export const CUSTOM_VALUE_PATH = /^CustomValues\.Custom[A-Za-z][A-Za-z0-9_]{0,99}$/
export type CustomValuePath = `CustomValues.Custom${string}`

/** A field's new value: text (trimmed; empty clears it), a number (an ID, days), or null (cleared). */
const FieldValue = z.union([Text(500), z.number(), z.null()])

/**
 * `edit`: the changed fields by path, each compared with its base on the server first (a colleague's change
 * of the same field is a conflict, field by field; the outbox entry's `base` holds the values by path).
 */
const editOf = <E extends PartyEntity>(entity: E) =>
  z.partialRecord(
    entity === 'Contact'
      ? z.enum(partyFields[entity] as unknown as readonly [PartyField<E>, ...PartyField<E>[]])
      : z.union([
          z.enum(partyFields[entity] as unknown as readonly [PartyField<E>, ...PartyField<E>[]]),
          z.string().regex(CUSTOM_VALUE_PATH) as unknown as z.ZodType<CustomValuePath>,
        ]),
    FieldValue,
  )

export const SupplierEdit = editOf('Supplier')
export const CustomerEdit = editOf('Customer')
export const ContactEdit = editOf('Contact')

/** A bank account: 11 digits without separators, or an IBAN in electronic form (with its BIC). */
export const BankAccountDraft = z
  .object({
    AccountNumber: z
      .string()
      .regex(/^\d{11}$/)
      .nullable()
      .optional(),
    IBAN: z
      .string()
      .regex(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/)
      .nullable()
      .optional(),
    BIC: z
      .string()
      .regex(/^[A-Z0-9]{8,11}$/)
      .nullable()
      .optional(),
  })
  .refine((b) => Boolean(b.AccountNumber) || Boolean(b.IBAN), { message: 'An account number or an IBAN' })
export type BankAccountDraft = z.infer<typeof BankAccountDraft>

const AddressDraft = z.object({
  AddressLine1: Text(250).nullable().optional(),
  AddressLine2: Text(250).nullable().optional(),
  PostalCode: Text(20).nullable().optional(),
  City: Text(100).nullable().optional(),
  CountryCode: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable()
    .optional(),
})

/** A new party's business relation as the register's form gives it (main builds the `_createguid` graph). */
const RelationDraft = z.object({
  Name: Text(250).min(1),
  InvoiceAddress: AddressDraft.nullable().optional(),
  EmailAddress: Text(250).nullable().optional(),
  PhoneNumber: Text(50).nullable().optional(),
})

/** `create` of a supplier: POST suppliers (field notes "Graph writes"). */
export const SupplierDraft = RelationDraft.extend({
  /** Nine digits, MOD11 checked by the form. */
  OrgNumber: z
    .string()
    .regex(/^\d{9}$/)
    .nullable()
    .optional(),
  CreditDays: z.number().int().min(0).max(365).nullable().optional(),
  CostAccountID: Id.nullable().optional(),
  BankAccounts: z.array(BankAccountDraft).max(10).optional(),
})
export type SupplierDraft = z.infer<typeof SupplierDraft>

/** `create` of a customer: POST customers (field notes "Graph writes"; spec 4.3 creates one inline too). */
export const CustomerDraft = RelationDraft.extend({
  OrgNumber: z
    .string()
    .regex(/^\d{9}$/)
    .nullable()
    .optional(),
  CreditDays: z.number().int().min(0).max(365).nullable().optional(),
  BankAccounts: z.array(BankAccountDraft).max(10).optional(),
})
export type CustomerDraft = z.infer<typeof CustomerDraft>

/** `create` of a contact person: POST contacts (spec 4.7), linked to the party they work for. */
export const ContactDraft = RelationDraft.extend({
  Comment: Text(2000).nullable().optional(),
  Role: Text(100).nullable().optional(),
  /** The `Info` (BusinessRelationID) of the supplier or customer the person works for. */
  ParentBusinessRelationID: Id.nullable().optional(),
})
export type ContactDraft = z.infer<typeof ContactDraft>

/** `add-bank-account`: a bank account on the party's `Info`, made its default when asked. */
export const AddBankAccount = z.object({ Account: BankAccountDraft, MakeDefault: z.boolean() })
/** `remove-bank-account` and `set-default-bank-account`: one of the party's bank accounts. */
export const BankAccountRef = z.object({ BankAccountID: Id })

/**
 * `merge` on the duplicate: its draft and in-approval invoices (supplier invoices 30101, 30102, 30105,
 * 30108; customer invoices in draft) move to `IntoID`, listed here as the user saw them; booked ones keep
 * theirs. Then the duplicate is deactivated (StatusCode 50001, field notes' generic status codes).
 */
export const MergeParty = z.object({ IntoID: Id, InvoiceIDs: z.array(Id).max(5000) })

/**
 * `mark-checked` on a supplier the scan pipeline created: a comment on the supplier that an accountant
 * checked it (common/parties/scan-mark.ts words it), after which it leaves the register's
 * "Created from a scan, not yet checked" filter.
 */
export const MarkChecked = z.object({ Text: Text(500).min(1) })
