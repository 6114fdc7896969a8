// Testing a webhook's ExpressionFilter (spec 6.3) against one row in the platform's read shape (a row of
// the app's cache), with the evaluator the platform filters Eventplans with (./expression-filter.ts):
// checked as the platform checks it (the filtered entity named, its properties real, functions known),
// then evaluated on the row, `updated()` answered by comparing the row's value with the earlier value the
// user gives. The desktop app's filter tester runs it; tests hold it against the platform's deliveries.
import {
  checkExpression,
  evaluateExpression,
  ExpressionError,
  modelFromRow,
  parseExpression,
  updatedProperties,
  type ExpressionModel,
  type ExpressionProblem,
} from './expression-filter.ts'

/** The models the app's tester offers: those its workspace caches rows of. */
export const filterModels = ['CustomerInvoice', 'SupplierInvoice'] as const
export type FilterModel = (typeof filterModels)[number]

export type FilterCheck =
  { ok: true; updated: string[] } | { ok: false; problem: ExpressionProblem; position: number }

/**
 * The row in the platform's read shape: the cache's own keys (`companyKey`, search text; they start with a
 * small letter, the platform's fields with a capital) are not properties of the model.
 */
export function platformShape(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([k]) => !/^[a-z]/.test(k)))
}

function asProblem(error: unknown): FilterCheck {
  if (error instanceof ExpressionError) return { ok: false, problem: error.problem, position: error.position }
  throw error
}

/** Checks the expression for the model, its properties read off `row` (the platform documents no list). */
export function checkFilter(
  model: FilterModel,
  expression: string,
  row: Record<string, unknown> | null,
): FilterCheck {
  try {
    const tree = parseExpression(expression)
    // With no row cached yet, the properties cannot be known here: only the rest is checked.
    const checked: ExpressionModel = row
      ? modelFromRow(model, platformShape(row))
      : { name: model, property: (name) => name }
    checkExpression(tree, checked)
    return { ok: true, updated: updatedProperties(tree) }
  } catch (error) {
    return asProblem(error)
  }
}

/** A value as the tester shows it and compares it with what the user typed. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return ''
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

function read(row: Record<string, unknown>, property: string): unknown {
  const key = Object.keys(row).find((k) => k.toLowerCase() === property.toLowerCase())
  return key === undefined ? undefined : row[key]
}

/**
 * Whether the platform would send the event for this row: `earlier` holds, per property that `updated()`
 * asks about, its value before the change; a property counts as updated when that differs from now.
 */
export function testFilter(
  model: FilterModel,
  expression: string,
  row: Record<string, unknown>,
  earlier: Readonly<Record<string, string>>,
): FilterCheck | { ok: true; matches: boolean } {
  const checked = checkFilter(model, expression, row)
  if (!checked.ok) return checked
  const entity = platformShape(row)
  const changed = checked.updated.filter(
    (p) => (earlier[p] ?? valueText(read(entity, p))) !== valueText(read(entity, p)),
  )
  try {
    return { ok: true, matches: evaluateExpression(parseExpression(expression), { entity, changed }) }
  } catch (error) {
    return asProblem(error)
  }
}

/** The row's value of a property, as text (what the earlier value starts from). */
export function currentText(row: Record<string, unknown>, property: string): string {
  return valueText(read(platformShape(row), property))
}
