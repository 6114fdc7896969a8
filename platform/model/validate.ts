// Turns request JSON into column values: type checks and conversions per registry field type,
// maxLength, value lists and custom-field types. Messages name the property, so a client can show
// them next to the field (field notes, error shape 3).
import { PlatformError, type ValidationResult } from '../errors.ts'
import type { EntityDef, FieldDef } from '../registry/types.ts'

export type Coerced = { ok: true; value: unknown } | { ok: false; message: string }

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const INT = /^[+-]?\d+$/
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/
const INT32_MAX = 2147483647

function validDate(y: number, m: number, d: number): boolean {
  const dt = new Date(Date.UTC(y, m - 1, d))
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d
}

export function coerceField(field: FieldDef, value: unknown): Coerced {
  if (value === null || value === undefined) return { ok: true, value: null }
  const name = field.name
  const fail = (what: string): Coerced => ({ ok: false, message: `${name} ${what}` })
  let out: unknown
  switch (field.type) {
    case 'int':
    case 'bigint': {
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && INT.test(value.trim())
            ? Number(value)
            : NaN
      if (!Number.isInteger(n)) return fail(`must be a whole number, got ${JSON.stringify(value)}`)
      if (field.type === 'int' && Math.abs(n) > INT32_MAX) return fail('is out of range')
      if (!Number.isSafeInteger(n)) return fail('is out of range')
      out = n
      break
    }
    case 'decimal':
    case 'money': {
      if (typeof value === 'number') {
        if (!Number.isFinite(value)) return fail('must be a number')
        out = String(value)
      } else if (typeof value === 'string' && DECIMAL.test(value.trim())) {
        out = value.trim()
      } else return fail(`must be a number, got ${JSON.stringify(value)}`)
      // numeric(18,x): at most 12 digits before the point.
      if (Math.abs(Number(out)) >= 1e12) return fail('is out of range')
      break
    }
    case 'bool': {
      if (typeof value === 'boolean') out = value
      else if (value === 0 || value === 1) out = value === 1
      else if (typeof value === 'string' && /^(true|false|0|1)$/i.test(value.trim()))
        out = /^(true|1)$/i.test(value.trim())
      else return fail(`must be true or false, got ${JSON.stringify(value)}`)
      break
    }
    case 'date': {
      const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value.trim()) : null
      if (!m || !validDate(Number(m[1]), Number(m[2]), Number(m[3])))
        return fail(`must be a date (YYYY-MM-DD), got ${JSON.stringify(value)}`)
      out = `${m[1]}-${m[2]}-${m[3]}`
      break
    }
    case 'datetime': {
      const d = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? new Date(value) : null
      if (!d || Number.isNaN(d.getTime()))
        return fail(`must be a date and time (ISO 8601), got ${JSON.stringify(value)}`)
      out = d.toISOString()
      break
    }
    case 'guid': {
      if (typeof value !== 'string' || !GUID.test(value.trim()))
        return fail(`must be a GUID, got ${JSON.stringify(value)}`)
      out = value.trim().toLowerCase()
      break
    }
    case 'string':
    case 'text': {
      if (typeof value === 'string') out = value
      else if (typeof value === 'number' || typeof value === 'boolean') out = String(value)
      else return fail('must be text')
      if (field.maxLength !== undefined && (out as string).length > field.maxLength) {
        return fail(`must be at most ${field.maxLength} characters`)
      }
      break
    }
    case 'json':
      out = value
      break
  }
  if (field.values && !field.values.some((v) => String(v) === String(out))) {
    return fail(`must be one of ${field.values.join(', ')}, got ${JSON.stringify(value)}`)
  }
  return { ok: true, value: out }
}

/** Collected field errors of one object, with the errors of its nested objects kept in place. */
export class Validation {
  readonly results: Record<string, ValidationResult[]> = {}
  /** Property -> nested validation (one-relation) or list of them (many-relation, by index). */
  readonly nested: Record<string, Validation | (Validation | undefined)[]> = {}
  /** The validation of the whole request graph this object belongs to. */
  root: Validation = this

  constructor(readonly entity: EntityDef) {}

  add(property: string, message: string): void {
    ;(this.results[property] ??= []).push({
      PropertyName: property,
      EntityType: this.entity.name,
      Message: message,
    })
  }

  child(property: string, entity: EntityDef, index?: number): Validation {
    const v = new Validation(entity)
    v.root = this.root
    if (index === undefined) this.nested[property] = v
    else {
      const list = (this.nested[property] ??= []) as (Validation | undefined)[]
      list[index] = v
    }
    return v
  }

  /** Every message, with the path of nested objects (`Items[1].Quantity must be a number`). */
  messages(prefix = ''): string[] {
    const own = Object.values(this.results).flatMap((rs) =>
      rs.map((r) => (prefix ? `${prefix}.${r.Message}` : r.Message)),
    )
    const nested = Object.entries(this.nested).flatMap(([prop, v]) =>
      Array.isArray(v)
        ? v.flatMap((c, i) => (c ? c.messages(`${prefix}${prefix ? '.' : ''}${prop}[${i}]`) : []))
        : v.messages(`${prefix}${prefix ? '.' : ''}${prop}`),
    )
    return [...own, ...nested]
  }

  get failed(): boolean {
    return this.messages().length > 0
  }

  /** The nested part of the error body: `{ Items: [{}, { _validationResults }], Info: { _validationResults } }`. */
  nestedBody(): Record<string, unknown> {
    const body: Record<string, unknown> = {}
    for (const [prop, v] of Object.entries(this.nested)) {
      if (Array.isArray(v)) {
        if (v.some((c) => c?.failed)) body[prop] = Array.from(v, (c) => (c?.failed ? c.body() : {}))
      } else if (v.failed) body[prop] = v.body()
    }
    return body
  }

  private body(): Record<string, unknown> {
    const b: Record<string, unknown> = this.nestedBody()
    if (Object.keys(this.results).length) b._validationResults = this.results
    return b
  }
}

/** The 400 answer of a failed validation: every message in one line, the field errors in place. */
export function validationError(v: Validation): PlatformError {
  const messages = v.messages()
  const head = messages.slice(0, 3).join('; ')
  const more = messages.length > 3 ? ` (and ${messages.length - 3} more)` : ''
  return new PlatformError('VALIDATION', `Validation failed: ${head}${more}`, {
    validationResults: v.results,
    body: v.nestedBody(),
  })
}

/** An active custom field as the write path sees it (spec 2.16: `CustomValues.Custom<Name>`). */
export interface CustomFieldType {
  name: string
  type: 'smalltext' | 'text' | 'number' | 'money'
}

/** spec 2.16 / 8: small text up to 255 characters, Number a whole number, Money a decimal (øre). */
export function coerceCustomValue(def: CustomFieldType, value: unknown): Coerced {
  if (value === null || value === undefined) return { ok: true, value: null }
  const name = `Custom${def.name}`
  switch (def.type) {
    case 'smalltext':
      return coerceField({ name, type: 'string', maxLength: 255 }, value)
    case 'text':
      return coerceField({ name, type: 'text' }, value)
    case 'number': {
      const r = coerceField({ name, type: 'bigint' }, value)
      return r.ok ? { ok: true, value: r.value } : r
    }
    case 'money': {
      const r = coerceField({ name, type: 'money' }, value)
      if (!r.ok) return r
      const s = r.value as string
      if (/\.\d{3,}$/.test(s) && !/\.\d{2}0+$/.test(s))
        return { ok: false, message: `${name} must have at most 2 decimals` }
      return { ok: true, value: Number(s) }
    }
  }
}
