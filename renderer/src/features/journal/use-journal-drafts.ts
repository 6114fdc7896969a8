// The journal drafts of the open company kept on this computer, and the one open for editing: its entries
// previewed with VAT and balance, edits saved shortly after they are made (and at once when the view is
// left), booking through the outbox, templates saved from it and applied to a new one.
import { computed, onBeforeUnmount, ref, watch, type Ref } from 'vue'
import { useI18n } from 'vue-i18n'
import type { VatTypeRule } from '@common/vat'
import type { WorkspaceDb } from '@renderer/data/schema'
import { useLiveQuery } from '@renderer/data/use-live-query'
import {
  draftBookable,
  draftFromTemplate,
  newDraft,
  previewDraft,
  templateOf,
  type JournalDraft,
} from './draft.ts'
import {
  deleteDraft,
  listDrafts,
  listTemplates,
  queueBooking,
  saveDraft,
  saveTemplate,
} from './draft-store.ts'

/** Today as drafts are dated (yyyy-mm-dd). */
export const today = () => new Date().toISOString().slice(0, 10)

export function useJournalDrafts(
  db: Readonly<Ref<WorkspaceDb | null>>,
  companyKey: Readonly<Ref<string | null>>,
  vatRules: Readonly<Ref<Map<number, VatTypeRule>>>,
  baseCurrency: Readonly<Ref<number | null>>,
) {
  const { t } = useI18n()
  const drafts = useLiveQuery(
    async () => (db.value && companyKey.value ? listDrafts(db.value, companyKey.value) : []),
    [db, companyKey],
    [] as JournalDraft[],
  )
  const templates = useLiveQuery(
    async () => (db.value && companyKey.value ? listTemplates(db.value, companyKey.value) : []),
    [db, companyKey],
    [],
  )

  const draft = ref<JournalDraft | null>(null)
  const message = ref<{ kind: 'info' | 'error'; text: string } | null>(null)

  // The stored draft wins when the booking moved it on (queued, booked, refused); edits stay local until saved.
  watch(drafts, (list) => {
    const current = draft.value
    if (!current) {
      draft.value = list.find((d) => d.state !== 'booked') ?? null
      return
    }
    const stored = list.find((d) => d.id === current.id)
    if (stored && (stored.state !== current.state || stored.booked.length !== current.booked.length))
      draft.value = stored
  })

  const entries = computed(() =>
    draft.value ? previewDraft(draft.value, vatRules.value, baseCurrency.value) : [],
  )
  const bookable = computed(() => draftBookable(entries.value))
  const difference = computed(() => entries.value.reduce((sum, e) => sum + e.preview.balance, 0))
  const readonly = computed(() => draft.value?.state === 'queued' || draft.value?.state === 'booked')

  let saveTimer: ReturnType<typeof setTimeout> | undefined
  function persist() {
    clearTimeout(saveTimer)
    const target = db.value
    const current = draft.value
    if (!target || !current || readonly.value) return
    saveTimer = setTimeout(() => {
      saveDraft(target, current).catch((error: unknown) => {
        console.error(
          'Saving the journal draft failed',
          { companyKey: current.companyKey, id: current.id },
          error,
        )
        message.value = { kind: 'error', text: (error as Error).message }
      })
    }, 250)
  }
  onBeforeUnmount(() => {
    // Leaving the view saves at once what the timer would have saved.
    if (saveTimer && db.value && draft.value && !readonly.value) void saveDraft(db.value, draft.value)
    clearTimeout(saveTimer)
  })

  function setTitle(title: string) {
    if (!draft.value) return
    draft.value.title = title
    persist()
  }

  function setLines(lines: JournalDraft['lines']) {
    if (!draft.value || readonly.value) return
    draft.value = {
      ...draft.value,
      lines,
      state: draft.value.state === 'failed' ? 'draft' : draft.value.state,
    }
    persist()
  }

  function setAttachments(attachments: JournalDraft['attachments']) {
    if (!draft.value || readonly.value) return
    draft.value = { ...draft.value, attachments }
    persist()
  }

  function startDraft() {
    if (!companyKey.value || !db.value) return
    draft.value = newDraft(companyKey.value, today())
    message.value = null
    void saveDraft(db.value, draft.value)
  }

  function openDraft(d: JournalDraft) {
    draft.value = d
    message.value = null
  }

  async function removeDraft() {
    if (!db.value || !draft.value) return
    await deleteDraft(db.value, draft.value.companyKey, draft.value.id)
    draft.value = null
  }

  async function book() {
    const target = db.value
    const current = draft.value
    if (!target || !current || !bookable.value || readonly.value) return
    clearTimeout(saveTimer)
    try {
      await queueBooking(target, current, vatRules.value)
      draft.value = { ...current, state: 'queued' }
      message.value = { kind: 'info', text: t('journal.queued') }
    } catch (error) {
      message.value = { kind: 'error', text: (error as Error).message }
    }
  }

  /** Saves the open draft's lines as a template named `name`; false when there is nothing to save. */
  async function storeTemplate(name: string): Promise<boolean> {
    if (!db.value || !draft.value || !name.trim()) return false
    await saveTemplate(db.value, templateOf(draft.value, name.trim()))
    return true
  }

  /** Opens a new draft from the template `id`, its lines dated `date` (today when empty). */
  async function applyTemplate(id: string, date: string) {
    const template = templates.value.find((x) => x.id === id)
    if (!template || !db.value) return
    draft.value = draftFromTemplate(template, date || today())
    await saveDraft(db.value, draft.value)
  }

  return {
    drafts,
    templates,
    draft,
    message,
    entries,
    bookable,
    difference,
    readonly,
    setTitle,
    setLines,
    setAttachments,
    startDraft,
    openDraft,
    removeDraft,
    book,
    storeTemplate,
    applyTemplate,
  }
}
