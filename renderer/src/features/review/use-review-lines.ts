// The cost lines of the invoice shown: its saved lines; else, while it has none and the user has not changed
// them, a structured invoice's own lines (EHF, Factur-X: one per line, VAT code from its category and rate,
// account from supplier memory), or supplier memory's coding (from the supplier's earlier invoices in the
// cache) as one line for the whole total; each line read against the company's accounts and VAT codes and summed against the total;
// and why each value was proposed, in one sentence per reason.
import { computed, ref, watch, type Ref } from 'vue'
import { useI18n } from 'vue-i18n'
import type { Locale } from '@common/bridge/contract'
import { fromOre, parseMoney } from '@common/money'
import { parseDate } from '@common/parse'
import { formatAmount, intlLocale } from '@renderer/i18n/format'
import type { CachedRow, WorkspaceDb } from '@renderer/data/schema'
import { useLiveQuery } from '@renderer/data/use-live-query'
import { structuredInvoiceOf } from '@common/einvoice/ocr-answer'
import { linesFromRow, proposedLine, structuredDrafts, summarise, type CostLineDraft } from './cost-lines.ts'
import { proposalReason, proposeCoding, type CodingProposals } from './logic/supplier-memory.ts'
import type { ReviewForm } from './review-form.ts'
import type { ReviewDocument } from './review-queue.ts'
import { reshownAmount } from './use-review-form.ts'
import type { ReviewLookups } from './use-review-lookups.ts'

export interface ReviewLinesOptions {
  workspace: Readonly<Ref<WorkspaceDb | null>>
  companyKey: string | null
  doc: Readonly<Ref<ReviewDocument | null>>
  currentId: Readonly<Ref<number | null>>
  lookups: Readonly<Ref<ReviewLookups>>
  form: ReviewForm
  /** The supplier chosen on the form. */
  supplier: Readonly<Ref<CachedRow | null>>
  /** The invoice the form holds. */
  loadedId: Readonly<Ref<number | null>>
}

export function useReviewLines(options: ReviewLinesOptions) {
  const { workspace, companyKey, doc, lookups, form } = options
  const { t, locale } = useI18n()
  const lines = ref<CostLineDraft[]>([])
  /** Whether the user changed the lines of the invoice that is open (a proposal then stays as they left it). */
  const touched = ref(false)

  const supplierHistory = useLiveQuery(
    async () => {
      const db = workspace.value
      const supplierId = form.SupplierID
      if (!db || !companyKey || supplierId === null) return { supplierId, rows: [] as CachedRow[] }
      const rows = await db.SupplierInvoice.where('[companyKey+SupplierID]')
        .equals([companyKey, supplierId])
        .toArray()
      return { supplierId, rows }
    },
    [workspace, () => form.SupplierID],
    { supplierId: null as number | null, rows: [] as CachedRow[] },
  )
  const coding = computed<CodingProposals>(() => {
    const history = supplierHistory.value
    if (form.SupplierID === null || history.supplierId !== form.SupplierID) return {}
    return proposeCoding(options.supplier.value, history.rows, {
      invoiceId: options.currentId.value ?? undefined,
      supplierId: form.SupplierID,
      accounts: new Map(lookups.value.accounts.map((a) => [a.ID, a as unknown as CachedRow])),
    })
  })
  const totalOre = computed(() => parseMoney(form.TaxInclusiveAmount))
  const invoiceDate = computed(() => parseDate(form.InvoiceDate) ?? new Date().toISOString().slice(0, 10))
  const summary = computed(() =>
    summarise(lines.value, lookups.value.accounts, lookups.value.vatTypes, totalOre.value, invoiceDate.value),
  )
  /** The structured invoice (EHF, Factur-X) the document's OCR answer carries: its lines are the proposal. */
  const structured = computed(() => {
    const ocr = doc.value?.ocr
    for (const answer of Array.isArray(ocr) ? ocr : [ocr]) {
      const invoice = structuredInvoiceOf(answer as { OcrRawData?: unknown } | null)
      if (invoice) return invoice
    }
    return null
  })
  const structuredProposal = computed(() =>
    structured.value
      ? structuredDrafts(
          structured.value,
          coding.value,
          lookups.value.accounts,
          lookups.value.vatTypes,
          invoiceDate.value,
          locale.value as Locale,
        )
      : null,
  )
  const reasons = computed(() => {
    const p = coding.value
    const shown = {
      AccountID: () =>
        String(lookups.value.accounts.find((a) => a.ID === p.AccountID?.value)?.AccountNumber ?? ''),
      VatTypeID: () => {
        const vat = lookups.value.vatTypes.find((v) => v.ID === p.VatTypeID?.value)
        return vat ? (vat.VatCode ?? vat.Name) : ''
      },
      Description: () => '',
    }
    // Values proposed for the same reason share one sentence ("account 6540, VAT code 1 and description").
    const byReason = new Map<string, string[]>()
    // A structured invoice's lines bring their own VAT codes and descriptions; memory gives only the account.
    const fields = structured.value
      ? (['AccountID'] as const)
      : (['AccountID', 'VatTypeID', 'Description'] as const)
    for (const field of fields) {
      const proposal = p[field]
      if (!proposal) continue
      const reason = proposalReason(proposal)
      const text = t(`reviewLogic.memory.${reason.key}`, reason.params)
      byReason.set(text, [
        ...(byReason.get(text) ?? []),
        t(`review.lines.what.${field}`, { value: shown[field]() }),
      ])
    }
    const list = new Intl.ListFormat(intlLocale[locale.value as Locale], { type: 'conjunction' })
    const memory = [...byReason].map(([reason, what]) =>
      t('review.lines.proposed', { what: list.format(what), reason }),
    )
    return [...structuredNotes(), ...memory]
  })

  /** What the review says of lines taken from a structured invoice: where they come from, and each gap. */
  function structuredNotes(): string[] {
    const proposal = structuredProposal.value
    if (!proposal) return []
    const percent = new Intl.NumberFormat(intlLocale[locale.value as Locale], { maximumFractionDigits: 2 })
    return [
      t('review.lines.structured.from', { count: proposal.lines.length }),
      ...(coding.value.AccountID ? [] : [t('review.lines.structured.noAccount')]),
      ...proposal.gaps.map(({ line, item }) =>
        t('review.lines.structured.gap', {
          line,
          category: item.category ?? '–',
          rate: percent.format(item.rate ?? 0),
          why: t(`review.lines.structured.why.${item.gap}`),
        }),
      ),
    ]
  }

  /** The lines as the user changed them. */
  function edit(next: CostLineDraft[]): void {
    lines.value = next
    touched.value = true
  }

  /** The saved lines of a newly shown invoice. */
  function load(row: CachedRow): void {
    lines.value = linesFromRow(row, lookups.value.accounts, lookups.value.vatTypes, locale.value as Locale)
    touched.value = false
  }

  // The proposal fills an invoice without saved lines until the user changes them (a supplier chosen
  // later brings its own proposal).
  watch([coding, structured, () => lookups.value.accounts, () => lookups.value.vatTypes], () => {
    const current = doc.value
    if (!current || options.loadedId.value !== current.row.ID || touched.value) return
    if (linesFromRow(current.row, [], [], locale.value as Locale).length > 0) return
    if (structuredProposal.value) {
      lines.value = structuredProposal.value.lines
      return
    }
    const line = proposedLine(
      coding.value,
      lookups.value.accounts,
      lookups.value.vatTypes,
      totalOre.value,
      locale.value as Locale,
    )
    lines.value = line ? [line] : []
  })
  // A proposed line alone on the invoice carries the total until the user types its amount.
  watch(totalOre, (ore) => {
    const only = lines.value.length === 1 ? lines.value[0]! : null
    if (!only?.followsTotal) return
    const amount = ore === undefined ? '' : formatAmount(fromOre(ore), locale.value as Locale)
    lines.value = [{ ...only, amount }]
  })
  // A change of language rewrites the amounts as the new language writes them.
  watch(locale, (next) => {
    lines.value = lines.value.map((line) => ({ ...line, amount: reshownAmount(line.amount, next as Locale) }))
  })

  return { lines, coding, totalOre, summary, reasons, edit, load }
}

export type ReviewLinesState = ReturnType<typeof useReviewLines>
