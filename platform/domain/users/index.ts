// Users, invitations and roles (spec 2.18, 4.10).
import type { HookSet } from '../../model/hooks.ts'
import { registerRoleRules } from './roles.ts'

export { registerUserRoutes } from './routes.ts'

export function registerUsers(hooks: HookSet): void {
  registerRoleRules(hooks)
}
