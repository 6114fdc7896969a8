// Runs a compiled read statement. The compiler checks names and types, but a few problems only show when
// the database evaluates values (a number out of range, a grouping the database refuses); those answer
// QUERY_INVALID with a plain reason. The database's own message is never passed on: it quotes SQL.
import type { QueryResult, Sql, Store, TextParam } from '../db/store.ts'
import { queryError } from './parser.ts'

const reasons: [RegExp, string][] = [
  [/^22003$/, 'A number in the query is out of range'],
  [/^22012$/, 'The query divides by zero'],
  [/^22008$|^22007$/, 'A date in the query is out of range'],
  [/^22/, 'A value in the query does not fit the field it is compared with'],
  [
    /^42803$/,
    'Every selected expression that is not an aggregate must be grouped: aggregate it, or leave ungrouped fields out of orderby and having',
  ],
  [/^42P10$/, 'With distinct=true, orderby may only name selected columns'],
  [/^42/, 'The query combines fields or values in a way that cannot be run'],
  [/^54/, 'The query is too complex'],
]

/**
 * Drops parameters the statement does not reference and renumbers the rest (an unreferenced parameter
 * has no type and the database refuses it). Only parameter references contain `$` in compiled SQL:
 * identifiers come from the registry and values never enter the text.
 */
export function compactParams(text: string, params: readonly unknown[]): { text: string; params: unknown[] } {
  const used = new Set<number>()
  for (const m of text.matchAll(/\$(\d+)/g)) used.add(Number(m[1]))
  if (used.size === params.length) return { text, params: [...params] }
  const order = [...used].sort((a, b) => a - b)
  const renumber = new Map(order.map((old, i) => [old, i + 1]))
  return {
    text: text.replace(/\$(\d+)/g, (_, n: string) => `$${renumber.get(Number(n))}`),
    params: order.map((n) => params[n - 1]),
  }
}

function isTextParam(v: unknown): v is TextParam {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true
  if (typeof v === 'number') return Number.isFinite(v)
  return Array.isArray(v) && v.every((n) => typeof n === 'number' && Number.isSafeInteger(n))
}

/**
 * Runs a compiled read whose only column `r` is text and answers those texts, through the store's single
 * exchange read when it has one and every parameter travels as plain text; otherwise as any query.
 * `prepared` is for reads by key, whose plan is the same whatever the values.
 */
export async function runTextQuery(
  sql: Sql,
  text: string,
  params: readonly unknown[],
  options: { prepared?: boolean } = {},
): Promise<string[]> {
  const compact = compactParams(text, params)
  const queryText = (sql as Partial<Store>).queryText
  try {
    if (queryText && compact.params.every(isTextParam))
      return (await queryText.call(sql, compact.text, compact.params, options)) as string[]
    return (await sql.query<{ r: string }>(compact.text, compact.params)).rows.map((row) => row.r)
  } catch (err) {
    throw translated(err)
  }
}

function translated(err: unknown): unknown {
  const code = (err as { code?: unknown }).code
  if (typeof code === 'string') {
    const reason = reasons.find(([re]) => re.test(code))
    if (reason) return queryError(reason[1])
  }
  return err
}

export async function runQuery<T = Record<string, unknown>>(
  sql: Sql,
  text: string,
  params: readonly unknown[],
): Promise<QueryResult<T>> {
  try {
    const compact = compactParams(text, params)
    return await sql.query<T>(compact.text, compact.params)
  } catch (err) {
    throw translated(err)
  }
}
