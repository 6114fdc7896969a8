// The cost lines of the invoice shown: its saved lines; else, while it has none and the user has not changed
// them, a structured invoice's own lines (EHF, Factur-X: one per line, VAT code from its category and rate,
// account from supplier memory), or supplier memory's coding (from the supplier's earlier invoices in the
// cache) as one line for the whole total; each line read against the company's accounts and VAT codes and summed against the total;
// and why each value was proposed, in one sentence per reason, marked with its source. The coding comes
// first from the company's own history of the supplier (or its default account); without it, from how the
// office coded the supplier's organisation number in its other clients on this computer
// (logic/office-memory.ts); without that, from the platform's smart booking (logic/ledger-suggestions.ts).
import { computed, ref, watch, type Ref } from 'vue'
import { useI18n } from 'vue-i18n'
import type { Locale } from '@common/bridge/contract'
import { fromOre, parseMoney } from '@common/money'
import { parseDate } from '@common/parse'
import { formatAmount, intlLocale } from '@renderer/i18n/format'
import type { CachedRow, WorkspaceDb } from '@renderer/data/schema'
import { useLiveQuery } from '@renderer/data/use-live-query'
import { structuredInvoiceOf } from '@common/einvoice/ocr-answer'
import {
  linesFromRow,
  proposedLine,
  structuredDrafts,
  summarise,
  type CostLineDraft,
  type LineReason,
} from './cost-lines.ts'
import {
  proposalReason,
  proposeCoding,
  type CodingProposals,
  type ProposalSource,
} from './logic/supplier-memory.ts'
import { officeCoding, type OfficeEvidence } from './logic/office-memory.ts'
import { suggestionCoding } from './logic/ledger-suggestions.ts'
import type { LedgerSuggestion } from '@common/bridge/review'
import { normaliseOrgNumber } from '@common/parties/normalise'
import { useBridge } from '@renderer/bridge'
import { loadOfficeEvidence } from './office-memory-read.ts'
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
  /** The coding the company's own invoices from the supplier (or its default account) propose. */
  const ownCoding = computed<CodingProposals>(() => {
    const history = supplierHistory.value
    if (form.SupplierID === null || history.supplierId !== form.SupplierID) return {}
    return proposeCoding(options.supplier.value, history.rows, {
      invoiceId: options.currentId.value ?? undefined,
      supplierId: form.SupplierID,
      accounts: new Map(lookups.value.accounts.map((a) => [a.ID, a as unknown as CachedRow])),
    })
  })
  /** The supplier's organisation number, when the company has none of its own coding for the supplier. */
  const orgNumber = computed(() =>
    ownCoding.value.AccountID ? null : normaliseOrgNumber(String(options.supplier.value?.OrgNumber ?? '')),
  )
  const officeEvidence = useLiveQuery(
    async () => {
      const db = workspace.value
      const org = orgNumber.value
      if (!db || !companyKey || !org) return { org, evidence: [] as OfficeEvidence[] }
      return { org, evidence: await loadOfficeEvidence(db, companyKey, org) }
    },
    [workspace, orgNumber],
    { org: null as string | null, evidence: [] as OfficeEvidence[] },
  )
  const chart = computed(() => ({
    accounts: lookups.value.accounts as unknown as CachedRow[],
    vatTypes: lookups.value.vatTypes as unknown as CachedRow[],
  }))
  const office = computed(() => {
    const found = officeEvidence.value
    if (!orgNumber.value || found.org !== orgNumber.value) return { proposals: {}, notes: [] }
    return officeCoding(found.evidence, chart.value)
  })
  // The platform's smart booking, asked once per organisation number while neither the company nor the
  // office has coding for it (offline or refused: nothing is proposed).
  const bridge = useBridge()
  const suggestions = ref<{ org: string; list: LedgerSuggestion[] } | null>(null)
  const asked = new Map<string, Promise<LedgerSuggestion[]>>()
  watch(
    [orgNumber, () => officeEvidence.value.org, () => office.value.proposals.AccountID],
    ([org, evidenceOrg, officeAccount]) => {
      if (!org || !companyKey || evidenceOrg !== org || officeAccount) return
      let answer = asked.get(org)
      if (!answer) {
        answer = bridge
          .call('review.ledgerSuggestions', companyKey, org)
          .then((r) => r.suggestions)
          .catch(() => {
            asked.delete(org)
            return []
          })
        asked.set(org, answer)
      }
      void answer.then((list) => {
        if (orgNumber.value === org) suggestions.value = { org, list }
      })
    },
    { immediate: true },
  )
  const coding = computed<CodingProposals>(() => {
    const own = ownCoding.value
    if (own.AccountID || !orgNumber.value) return own
    if (office.value.proposals.AccountID) return office.value.proposals
    const asked = suggestions.value
    if (asked?.org === orgNumber.value) {
      const proposed = suggestionCoding(asked.list, chart.value)
      if (proposed.AccountID) return proposed
    }
    return own
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
  const markOf = (source: ProposalSource): LineReason['source'] =>
    source === 'office' || source === 'ledgerSuggestion' ? source : null
  const reasons = computed<LineReason[]>(() => {
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
    const byReason = new Map<string, { source: LineReason['source']; what: string[] }>()
    // A structured invoice's lines bring their own VAT codes and descriptions; memory gives only the account.
    const fields = structured.value
      ? (['AccountID'] as const)
      : (['AccountID', 'VatTypeID', 'Description'] as const)
    for (const field of fields) {
      const proposal = p[field]
      if (!proposal) continue
      const reason = proposalReason(proposal)
      const text = t(`reviewLogic.memory.${reason.key}`, reason.params, reason.params.count)
      const entry = byReason.get(text) ?? { source: markOf(proposal.source), what: [] }
      entry.what.push(t(`review.lines.what.${field}`, { value: shown[field]() }))
      byReason.set(text, entry)
    }
    const list = new Intl.ListFormat(intlLocale[locale.value as Locale], { type: 'conjunction' })
    const memory = [...byReason].map(([reason, { source, what }]) => ({
      text: t('review.lines.proposed', { what: list.format(what), reason }),
      source,
    }))
    // Why the office's coding of the supplier is not proposed here (a number named otherwise, a missing or
    // locked account), while nothing else is proposed for the account.
    const notes = p.AccountID
      ? []
      : office.value.notes.map((note) => ({
          text: t(`review.lines.office.${note.kind}`, { ...note, count: note.clients }, note.clients),
          source: 'office' as const,
        }))
    return [
      ...structuredNotes().map((text) => ({ text, source: null })),
      ...memory,
      ...notes,
    ] satisfies LineReason[]
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
