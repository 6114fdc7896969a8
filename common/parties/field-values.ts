// What each field of a party may hold, by path (common/bridge/parties.ts `partyFields`): the edit's schema
// takes any text or number for any path, so the renderer checks each value here before it queues an edit,
// and main checks again before it writes (an entry queued by an older version is refused with the reason).
import { CUSTOM_VALUE_PATH, type CustomValuePath, type PartyField } from '../bridge/parties.ts'
import { isEmailAddress } from '../field-checks.ts'

type Check = (value: string | number) => string | null

const wholeNumber =
  (min: number, max: number): Check =>
  (value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
      ? null
      : `a whole number from ${min} to ${max}`
const id: Check = (value) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? null : 'an ID'
const textOf =
  (pattern: RegExp, what: string): Check =>
  (value) =>
    typeof value === 'string' && pattern.test(value) ? null : what
const anyText: Check = (value) => (typeof value === 'string' ? null : 'text')

const checks: Partial<Record<PartyField, Check>> = {
  OrgNumber: textOf(/^\d{9}$/, 'nine digits'),
  CreditDays: wholeNumber(0, 365),
  CostAccountID: id,
  'Info.InvoiceAddress.CountryCode': textOf(/^[A-Z]{2}$/, 'a two-letter country code'),
  'Info.DefaultEmail.EmailAddress': (value) =>
    typeof value === 'string' && isEmailAddress(value) ? null : 'an e-mail address',
}

/** Why `value` cannot be the field's value (null when it can); null and the empty text clear any field. */
export function partyValueProblem(
  path: PartyField | CustomValuePath,
  value: string | number | null,
): string | null {
  if (value === null || value === '') return null
  if (CUSTOM_VALUE_PATH.test(path))
    return typeof value === 'string' || typeof value === 'number' ? null : `${path} must be text or a number`
  const problem = (checks[path as PartyField] ?? anyText)(value)
  return problem ? `${path} must be ${problem}` : null
}
