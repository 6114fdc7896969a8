// The bridge area of "a new colleague": one person given a role set in many client companies with one
// apply (spec 4.10: `user-verifications` where the person is not yet a user of the company, then
// `userroles?action=bulk-insert-roles` for the roles they lack). Main runs the apply as a job, company by
// company, and the renderer polls its progress; a retry is another apply of just the failed companies.
// The role sets the office keeps are the user's preferences (`roleTemplates` of Preferences).
import { z } from 'zod'

const CompanyKey = z.string().min(1).max(100)
export const RoleName = z.string().trim().min(1).max(100)

/** A named role set: the built-in "Accountant" and "Approver only", and those the office keeps. */
export const RoleTemplate = z.object({
  name: z.string().trim().min(1).max(60),
  roles: z
    .array(RoleName)
    .min(1)
    .max(50)
    .refine((r) => new Set(r.map((x) => x.toLowerCase())).size === r.length, 'A role is listed twice'),
})
export type RoleTemplate = z.infer<typeof RoleTemplate>

export const RoleTemplates = z
  .array(RoleTemplate)
  .max(50)
  .refine(
    (t) => new Set(t.map((x) => x.name.toLowerCase())).size === t.length,
    'Two role sets have the same name',
  )

export const ColleagueGrant = z.object({
  /** The person: an existing user's e-mail, or a new one's (then invited). */
  Email: z.email().trim().toLowerCase().max(254),
  companyKeys: z
    .array(CompanyKey)
    .min(1)
    .max(1000)
    .refine((k) => new Set(k).size === k.length, 'A company is listed twice'),
  roles: z.array(RoleName).min(1).max(50),
})
export type ColleagueGrant = z.infer<typeof ColleagueGrant>

export const GrantState = z.enum(['waiting', 'applying', 'done', 'failed'])
export type GrantState = z.infer<typeof GrantState>

/** Why a company refused, as the renderer words it: the HTTP status and the platform's own words. */
export const GrantFailure = z.object({
  /** The error's code (`API_FORBIDDEN`, `API_NETWORK`, `ADMIN_UNKNOWN_ROLES`, ...). */
  code: z.string(),
  /** null: no HTTP answer to go by. */
  status: z.number().int().nullable(),
  message: z.string().max(2000),
  /** Role names the company does not have (nothing was sent). */
  unknownRoles: z.array(z.string()).optional(),
})
export type GrantFailure = z.infer<typeof GrantFailure>

export const CompanyGrant = z.object({
  companyKey: CompanyKey,
  state: GrantState,
  /** The person was invited to the company by this apply (not a user there before). */
  invited: z.boolean(),
  /** Roles this apply added; a role the person held already is not sent again. */
  added: z.array(z.string()),
  failure: GrantFailure.nullable(),
  /** Milliseconds the company took, once done or failed. */
  ms: z.number().nullable(),
})
export type CompanyGrant = z.infer<typeof CompanyGrant>

export const GrantJob = z.object({
  id: z.string(),
  Email: z.string(),
  running: z.boolean(),
  companies: z.array(CompanyGrant),
})
export type GrantJob = z.infer<typeof GrantJob>

export const adminColleagueCalls = {
  /**
   * Starts the apply and answers at once with its rows waiting. Asked again for the same person while an
   * apply of theirs still runs, it answers that job (a second click applies nothing twice).
   */
  'admin.grantColleague': { args: z.tuple([ColleagueGrant]), result: GrantJob },
  /** The job's rows now. */
  'admin.grantProgress': { args: z.tuple([z.string().min(1).max(100)]), result: GrantJob },
} as const
