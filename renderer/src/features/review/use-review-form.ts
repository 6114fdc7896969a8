// The review form of the invoice shown: the fields as the user sees and types them, which ones the user
// has confirmed, the reasons given for numbers that fail their check, the checks as they type (rules in
// review-form.ts), the supplier matched by the organisation number OCR read, and the focus that follows
// the work (Enter takes a value and moves to the next unconfirmed field; after the last, the save button).
import { computed, reactive, ref, watch, type Ref } from 'vue'
import { useI18n } from 'vue-i18n'
import { fromOre, parseMoney } from '@common/money'
import { parseDate } from '@common/parse'
import { digitsOnly } from '@common/norwegian'
import type { Locale } from '@common/bridge/contract'
import { formatAmount } from '@renderer/i18n/format'
import { checkText } from '@renderer/i18n/check.messages'
import type { CachedRow } from '@renderer/data/schema'
import { isEditable } from './logic/editable.ts'
import type { OcrCandidate, OcrReading } from './ocr-proposals.ts'
import {
  checkForm,
  formFromRow,
  readBankAccount,
  shownCandidate,
  textFields,
  type FieldProblem,
  type ReviewForm,
  type TextField,
} from './review-form.ts'
import type { ReviewDocument } from './review-queue.ts'
import type { ReviewLookups } from './use-review-lookups.ts'

export type FormField = TextField | 'SupplierID'

/** An amount as `language` writes it; text that is not an amount stays as it is. */
export function reshownAmount(text: string, language: Locale): string {
  const ore = parseMoney(text)
  return ore === undefined ? text : formatAmount(fromOre(ore), language)
}

export interface ReviewFormOptions {
  doc: Readonly<Ref<ReviewDocument | null>>
  currentId: Readonly<Ref<number | null>>
  lookups: Readonly<Ref<ReviewLookups>>
  reading: Readonly<Ref<OcrReading>>
}

export function useReviewForm({ doc, currentId, lookups, reading }: ReviewFormOptions) {
  const { t, locale } = useI18n()
  const row = computed(() => doc.value?.row ?? null)
  const editable = computed(() => isEditable(row.value?.StatusCode))

  const form = reactive<ReviewForm>({
    SupplierID: null,
    InvoiceNumber: '',
    InvoiceDate: '',
    PaymentDueDate: '',
    TaxInclusiveAmount: '',
    CurrencyCodeID: null,
    PaymentID: '',
    BankAccount: '',
    DepartmentID: null,
    ProjectID: null,
    Comment: '',
  })
  /** The invoice the form holds: a sync that changes its row meanwhile does not undo typing. */
  const loadedId = ref<number | null>(null)
  const confirmed = reactive(new Set<string>())
  const overrides = reactive(new Map<TextField, string>())
  /** Override reasons already saved as a comment on this invoice (each is posted once). */
  const postedOverrides = new Set<string>()
  const bankConfirmed = ref(false)
  /** The OCR box shown as the one the focused field's value came from. */
  const activeBoxId = ref<string | null>(null)
  /** The text field the user was in last: a word clicked on the page goes there. */
  const lastField = ref<TextField | null>(null)
  const supplierFromOrg = ref<string | null>(null)

  const supplier = computed(() => lookups.value.suppliers.find((s) => s.ID === form.SupplierID) ?? null)
  /**
   * The organisation number OCR read, as digits; for a foreign supplier its VAT id with the country
   * (`SE556036079301`), as the scan station stores it in the supplier's OrgNumber.
   */
  const readOrgNumber = computed(() => {
    const value = reading.value.proposals.SupplierOrgNumber?.proposed?.value
    if (value) return digitsOnly(value.replace(/^\s*NO/i, '').replace(/MVA\s*$/i, ''))
    return reading.value.foreignSupplierId
  })
  const problems = computed(() => checkForm(form))
  const problemText = (problem: FieldProblem | undefined) => (problem ? checkText(t, problem) : '')

  /** The invoice as the form has it now, for the duplicate and bank account warnings. */
  const formInvoice = computed(() => {
    const ore = parseMoney(form.TaxInclusiveAmount)
    return {
      ID: currentId.value ?? 0,
      SupplierID: form.SupplierID,
      InvoiceNumber: form.InvoiceNumber.trim() || null,
      InvoiceDate: parseDate(form.InvoiceDate) ?? null,
      TaxInclusiveAmount: ore === undefined ? null : fromOre(ore),
    }
  })
  const formAccount = computed(() => {
    const read = readBankAccount(form.BankAccount)
    return read && 'account' in read ? read.account : null
  })

  /** Fills the form from a newly shown invoice; nothing is confirmed or overridden on it yet. */
  function load(next: ReviewDocument): void {
    Object.assign(form, formFromRow(next.row, next.supplier, locale.value as Locale))
    loadedId.value = next.row.ID
    confirmed.clear()
    overrides.clear()
    postedOverrides.clear()
    bankConfirmed.value = false
    lastField.value = null
    activeBoxId.value = null
    supplierFromOrg.value = null
    // A supplier not set yet is matched by the organisation number read on the document.
    const org = readOrgNumber.value
    const byOrg = (s: CachedRow) =>
      org !== null && /^[A-Z]{2}/.test(org)
        ? String(s.OrgNumber ?? '')
            .replace(/[\s.-]/g, '')
            .toUpperCase() === org
        : digitsOnly(String(s.OrgNumber ?? '')) === org
    if (form.SupplierID === null && org) {
      const match = lookups.value.suppliers.find(byOrg)
      if (match) form.SupplierID = match.ID
    }
    if (org && form.SupplierID !== null) {
      const chosen = lookups.value.suppliers.find((s) => s.ID === form.SupplierID)
      if (chosen && byOrg(chosen)) supplierFromOrg.value = org
    }
  }

  // A change of language rewrites every date and amount the form shows (typed, confirmed or not) as the
  // new language writes them; what cannot be read stays as the user typed it.
  watch(locale, (next) => {
    const language = next as Locale
    for (const field of ['InvoiceDate', 'PaymentDueDate'] as const) {
      const day = parseDate(form[field])
      if (day) form[field] = shownCandidate(field, { value: day }, language)
    }
    form.TaxInclusiveAmount = reshownAmount(form.TaxInclusiveAmount, language)
  })

  const fieldRefs = ref<Record<string, { focus: () => void } | null>>({})
  const fieldOrder: FormField[] = ['SupplierID', ...textFields]

  function focusField(field: FormField): void {
    if (field === 'SupplierID') document.getElementById('review-supplier')?.focus()
    else fieldRefs.value[field]?.focus()
  }

  function focusFirstUnconfirmed(after: FormField | null = null): void {
    const start = after === null ? 0 : fieldOrder.indexOf(after) + 1
    const next = [...fieldOrder.slice(start), ...fieldOrder.slice(0, start)].find((f) => !confirmed.has(f))
    if (next) focusField(next)
    else document.getElementById('review-save')?.focus()
  }

  /** Enter on a field: its value is taken unless its check fails (and was not overridden). */
  function accept(field: FormField): void {
    if (field !== 'SupplierID' && problems.value[field] && !overrides.has(field)) return
    if (field === 'SupplierID' && form.SupplierID === null) return
    confirmed.add(field)
    focusFirstUnconfirmed(field)
  }

  /** An alternative OCR read, picked from the field's list. */
  function pick(field: TextField, candidate: OcrCandidate): void {
    activeBoxId.value = candidate.box.id
    confirmed.add(field)
  }

  return {
    row,
    editable,
    form,
    loadedId,
    confirmed,
    overrides,
    postedOverrides,
    bankConfirmed,
    activeBoxId,
    lastField,
    supplierFromOrg,
    supplier,
    readOrgNumber,
    problems,
    problemText,
    formInvoice,
    formAccount,
    load,
    fieldRefs,
    focusField,
    focusFirstUnconfirmed,
    accept,
    pick,
  }
}

export type ReviewFormState = ReturnType<typeof useReviewForm>
