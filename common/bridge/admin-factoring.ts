// The bridge area of factoring (Admin): the company's stored factoring setups, activating a setup and
// deactivating factoring (spec 2.11, 4.4). Online edits of the company's set-up, like the approval rules:
// main sends them to the platform and a refusal comes back with its field problems (ApiError details).
import { z } from 'zod'

const CompanyKey = z.string().min(1).max(100)
const Id = z.number().int().positive()
const AccountNumber = z.number().int().positive().max(99_999_999)

/** spec 2.11: 0 NotSet, 1 DistributeFromService, 2 DistributeFromFactoringCompany. */
export const FactoringDistribution = z.union([z.literal(0), z.literal(1), z.literal(2)])
export type FactoringDistribution = z.infer<typeof FactoringDistribution>

/**
 * A KID part as the activation example of spec 2.11 names them, or literal digits; `check_digit` is the
 * check digit of the setup's modulus and comes last.
 */
export const factoringKidParts = [
  'kid_prefix',
  'customer_number',
  'invoice_number',
  'kid_code',
  'check_digit',
] as const
export const FactoringKidPart = z.object({
  Part: z.union([z.enum(factoringKidParts), z.string().regex(/^\d{1,25}$/)]),
  Length: z.number().int().min(1).max(25),
  SortIndex: z.number().int().min(0).max(100),
})
export type FactoringKidPart = z.infer<typeof FactoringKidPart>

/** The activation payload, `ActivateFactoringDto` (spec 2.11), as the form fills it. */
export const FactoringActivation = z.object({
  BankAccountNumber: z.string().trim().min(1).max(40),
  FactoringAccountNumber: AccountNumber,
  FactoringLoanAccountNumber: AccountNumber,
  FactoringCustomerNumber: z.string().trim().max(50),
  FactoringDistribution,
  FactoringPaymentInfo: z.object({
    Name: z.string().trim().min(1).max(100),
    Length: z.number().int().min(2).max(25),
    /** spec 2.11: the integer 10 for modulus 10 (the string `modulus10` is invalid). */
    Modulus: z.union([z.literal(10), z.literal(11)]),
    PaymentInfoTypeParts: z.array(FactoringKidPart).min(1).max(10),
  }),
  NotificationsText: z.string().max(1000),
  SkipJournalEntry: z.boolean(),
})
export type FactoringActivation = z.infer<typeof FactoringActivation>

const AccountRef = z.object({ ID: Id, AccountNumber: z.number().nullable(), AccountName: z.string() })

/** A stored setup (spec 2.11 stored record fields with their expanded relations). */
export const FactoringSetupView = z.object({
  ID: Id,
  FactoringCustomerNumber: z.string(),
  FactoringDistribution: z.number().int(),
  FactoringNotificationText: z.string(),
  SkipJournalEntry: z.boolean(),
  FactoringAccount: AccountRef.nullable(),
  FactoringLoanAccount: AccountRef.nullable(),
  /** The bank account's number (or IBAN) as the platform holds it. */
  FactoringBankAccount: z.string().nullable(),
  FactoringPaymentInfoType: z
    .object({
      Name: z.string(),
      Length: z.number().int().nullable(),
      Modulus: z.number().int().nullable(),
      Parts: z.array(z.object({ Part: z.string(), Length: z.number().int(), SortIndex: z.number().int() })),
    })
    .nullable(),
  CreatedAt: z.string().nullable(),
})
export type FactoringSetupView = z.infer<typeof FactoringSetupView>

/**
 * Which setup is active, as far as the platform has told this app: the list does not say (spec 4.4), but
 * an activation answers the setup it made active and a deactivation removes the sending option. So this
 * is the answer of the last activation or deactivation made from this app, with when it was made; null
 * when none was made here (a change made elsewhere, as in the web front end, is not seen).
 */
export const FactoringActiveAnswer = z.object({
  setupId: Id.nullable(),
  at: z.string(),
})
export type FactoringActiveAnswer = z.infer<typeof FactoringActiveAnswer>

export const FactoringOverview = z.object({
  setups: z.array(FactoringSetupView),
  lastAnswer: FactoringActiveAnswer.nullable(),
})
export type FactoringOverview = z.infer<typeof FactoringOverview>

export const adminFactoringCalls = {
  'admin.factoringSetups': { args: z.tuple([CompanyKey]), result: FactoringOverview },
  'admin.activateFactoring': { args: z.tuple([CompanyKey, FactoringActivation]), result: FactoringOverview },
  'admin.deactivateFactoring': { args: z.tuple([CompanyKey]), result: FactoringOverview },
} as const
