// spec 4.10: user administration. Who may change users, their roles, invitations and licenses is
// declared on those models (registry: `access.write`) and enforced by the write path for every row;
// actions that do more than one write ask the same declaration up front, so a refused caller gets the
// 403 before any other answer. Nobody moves a User row to another person (GlobalIdentity is fixed once set).
import { PlatformError } from '../errors.ts'
import type { HookSet, WriteScope } from '../model/hooks.ts'
import { assertMayWrite } from '../model/guard.ts'

/** The write declaration of `model` for the scope's user (403 when refused; the platform's own writes pass). */
export async function requireWriteAccess(
  scope: Pick<WriteScope, 'sql' | 'registry' | 'companyId' | 'userId' | 'globalIdentity'>,
  model: string,
): Promise<void> {
  await assertMayWrite(scope, scope.sql, scope.registry.require(model), {})
}

export function registerUserAdminRules(hooks: HookSet): void {
  hooks.register('User', {
    beforeWrite(e) {
      if (e.operation === 'U' && 'GlobalIdentity' in e.values && e.before?.GlobalIdentity) {
        throw new PlatformError('BAD_REQUEST', 'GlobalIdentity of a user cannot be changed')
      }
    },
  })
}
