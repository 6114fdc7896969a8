// Access declared per model (`EntityDef.access`, `FieldDef.secret`) and what it means for one caller.
// The read path (query engine) and the write path (model/write) both ask here, so one declaration
// decides every list, get, expansion, filter, join, statistics query, change event and write.
import { PlatformError } from '../errors.ts'
import type { AccessRule, EntityDef, FieldDef } from './types.ts'

export type AccessMode = 'read' | 'write'

/** `all`: every row of the company; `own`: only rows addressed to the caller (owner rule); `none`: refused. */
export type AccessGrant = 'all' | 'own' | 'none'

export function accessRule(entity: EntityDef, mode: AccessMode): AccessRule {
  return entity.access?.[mode] ?? 'company'
}

/** What a caller holding `roles` (Role names, lower case) may do with the model's rows. */
export function grantOf(entity: EntityDef, mode: AccessMode, roles: ReadonlySet<string>): AccessGrant {
  const rule = accessRule(entity, mode)
  if (rule === 'company') return 'all'
  if (rule.roles.some((r) => roles.has(r.toLowerCase()))) return 'all'
  return rule.owner ? 'own' : 'none'
}

/** `the Administrator role`, `one of the roles Webhook.Admin, Administrator`. */
export function describeRule(rule: AccessRule): string {
  if (rule === 'company') return 'membership of the company'
  const roles =
    rule.roles.length === 1 ? `the ${rule.roles[0]} role` : `one of the roles ${rule.roles.join(', ')}`
  return rule.owner ? `${roles}, or being the row's recipient` : roles
}

/** The 403 every path answers when the caller may not read or write a model. */
export function accessDenied(entity: EntityDef, mode: AccessMode, via?: string): PlatformError {
  const verb = mode === 'read' ? 'Reading' : 'Changing'
  const path = via ? ` (${via})` : ''
  return new PlatformError(
    'FORBIDDEN',
    `${verb} ${entity.name}${path} needs ${describeRule(accessRule(entity, mode))} in this company`,
  )
}

/** The 403 for naming a write-only field in a query. */
export function secretRefused(entity: EntityDef, field: FieldDef, where: string): PlatformError {
  return new PlatformError(
    'FORBIDDEN',
    `${entity.name}.${field.name} is write-only: no read returns it, so it cannot be used in ${where}`,
  )
}

/** Checks the declarations of a model when the registry is built (a programming error, not a client one). */
export function checkAccessDeclaration(entity: EntityDef, fieldNames: ReadonlySet<string>): void {
  for (const mode of ['read', 'write'] as const) {
    const rule = accessRule(entity, mode)
    if (rule === 'company') continue
    if (rule.owner && !entity.ownerField)
      throw new Error(`${entity.name}: an owner ${mode} rule needs an ownerField`)
    if (!rule.roles.length && !rule.owner) throw new Error(`${entity.name}: a ${mode} rule names nobody`)
  }
  if (entity.ownerField && !fieldNames.has(entity.ownerField.toLowerCase()))
    throw new Error(`${entity.name}: ownerField ${entity.ownerField} is not a field`)
}
