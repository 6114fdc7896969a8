// Whether two values of one platform property are the same value, as the platform compares them. One rule
// for every step of a save: the review deciding which fields the user changed, the outbox telling a late
// change from the one on its way, and main comparing the server's row with the change's base (a property
// the server still has at its base value is sent; one changed on both sides is a conflict).

const isEmpty = (value: unknown) => value === null || value === undefined || value === ''
const datePrefix = /^\d{4}-\d{2}-\d{2}/

/**
 * Null, missing and the empty text are one value (the platform answers a cleared field as null); numbers
 * compare by value, whether sent as a number or as text (`1250` and `'1250.00'`); a date is the same as a
 * date-time on that day (the platform keeps a date as its midnight), two date-times the same instant.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) && isEmpty(b)
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b)
  if (typeof a === 'string' && typeof b === 'string') {
    if (a === b) return true
    if (!datePrefix.test(a) || !datePrefix.test(b)) return false
    if (a.length === 10 || b.length === 10) return a.slice(0, 10) === b.slice(0, 10)
    return Date.parse(a) === Date.parse(b)
  }
  return JSON.stringify(a) === JSON.stringify(b)
}
