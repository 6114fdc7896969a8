// Query-string options of list routes (spec 4.2): `filter`, `select`, `expand`, `orderby`, `top`, `skip`,
// `hateoas`, in any casing and with or without the `$` prefix (`$filter`, `Expand`, `orderBy`).
import { queryError } from './parser.ts'
import type { ListOptions } from './types.ts'

/** The value of a query parameter by name, ignoring casing and a leading `$`. The last value wins. */
export function queryParam(query: Record<string, unknown>, name: string): string | undefined {
  let found: string | undefined
  for (const [key, raw] of Object.entries(query)) {
    if (key.replace(/^\$/, '').toLowerCase() !== name) continue
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw
    if (value === undefined || value === null) continue
    found = String(value)
  }
  return found
}

export function parseCount(query: Record<string, unknown>, name: 'top' | 'skip'): number | undefined {
  const raw = queryParam(query, name)
  if (raw === undefined || raw.trim() === '') return undefined
  const text = raw.trim()
  if (!/^\d+$/.test(text))
    throw queryError(`${name} must be a whole number of zero or more, got '${text.slice(0, 40)}'`)
  const n = Number(text)
  if (!Number.isSafeInteger(n)) throw queryError(`${name} is out of range`)
  return n
}

export function parseBool(query: Record<string, unknown>, name: string): boolean | undefined {
  const raw = queryParam(query, name)
  if (raw === undefined || raw.trim() === '') return undefined
  const text = raw.trim().toLowerCase()
  if (text === 'true' || text === '1') return true
  if (text === 'false' || text === '0') return false
  throw queryError(`${name} must be true or false, got '${raw.slice(0, 40)}'`)
}

export function parseListOptions(query: Record<string, unknown>): ListOptions {
  const opts: ListOptions = {}
  for (const name of ['filter', 'select', 'expand', 'orderby'] as const) {
    const v = queryParam(query, name)
    if (v !== undefined && v.trim() !== '') opts[name] = v
  }
  const top = parseCount(query, 'top')
  if (top !== undefined) opts.top = top
  const skip = parseCount(query, 'skip')
  if (skip !== undefined) opts.skip = skip
  const hateoas = parseBool(query, 'hateoas')
  if (hateoas !== undefined) opts.hateoas = hateoas
  const count = parseBool(query, 'count')
  const inline = queryParam(query, 'inlinecount')
  if (inline !== undefined && !/^(allpages|none)$/i.test(inline.trim()))
    throw queryError(`inlinecount must be allpages or none, got '${inline.slice(0, 40)}'`)
  if (count !== undefined || inline !== undefined) opts.count = count ?? /^allpages$/i.test(inline!.trim())
  return opts
}
