// The bridge area of user administration (Admin): the users and roles of one company (spec 2.18, 3.2, 4.10)
// and the office's people across its client companies (the bulk permission route of spec 4.10, 5). Online
// edits of an administrator, not outbox entries; a refusal comes back as the client's ApiError with the
// platform's field problems.
import { z } from 'zod'

const CompanyKey = z.string().min(1).max(100)
const Id = z.number().int().positive()

/** field notes: User status 110000 Invited, 110001 Active, 110002 Inactive. */
export const UserRoleView = z.object({
  /** The UserRole row (what bulk-delete-roles removes). */
  ID: Id,
  SharedRoleId: Id,
  SharedRoleName: z.string(),
})
export type UserRoleView = z.infer<typeof UserRoleView>

export const CompanyUser = z.object({
  ID: Id,
  DisplayName: z.string(),
  Email: z.string(),
  GlobalIdentity: z.string().nullable(),
  StatusCode: z.number().int().nullable(),
  Roles: z.array(UserRoleView),
})
export type CompanyUser = z.infer<typeof CompanyUser>

export const RoleOption = z.object({ ID: Id, Name: z.string(), Label: z.string() })
export type RoleOption = z.infer<typeof RoleOption>

/** What the users section shows for one company, read in one go. */
export const CompanyUsers = z.object({ users: z.array(CompanyUser), roles: z.array(RoleOption) })
export type CompanyUsers = z.infer<typeof CompanyUsers>

export const Invitation = z.object({ Email: z.string().trim().min(1).max(254) })
export type Invitation = z.infer<typeof Invitation>

/** A GlobalIdentity (spec 2.2: a GUID string). */
export const GlobalIdentity = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)

/** The roles a user is to hold in the company: added and removed with the bulk actions of spec 4.10. */
export const RoleChange = z.object({ UserID: Id, RoleIDs: z.array(Id).max(100) })
export type RoleChange = z.infer<typeof RoleChange>

export const AccessRemoval = z.object({
  UserID: Id,
  /** spec 3.2 `inactivate` (Active -> Inactive) besides taking every role off. */
  inactivate: z.boolean(),
})
export type AccessRemoval = z.infer<typeof AccessRemoval>

/** One person in one company of the office: their User there and the names of their roles. */
export const Membership = z.object({
  UserID: Id,
  StatusCode: z.number().int().nullable(),
  Roles: z.array(z.string()),
})
export type Membership = z.infer<typeof Membership>

export const OfficePerson = z.object({
  /** The GlobalIdentity, or the e-mail of an invitee who has none yet. */
  key: z.string(),
  DisplayName: z.string(),
  Email: z.string(),
  /** The person's id on the license server (UserIds of update-permissions); null when it names none. */
  licenseUserId: Id.nullable(),
  /** Company key -> membership; a company missing here has no User for the person. */
  companies: z.record(z.string(), Membership),
})
export type OfficePerson = z.infer<typeof OfficePerson>

export const OfficeCompany = z.object({ ID: Id, Key: z.string(), Name: z.string() })
export type OfficeCompany = z.infer<typeof OfficeCompany>

export const OfficeGrid = z.object({
  companies: z.array(OfficeCompany),
  people: z.array(OfficePerson),
  roles: z.array(z.string()),
  /** Companies whose users could not be read (key -> the platform's words). */
  unreadable: z.record(z.string(), z.string()),
  /** Whether the license server told the people's ids; without them nothing can be applied. */
  licenseUsersKnown: z.boolean(),
  /**
   * Whether the environment has a license administration address (spec 4.10 `{license_admin_url}`, the
   * host of update-permissions); without one nothing can be applied.
   */
  licenseAdminAddress: z.boolean(),
})
export type OfficeGrid = z.infer<typeof OfficeGrid>

/** spec 4.10 update-permissions: `Roles` null leaves roles as they are. */
export const PermissionRequest = z.object({
  CompanyIds: z.array(Id).min(1).max(1000),
  UserIds: z.array(Id).min(1).max(1000),
  Roles: z.array(z.string().trim().min(1).max(100)).max(100).nullable(),
})
export type PermissionRequest = z.infer<typeof PermissionRequest>

/** Which of the people asked about hold the roles asked for, in the companies asked about (reading back). */
export const PermissionCheck = z.object({
  companyKeys: z.array(CompanyKey).min(1).max(1000),
  people: z.array(z.string().min(1).max(300)).min(1).max(1000),
  Roles: z.array(z.string()).nullable(),
})
export type PermissionCheck = z.infer<typeof PermissionCheck>

export const adminUsersCalls = {
  'admin.users': { args: z.tuple([CompanyKey]), result: CompanyUsers },
  /** POST user-verifications: the invitee as a user in 110000 (never the verification code). */
  'admin.inviteUser': { args: z.tuple([CompanyKey, Invitation]), result: CompanyUser },
  /** POST users?action=add-user&globalIdentity=: an identity the identity server knows, added at once. */
  'admin.addIdentity': { args: z.tuple([CompanyKey, GlobalIdentity]), result: CompanyUser },
  'admin.setUserRoles': { args: z.tuple([CompanyKey, RoleChange]), result: CompanyUser },
  'admin.removeAccess': { args: z.tuple([CompanyKey, AccessRemoval]), result: CompanyUser },
  /** spec 3.2 `activate`: Inactive -> Active. */
  'admin.activateUser': { args: z.tuple([CompanyKey, Id]), result: CompanyUser },
  'admin.office': { args: z.tuple([]), result: OfficeGrid },
  'admin.updatePermissions': {
    args: z.tuple([PermissionRequest]),
    result: z.object({ message: z.string() }),
  },
  /** Company key -> whether every person asked about holds the roles there now. */
  'admin.checkPermissions': {
    args: z.tuple([PermissionCheck]),
    result: z.record(z.string(), z.boolean()),
  },
} as const
