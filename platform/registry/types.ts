// The model registry declares every entity of the platform spec once. Storage (tables and
// migrations), generic routes, graph writes, validation, the query engine, select/expand,
// custom fields, the `models` route, hypermedia links and change events are all driven from it.

/** Column types. `money` is numeric(18,2) (exact øre); `decimal` numeric(18,6) for rates and quantities. */
export type FieldType =
  'int' | 'bigint' | 'decimal' | 'money' | 'string' | 'text' | 'bool' | 'date' | 'datetime' | 'guid' | 'json'

export interface FieldDef {
  /** Spec spelling, e.g. `TaxInclusiveAmount`; also the column name. */
  name: string
  type: FieldType
  /** Must be present (and not null) on create; a missing value answers 400 with _validationResults. */
  required?: boolean
  /** Value used on create when the request omits the field. */
  default?: unknown
  /** Set by the server only (ID, CreatedAt, ...); ignored when a client sends it. */
  readOnly?: boolean
  /** Longest accepted string. */
  maxLength?: number
  /** Closed set of accepted values (status codes, enums). */
  values?: readonly (number | string)[]
  /**
   * Write-only: the platform stores it and uses it itself (verification codes, credentials it sends on),
   * but no read returns it to anyone, administrators included, and no query may select, filter or
   * order by it.
   */
  secret?: boolean
}

/**
 * Who may read or write the rows of a model: `company`, every active member of the row's company; or
 * the holders of one of `roles` (Role.Name) in that company, and with `owner` also the person the row
 * is addressed to (the model's `ownerField`), which limits rows rather than refusing the model.
 */
export type AccessRule = 'company' | { readonly roles: readonly string[]; readonly owner?: boolean }

export interface AccessDef {
  read: AccessRule
  write: AccessRule
}

export interface RelationDef {
  /** Property name on the entity, e.g. `Supplier`, `Items`, `Info.DefaultPhone`'s `DefaultPhone`. */
  name: string
  /** `one`: this entity holds `foreignKey` pointing at target.ID; `many`: target holds `foreignKey` pointing at this.ID. */
  kind: 'one' | 'many'
  target: string
  foreignKey: string
  /** many-relations: children are written with their parent (graph writes) and deleted with it. */
  owned?: boolean
}

export interface EntityDef {
  /** Model name as in the spec: `SupplierInvoice`. Also the table name. */
  name: string
  /** Route under /api/biz: `supplierinvoices`. Matched case-insensitively. */
  route: string
  /** Other route spellings real clients use (`SupplierInvoices`, `user` for `users`). */
  routeAliases?: readonly string[]
  label: string
  labelPlural: string
  description?: string
  /** `company`: rows belong to one company (the usual case); `global`: shared (Company, Role, Transition). */
  scope: 'company' | 'global'
  /** Declared fields beyond the standard ones every entity has (ID, Deleted, CustomValues, StatusCode, Created*, Updated*). */
  fields: readonly FieldDef[]
  relations: readonly RelationDef[]
  /** Status codes an entity of this model may have; the first is the default on create unless `defaultStatus`. */
  statusCodes?: readonly number[]
  defaultStatus?: number
  /** No create/update/delete through the generic routes (Transition, TransitionFlow). */
  readOnly?: boolean
  /** Listed by the `models` route as an admin model. */
  admin?: boolean
  /**
   * Shared rows that describe tenants (Company): never reachable through the generic API – no route,
   * no statistics model, no join, no expansion – so no caller can list another company.
   */
  internal?: boolean
  shared?: boolean
  /**
   * Rows addressed to one person (Notification): a guid field holding the recipient's GlobalIdentity.
   * Reads through the API show a row only to its recipient and to the company's administrators.
   */
  ownerField?: string
  /** Who may read and write the model's rows (default: everyone in the company). */
  access?: Partial<AccessDef>
}

/** Fields every entity carries (spec: "Entities normally carry ..."). */
export const standardFields: readonly FieldDef[] = [
  { name: 'ID', type: 'int', readOnly: true },
  { name: 'Deleted', type: 'bool', default: false, readOnly: true },
  { name: 'StatusCode', type: 'int' },
  { name: 'CreatedAt', type: 'datetime', readOnly: true },
  { name: 'UpdatedAt', type: 'datetime', readOnly: true },
  { name: 'CreatedBy', type: 'guid', readOnly: true },
  { name: 'UpdatedBy', type: 'guid', readOnly: true },
]
