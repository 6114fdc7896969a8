// The platform's field problems of a refused save (ApiError details: `fields[].field` is a dotted path in
// the body main sent, e.g. `Steps.2.Limit` or `Steps.1.Users.0.UserID`), as the editor's field keys
// (`steps.2.limit`, `steps.1.users`, `description`) with a sentence in the user's language.
import { parseMoney, fromOre } from '@common/money'

export interface FieldProblem {
  field: string
  message: string
}

/** The translated sentence of a problem: a key of `admin.problems` and its parameters. */
export interface ProblemText {
  key: 'outOfRange' | 'notNumber' | 'notAmount' | 'notFound' | 'required' | 'other'
  params: Record<string, string>
}

const known: [RegExp, ProblemText['key']][] = [
  [/is out of range/i, 'outOfRange'],
  [/must be (a number|a whole number)/i, 'notNumber'],
  [/does not exist or was deleted|is not an? .* of this company/i, 'notFound'],
  [/is required/i, 'required'],
]

export function problemText(message: string): ProblemText {
  const hit = known.find(([pattern]) => pattern.test(message))
  return hit ? { key: hit[1], params: {} } : { key: 'other', params: { message } }
}

/** The problems of a refused call, or [] when the error carries none (a failure of another kind). */
export function fieldProblems(error: unknown): FieldProblem[] {
  const details = (error as { details?: { fields?: unknown } } | null)?.details
  const fields = Array.isArray(details?.fields) ? (details.fields as unknown[]) : []
  return fields.flatMap((f) => {
    const p = f as { field?: unknown; message?: unknown }
    return typeof p.field === 'string' && typeof p.message === 'string'
      ? [{ field: p.field, message: p.message }]
      : []
  })
}

/** A rule body path as the editor's field key: a step's users share one field, whatever user it names. */
export function ruleFieldKey(path: string): string {
  const step = /^Steps\.(\d+)\.(\w+)/.exec(path)
  if (step) return `steps.${step[1]}.${step[2]!.toLowerCase()}`
  return path.split('.')[0]!.toLowerCase()
}

/** Field key -> problem text, the first problem of each field. */
export function problemsByField(
  problems: readonly FieldProblem[],
  key: (path: string) => string = (p) => p.toLowerCase(),
): Record<string, ProblemText> {
  const out: Record<string, ProblemText> = {}
  for (const p of problems) out[key(p.field)] ??= problemText(p.message)
  return out
}

/** A limit as typed (`50 000`, `12 500,50`); null for none, undefined when it is not an amount. */
export function parseLimit(text: string): number | null | undefined {
  if (text.trim() === '') return null
  const ore = parseMoney(text)
  return ore === undefined || ore < 0 ? undefined : fromOre(ore)
}

/** A save's outcome: the saved value, or the problems per field (or, with none, why it failed). */
export type Saved<T> =
  { ok: true; value: T } | { ok: false; problems: Record<string, ProblemText>; failed: string | null }

export async function saveOrProblems<T>(
  save: () => Promise<T>,
  key?: (path: string) => string,
): Promise<Saved<T>> {
  try {
    return { ok: true, value: await save() }
  } catch (error) {
    const found = fieldProblems(error)
    return {
      ok: false,
      problems: problemsByField(found, key),
      failed: found.length ? null : error instanceof Error ? error.message : String(error),
    }
  }
}
