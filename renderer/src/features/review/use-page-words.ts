// Between the document and the form: each proposed value's box on the page (which candidate the field's
// value came from, and whether it is confirmed or fails its check), and a word clicked on the page written
// into the field the user was in, as that field reads it.
import { computed, type Ref } from 'vue'
import { useI18n } from 'vue-i18n'
import type { Locale } from '@common/bridge/contract'
import { fromOre, parseMoney } from '@common/money'
import type { OcrReading, ProposedField } from './ocr-proposals.ts'
import { parseDate } from '@common/parse'
import { readBankAccount, sameValue, shownCandidate } from './review-form.ts'
import type { FormField, ReviewFormState } from './use-review-form.ts'

export interface PageMark {
  boxId: string | null
  label: string
  tone: 'info' | 'success' | 'danger'
}

export function usePageWords(reading: Readonly<Ref<OcrReading>>, state: ReviewFormState) {
  const { t, locale } = useI18n()
  const { form, confirmed, overrides, problems } = state

  const marks = computed(() => {
    const out: Partial<Record<ProposedField, PageMark>> = {}
    for (const [field, proposal] of Object.entries(reading.value.proposals) as [
      ProposedField,
      NonNullable<OcrReading['proposals'][ProposedField]>,
    ][]) {
      const formField: FormField = field === 'SupplierOrgNumber' ? 'SupplierID' : field
      const match =
        formField === 'SupplierID'
          ? proposal.proposed
          : proposal.candidates.find((c) =>
              sameValue(formField, form[formField], shownCandidate(field, c, locale.value as Locale)),
            )
      const problem = problems.value[formField] && !(formField !== 'SupplierID' && overrides.has(formField))
      out[field] = {
        boxId: (match ?? proposal.proposed)?.box.id ?? null,
        label: t(`review.field.${formField}`),
        tone: problem ? 'danger' : confirmed.has(formField) ? 'success' : 'info',
      }
    }
    return out
  })

  function onWord(text: string): void {
    const field = state.lastField.value
    if (!field || !state.editable.value) return
    const language = locale.value as Locale
    const cleaned = text.trim()
    if (field === 'TaxInclusiveAmount') {
      const ore = parseMoney(cleaned)
      form[field] =
        ore === undefined ? cleaned : shownCandidate(field, { value: String(fromOre(ore)) }, language)
    } else if (field === 'InvoiceDate' || field === 'PaymentDueDate') {
      const day = parseDate(cleaned)
      form[field] = day ? shownCandidate(field, { value: day }, language) : cleaned
    } else if (field === 'PaymentID') form[field] = cleaned.replace(/[^\d-]/g, '')
    else if (field === 'BankAccount') {
      const read = readBankAccount(cleaned)
      form[field] =
        read && 'account' in read ? shownCandidate(field, { value: read.account }, language) : cleaned
    } else form[field] = cleaned
    state.focusField(field)
  }

  return { marks, onWord }
}
