// A journal draft: a batch of entries the accountant types, pastes or applies from a template, kept in the
// offline workspace until it is booked. Each line belongs to one entry of the batch; every entry must
// balance to the øre after its VAT lines, which come from the one rule the platform books with
// (common/vat.ts previewEntry), so the preview is exactly what gets booked.
import { oreToDecimal, type Ore } from '@common/money'
import { previewEntry, type EntryPreview, type VatTypeRule } from '@common/vat'

export interface DraftLine {
  /** Stable within the draft (list keys, focus). */
  key: string
  /** The entry of the batch this line belongs to, from 1. */
  entry: number
  /** yyyy-mm-dd */
  date: string | null
  /** A date that could not be read, kept as typed or pasted. */
  dateText: string
  accountId: number | null
  /** What the user typed or pasted for the account, kept while it names no account of the company. */
  accountText: string
  vatTypeId: number | null
  /** Debit positive, credit negative. */
  amount: Ore | null
  /** An amount that could not be read, kept as typed so nothing the user entered is lost. */
  amountText: string
  description: string
  /** The department and project the line is booked on (a Dimensions row on the platform). */
  departmentId?: number | null
  projectId?: number | null
  /** The platform's refusal of this line at the last booking, shown on the line. */
  refusal: string | null
}

export interface DraftAttachment {
  entry: number
  fileId: number
  name: string
}

export type DraftState = 'draft' | 'queued' | 'booked' | 'failed'

export interface JournalDraft {
  companyKey: string
  /** Negative local id: it names the booking in the outbox until the platform has numbered the entries. */
  id: number
  title: string
  lines: DraftLine[]
  attachments: DraftAttachment[]
  state: DraftState
  /** The outbox entry that books this draft, while it is queued. */
  outboxSeq: number | null
  /** The operation key of the queued booking: its answer is kept under it until the draft takes it. */
  operationKey: string | null
  /** The numbers the platform gave the entries (`45-2026`), by entry. */
  booked: { entry: number; number: string }[]
  /** A refusal that concerns no single line (the whole batch). */
  refusal: string | null
  /**
   * The booked entries to check when a retry found this booking on the platform in part: it was not sent
   * again, and the accountant looks at these before booking again.
   */
  partlyBooked?: string[] | null
  createdAt: string
  updatedAt: string
}

export interface JournalTemplate {
  companyKey: string
  id: string
  name: string
  /** The template's lines without dates; applying gives them the date chosen then. */
  lines: Omit<DraftLine, 'key' | 'date' | 'dateText' | 'refusal'>[]
  createdAt: string
}

let keyCounter = 0
export function lineKey(): string {
  keyCounter += 1
  return `l${Date.now().toString(36)}${keyCounter.toString(36)}`
}

/** A fresh, negative local id for a draft (unique on this computer). */
export function newDraftId(): number {
  return -(Date.now() * 1000 + Math.floor(Math.random() * 1000))
}

export function emptyLine(entry: number, date: string | null): DraftLine {
  return {
    key: lineKey(),
    entry,
    date,
    dateText: '',
    accountId: null,
    accountText: '',
    vatTypeId: null,
    amount: null,
    amountText: '',
    description: '',
    departmentId: null,
    projectId: null,
    refusal: null,
  }
}

export function newDraft(companyKey: string, date: string, now = new Date()): JournalDraft {
  return {
    companyKey,
    id: newDraftId(),
    title: '',
    lines: [emptyLine(1, date)],
    attachments: [],
    state: 'draft',
    outboxSeq: null,
    operationKey: null,
    booked: [],
    refusal: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  }
}

/** A line with nothing entered but its date: not sent, not counted. */
export function isBlank(line: DraftLine): boolean {
  return (
    line.accountId === null &&
    !line.accountText &&
    line.amount === null &&
    !line.amountText &&
    !line.description
  )
}

export interface EntryView {
  entry: number
  /** Indexes of the draft's lines in this entry. */
  lineIndexes: number[]
  preview: EntryPreview
  /** The preview lines per draft line (index in the draft). */
  byLine: Map<number, EntryPreview['lines']>
  bookable: boolean
}

/** The preview of every entry of the draft: booked lines, balance and problems, per draft line. */
/** The entries of a draft in order, each with the indexes of its lines that are not blank. */
export function entryGroups(lines: readonly DraftLine[]): [entry: number, lineIndexes: number[]][] {
  const groups = new Map<number, number[]>()
  lines.forEach((line, index) => {
    if (isBlank(line)) return
    const group = groups.get(line.entry)
    if (group) group.push(index)
    else groups.set(line.entry, [index])
  })
  return [...groups.entries()].sort(([a], [b]) => a - b)
}

export function previewDraft(
  draft: Pick<JournalDraft, 'lines'>,
  vatTypes: ReadonlyMap<number, VatTypeRule>,
  baseCurrencyId: number | null = null,
): EntryView[] {
  return entryGroups(draft.lines).map(([entry, lineIndexes]) => {
    const lines = lineIndexes.map((i) => draft.lines[i]!)
    const preview = previewEntry(
      lines.map((l) => ({
        AccountID: l.accountId,
        Amount: l.amount === null ? (l.amountText ? l.amountText : null) : oreToDecimal(l.amount),
        FinancialDate: l.date,
        VatTypeID: l.vatTypeId,
      })),
      vatTypes,
      baseCurrencyId,
    )
    const byLine = new Map<number, EntryPreview['lines']>()
    for (const line of preview.lines) {
      const index = lineIndexes[line.draftIndex]!
      const list = byLine.get(index)
      if (list) list.push(line)
      else byLine.set(index, [line])
    }
    const problems = preview.problems.map((p) => ({ ...p, draftIndex: lineIndexes[p.draftIndex]! }))
    // A line the rule cannot book yet (no account) still counts in the difference the user sees.
    let pending = 0
    lineIndexes.forEach((index) => {
      if (!byLine.has(index)) pending += draft.lines[index]!.amount ?? 0
    })
    if (pending !== 0) preview.balance += pending
    const bookable =
      problems.length === 0 && preview.balance === 0 && preview.lines.some((l) => l.amount !== 0)
    return { entry, lineIndexes, preview: { ...preview, problems }, byLine, bookable }
  })
}

/** Whether the whole draft can be booked: at least one entry, and every entry balanced and complete. */
export function draftBookable(entries: readonly EntryView[]): boolean {
  return entries.length > 0 && entries.every((e) => e.bookable)
}

/**
 * The entry a new line joins: the last line's, unless that entry already balances, then the next one
 * (typing a batch of vouchers one after another).
 */
export function entryForNewLine(draft: Pick<JournalDraft, 'lines'>, entries: readonly EntryView[]): number {
  const last = draft.lines.at(-1)
  if (!last) return 1
  const view = entries.find((e) => e.entry === last.entry)
  return view && view.bookable ? last.entry + 1 : last.entry
}

/**
 * The `book-journal-entries` body of a draft (spec 2.14, 4.6): one item per entry (its draft lines and
 * documents), lines in øre decimals, each line's Description exactly as the accountant wrote it.
 */
export function bookingBody(draft: JournalDraft) {
  return entryGroups(draft.lines).map(([entry, lineIndexes]) => {
    const lines = lineIndexes.map((i) => draft.lines[i]!)
    return {
      DraftLines: lines.map((l) => ({
        AccountID: l.accountId,
        Amount: oreToDecimal(l.amount ?? 0),
        FinancialDate: l.date,
        Description: l.description || undefined,
        ...(l.vatTypeId ? { VatTypeID: l.vatTypeId } : {}),
        // Main books the pair on the Dimensions row that holds it (the draft line's DimensionsID).
        ...(l.departmentId || l.projectId
          ? { Dimensions: { DepartmentID: l.departmentId ?? null, ProjectID: l.projectId ?? null } }
          : {}),
      })),
      FileIDs: draft.attachments.filter((a) => a.entry === entry).map((a) => a.fileId),
    }
  })
}

/**
 * Puts the platform's refusal on the lines it concerns: the booking's messages name a property like
 * `[1].DraftLines[0].AccountID` (entry 2 of the request, its first line). Messages that name no line stay
 * on the draft.
 */
export function applyRefusal(
  draft: JournalDraft,
  messages: readonly { PropertyName?: string | null; Message: string }[],
  fallback: string,
): JournalDraft {
  const entries = entryGroups(draft.lines)
  const lines = draft.lines.map((l) => ({ ...l, refusal: null as string | null }))
  const general: string[] = []
  for (const message of messages) {
    const m = /^\[(\d+)\]\.DraftLines\[(\d+)\]/.exec(message.PropertyName ?? '')
    const index = m ? entries[Number(m[1])]?.[1][Number(m[2])] : undefined
    if (index !== undefined) lines[index]!.refusal = message.Message
    else general.push(message.Message)
  }
  return {
    ...draft,
    lines,
    state: 'failed',
    refusal: general.length ? general.join('; ') : messages.length ? null : fallback,
  }
}

/** A template from a draft: its lines without dates or results. */
export function templateOf(draft: JournalDraft, name: string, now = new Date()): JournalTemplate {
  return {
    companyKey: draft.companyKey,
    id: crypto.randomUUID(),
    name,
    lines: draft.lines
      .filter((l) => !isBlank(l))
      .map((l) => ({
        entry: l.entry,
        accountId: l.accountId,
        accountText: l.accountText,
        vatTypeId: l.vatTypeId,
        amount: l.amount,
        amountText: l.amountText,
        description: l.description,
        departmentId: l.departmentId ?? null,
        projectId: l.projectId ?? null,
      })),
    createdAt: now.toISOString(),
  }
}

/** A new draft from a template, every line on `date`. */
export function draftFromTemplate(template: JournalTemplate, date: string, now = new Date()): JournalDraft {
  const draft = newDraft(template.companyKey, date, now)
  draft.title = template.name
  draft.lines = template.lines.map((l) => ({ ...l, key: lineKey(), date, dateText: '', refusal: null }))
  return draft
}
