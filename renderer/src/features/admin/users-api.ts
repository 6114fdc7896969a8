// What the users and office sections ask of main. Online calls of an administrator (not outbox entries);
// the sections take this as a prop so their tests can answer as the platform does.
import type {
  AccessRemoval,
  CompanyUser,
  CompanyUsers,
  Invitation,
  OfficeGrid,
  PermissionCheck,
  PermissionRequest,
  RoleChange,
} from '@common/bridge/admin-users'
import { useBridge } from '@renderer/bridge'

export interface AdminUsersApi {
  users(companyKey: string): Promise<CompanyUsers>
  invite(companyKey: string, invitation: Invitation): Promise<CompanyUser>
  addIdentity(companyKey: string, globalIdentity: string): Promise<CompanyUser>
  setRoles(companyKey: string, change: RoleChange): Promise<CompanyUser>
  removeAccess(companyKey: string, removal: AccessRemoval): Promise<CompanyUser>
  activate(companyKey: string, userId: number): Promise<CompanyUser>
  office(): Promise<OfficeGrid>
  updatePermissions(request: PermissionRequest): Promise<{ message: string }>
  checkPermissions(check: PermissionCheck): Promise<Record<string, boolean>>
}

export function bridgeAdminUsersApi(): AdminUsersApi {
  const bridge = useBridge()
  return {
    users: (companyKey) => bridge.call('admin.users', companyKey),
    invite: (companyKey, invitation) => bridge.call('admin.inviteUser', companyKey, invitation),
    addIdentity: (companyKey, identity) => bridge.call('admin.addIdentity', companyKey, identity),
    setRoles: (companyKey, change) => bridge.call('admin.setUserRoles', companyKey, change),
    removeAccess: (companyKey, removal) => bridge.call('admin.removeAccess', companyKey, removal),
    activate: (companyKey, userId) => bridge.call('admin.activateUser', companyKey, userId),
    office: () => bridge.call('admin.office'),
    updatePermissions: (request) => bridge.call('admin.updatePermissions', request),
    checkPermissions: (check) => bridge.call('admin.checkPermissions', check),
  }
}
