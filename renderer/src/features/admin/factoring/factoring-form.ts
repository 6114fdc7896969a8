// The factoring activation form as data: what the administrator types, checked before anything is sent
// (spec 2.11: the bank account is the company's, the factoring and loan accounts exist in the chart, the
// KID parts add up to the KID length with the check digit last), and turned into the activation payload.
// The platform's refusals come back on the same field keys (`fieldKey`).
import type {
  FactoringActivation,
  FactoringDistribution,
  FactoringKidPart,
  FactoringSetupView,
} from '@common/bridge/admin-factoring'
import { factoringKidParts } from '@common/bridge/admin-factoring'
import { checkBankAccount } from '@common/field-checks'
import { compactIban, looksLikeIban } from '@common/iban'
import { kidSetupFindings } from '@common/norwegian'
import type { KidSetupFinding } from '@common/norwegian'

/** A KID part kind of spec 2.11's example, or `digits` for fixed digits. */
export type PartKind = (typeof factoringKidParts)[number] | 'digits'

export interface PartRow {
  kind: PartKind
  /** The fixed digits of a `digits` part. */
  digits: string
  length: string
}

export interface FactoringFormState {
  bankAccount: string
  factoringAccount: string
  loanAccount: string
  customerNumber: string
  distribution: FactoringDistribution
  kidName: string
  kidLength: string
  modulus: 10 | 11
  parts: PartRow[]
  notificationText: string
  skipJournalEntry: boolean
}

/** A problem of one field: a key of `admin.factoring.problems` (or `admin.problems`) and its parameters. */
export interface FormProblem {
  key: string
  params: Record<string, string | number>
}

/** The spec 2.11 activation example: prefix, customer, invoice, code and check digit, 20 digits in all. */
export function emptyForm(): FactoringFormState {
  return {
    bankAccount: '',
    factoringAccount: '',
    loanAccount: '',
    customerNumber: '',
    distribution: 1,
    kidName: 'Factoring KID',
    kidLength: '20',
    modulus: 10,
    parts: [
      { kind: 'kid_prefix', digits: '', length: '4' },
      { kind: 'customer_number', digits: '', length: '5' },
      { kind: 'invoice_number', digits: '', length: '9' },
      { kind: 'kid_code', digits: '', length: '1' },
      { kind: 'check_digit', digits: '', length: '1' },
    ],
    notificationText: '',
    skipJournalEntry: false,
  }
}

/** A stored part (`<invoice_number>`, `<modulus10>`, `kid_prefix`, `7`) as a row of the form. */
function partRow(part: { Part: string; Length: number }): PartRow {
  const name = part.Part.replace(/^<(.*)>$/, '$1').toLowerCase()
  const kind: PartKind = /^modulus1[01]$/.test(name)
    ? 'check_digit'
    : (factoringKidParts as readonly string[]).includes(name)
      ? (name as PartKind)
      : 'digits'
  return { kind, digits: kind === 'digits' ? part.Part : '', length: String(part.Length) }
}

/** The form filled from a stored setup, so activating again starts from what the company had. */
export function formFromSetup(setup: FactoringSetupView): FactoringFormState {
  const kid = setup.FactoringPaymentInfoType
  const base = emptyForm()
  return {
    ...base,
    bankAccount: setup.FactoringBankAccount ?? '',
    factoringAccount: setup.FactoringAccount?.AccountNumber?.toString() ?? '',
    loanAccount: setup.FactoringLoanAccount?.AccountNumber?.toString() ?? '',
    customerNumber: setup.FactoringCustomerNumber,
    distribution: ([0, 1, 2] as const).find((d) => d === setup.FactoringDistribution) ?? 1,
    kidName: kid?.Name || base.kidName,
    kidLength: kid?.Length ? String(kid.Length) : base.kidLength,
    modulus: kid?.Modulus === 11 ? 11 : 10,
    parts: kid?.Parts.length ? kid.Parts.map(partRow) : base.parts,
    notificationText: setup.FactoringNotificationText,
    skipJournalEntry: setup.SkipJournalEntry,
  }
}

/**
 * The form's field key of a path the platform names in a refusal (`FactoringPaymentInfo.Length`,
 * `FactoringPaymentInfo.PaymentInfoTypeParts[2].Part`); unknown paths fall to `form`.
 */
export function fieldKey(path: string): string {
  const p = path.toLowerCase()
  if (p.startsWith('factoringpaymentinfo.paymentinfotypeparts')) return 'kidParts'
  if (p.startsWith('factoringpaymentinfo.length')) return 'kidLength'
  // The check digit's modulus is chosen beside the parts; a refusal of it is shown with them.
  if (p.startsWith('factoringpaymentinfo.modulus')) return 'kidParts'
  if (p.startsWith('factoringpaymentinfo.name')) return 'kidName'
  if (p.startsWith('factoringpaymentinfo')) return 'kidParts'
  const keys: Record<string, string> = {
    bankaccountnumber: 'bankAccount',
    factoringaccountnumber: 'factoringAccount',
    factoringloanaccountnumber: 'loanAccount',
    factoringcustomernumber: 'customerNumber',
    factoringdistribution: 'distribution',
    notificationstext: 'notificationText',
    skipjournalentry: 'skipJournalEntry',
  }
  return keys[p] ?? 'form'
}

const whole = (text: string): number | undefined => {
  const t = text.trim()
  return /^\d{1,8}$/.test(t) ? Number(t) : undefined
}

/** A KID part as common/norwegian.ts checks it (macros in angle brackets, the check digit by modulus). */
function checkedPart(row: PartRow, i: number, modulus: 10 | 11) {
  const Part =
    row.kind === 'digits'
      ? row.digits.trim()
      : row.kind === 'check_digit'
        ? `<modulus${modulus}>`
        : `<${row.kind}>`
  return { Part, Length: whole(row.length) ?? 0, SortIndex: i + 1 }
}

export function kidProblem(f: KidSetupFinding): FormProblem {
  const { code, ...params } = f
  return { key: `kid.${code}`, params: params as Record<string, string | number> }
}

/**
 * Checks the form against the company's accounts (numbers from the cache; an empty list means the chart
 * is not cached yet and the platform checks alone) and returns the payload or the problems by field.
 */
export function checkForm(
  form: FactoringFormState,
  accountNumbers: ReadonlySet<number>,
): { activation: FactoringActivation } | { problems: Record<string, FormProblem> } {
  const problems: Record<string, FormProblem> = {}
  const bank = form.bankAccount.trim()
  if (!bank) problems.bankAccount = { key: 'required', params: {} }
  // The bank-account check of every form (common/field-checks.ts); the company's account is a Norwegian one.
  else if (checkBankAccount(bank) || (looksLikeIban(bank) && !compactIban(bank).startsWith('NO')))
    problems.bankAccount = { key: 'bankAccount', params: {} }
  const chartAccount = (field: 'factoringAccount' | 'loanAccount') => {
    const text = form[field].trim()
    const number = whole(text.split(/\s/)[0] ?? '')
    if (!text) problems[field] = { key: 'required', params: {} }
    else if (number === undefined) problems[field] = { key: 'accountNumber', params: {} }
    else if (accountNumbers.size > 0 && !accountNumbers.has(number))
      problems[field] = { key: 'notInChart', params: { number } }
    return number
  }
  const factoringAccount = chartAccount('factoringAccount')
  const loanAccount = chartAccount('loanAccount')
  if (!form.kidName.trim()) problems.kidName = { key: 'required', params: {} }
  const length = whole(form.kidLength)
  if (length === undefined) problems.kidLength = { key: 'kid.length', params: { length: form.kidLength } }
  const partProblems: FormProblem[] = []
  form.parts.forEach((row, i) => {
    if (whole(row.length) === undefined || whole(row.length)! < 1)
      partProblems.push({ key: 'partLengthOf', params: { n: i + 1 } })
    else if (row.kind === 'digits' && !/^\d+$/.test(row.digits.trim()))
      partProblems.push({ key: 'digitsOf', params: { n: i + 1 } })
  })
  if (form.parts.length === 0) partProblems.push({ key: 'noParts', params: {} })
  if (partProblems.length === 0 && length !== undefined) {
    const parts = form.parts.map((row, i) => checkedPart(row, i, form.modulus))
    for (const finding of kidSetupFindings(length, parts)) {
      if (finding.code === 'length' || finding.code === 'total') problems.kidLength ??= kidProblem(finding)
      else partProblems.push(kidProblem(finding))
    }
    if (form.parts.at(-1)?.kind !== 'check_digit') partProblems.push({ key: 'checkDigitLast', params: {} })
  }
  if (partProblems.length) problems.kidParts = partProblems[0]!
  if (Object.keys(problems).length) return { problems }
  const PaymentInfoTypeParts: FactoringKidPart[] = form.parts.map((row, i) => ({
    Part: row.kind === 'digits' ? row.digits.trim() : row.kind,
    Length: whole(row.length)!,
    SortIndex: i + 1,
  }))
  return {
    activation: {
      BankAccountNumber: bank,
      FactoringAccountNumber: factoringAccount!,
      FactoringLoanAccountNumber: loanAccount!,
      FactoringCustomerNumber: form.customerNumber.trim(),
      FactoringDistribution: form.distribution,
      FactoringPaymentInfo: {
        Name: form.kidName.trim(),
        Length: length!,
        Modulus: form.modulus,
        PaymentInfoTypeParts,
      },
      NotificationsText: form.notificationText,
      SkipJournalEntry: form.skipJournalEntry,
    },
  }
}
