// Compact builders for entity declarations, so each model reads like the spec's field tables:
// `fields('InvoiceDate:date', 'SupplierID:int!')` (a trailing `!` marks a field the spec requires).
import type { AccessRule, EntityDef, FieldDef, FieldType, RelationDef } from '../types.ts'

/** spec 4.10: user administration (users, roles, invitations, licenses) needs the Administrator role. */
export const ADMINISTRATORS: AccessRule = { roles: ['Administrator'] }

/** Eventplans and their parts: the Webhook.Admin role ("Manages Eventplans"), or an administrator. */
export const WEBHOOK_ADMINS: AccessRule = { roles: ['Webhook.Admin', 'Administrator'] }

const fieldTypes = new Set<FieldType>([
  'int',
  'bigint',
  'decimal',
  'money',
  'string',
  'text',
  'bool',
  'date',
  'datetime',
  'guid',
  'json',
])

export function fields(...specs: (string | FieldDef)[]): FieldDef[] {
  return specs.map((s) => {
    if (typeof s !== 'string') return s
    const m = /^([A-Za-z_][A-Za-z0-9_]*):([a-z]+)(!?)$/.exec(s)
    if (!m || !fieldTypes.has(m[2] as FieldType)) throw new Error(`bad field spec ${s}`)
    const def: FieldDef = { name: m[1]!, type: m[2] as FieldType }
    if (m[3]) def.required = true
    return def
  })
}

/** This entity holds `foreignKey` (default `<name>ID`) pointing at target.ID. */
export function one(name: string, target: string, foreignKey = `${name}ID`): RelationDef {
  return { name, kind: 'one', target, foreignKey }
}

/** The target holds `foreignKey` pointing at this entity's ID; a list the client only reads. */
export function many(name: string, target: string, foreignKey: string): RelationDef {
  return { name, kind: 'many', target, foreignKey }
}

/** Children written and deleted with their parent (graph writes: `Items`, `DraftLines`, `Addresses`). */
export function owns(name: string, target: string, foreignKey: string): RelationDef {
  return { name, kind: 'many', target, foreignKey, owned: true }
}

type ModelInput = Omit<EntityDef, 'scope' | 'label' | 'labelPlural' | 'relations'> &
  Partial<Pick<EntityDef, 'scope' | 'label' | 'labelPlural' | 'relations'>>

/** An entity with the usual defaults: company scope, no relations, labels from the model name. */
export function model(def: ModelInput): EntityDef {
  const label =
    def.label ??
    def.name
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/ ([A-Z])(?=[a-z])/g, (_, c: string) => ` ${c.toLowerCase()}`)
  return {
    scope: 'company',
    relations: [],
    ...def,
    label,
    labelPlural: def.labelPlural ?? plural(label),
  }
}

function plural(label: string): string {
  if (/(ss|us)$/.test(label)) return `${label}es`
  if (label.endsWith('s')) return label
  if (/[^aeiou]y$/.test(label)) return `${label.slice(0, -1)}ies`
  return `${label}s`
}
