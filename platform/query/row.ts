// A stored row as the API shows it: money and decimals as JSON numbers, dates 'YYYY-MM-DD', datetimes
// ISO, `CustomValues` an object with the model's active custom fields (spec 2.16), no "CompanyID".
import type { Registry } from '../registry/registry.ts'
import type { EntityDef, FieldDef } from '../registry/types.ts'
import type { CustomFieldDef } from './types.ts'

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0')
}

export function apiValue(field: Pick<FieldDef, 'type'>, value: unknown): unknown {
  if (value === null || value === undefined) return null
  switch (field.type) {
    case 'int':
    case 'bigint':
    case 'decimal':
    case 'money':
      return typeof value === 'number' ? value : Number(value)
    case 'date':
      return value instanceof Date
        ? `${pad(value.getUTCFullYear(), 4)}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`
        : value
    case 'datetime':
      return value instanceof Date ? value.toISOString() : value
    case 'json':
      if (typeof value === 'string') {
        try {
          return JSON.parse(value) as unknown
        } catch {
          return value
        }
      }
      return value
    default:
      return value
  }
}

export function customValuesToApi(
  stored: unknown,
  customFields: readonly CustomFieldDef[],
): Record<string, unknown> {
  let raw: unknown = stored
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw) as unknown
    } catch {
      raw = {}
    }
  }
  const values = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {}
  const out: Record<string, unknown> = {}
  for (const def of customFields) {
    const key = `Custom${def.name}`
    const v = values[key]
    if (v === undefined || v === null) out[key] = null
    else if (def.type === 'number' || def.type === 'money') out[key] = typeof v === 'number' ? v : Number(v)
    else out[key] = typeof v === 'string' ? v : String(v)
  }
  return out
}

export function rowToApi(
  registry: Registry,
  entity: EntityDef,
  row: Record<string, unknown>,
  customFields: readonly CustomFieldDef[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const field of registry.fields(entity)) {
    // Write-only fields never leave the platform, whoever reads (change events and webhooks included).
    if (field.secret) continue
    if (field.name in row) out[field.name] = apiValue(field, row[field.name])
  }
  out.CustomValues = customValuesToApi(row.CustomValues, customFields)
  // Nested objects already in API shape (expansions) pass through under their relation name.
  for (const [key, value] of Object.entries(row)) {
    if (key in out) continue
    const rel = registry.relation(entity, key)
    if (rel) out[rel.name] = value
  }
  return out
}
