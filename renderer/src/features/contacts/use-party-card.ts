// A party's card over the open company's cache, live (the reads are ./card-rows.ts), with the facts it
// shows worked out from them.
import { computed } from 'vue'
import { useLiveQuery } from '@renderer/data/use-live-query'
import { useWorkspace } from '@renderer/stores/workspace'
import type { AccountRef } from '@common/parse'
import { partyName, type CardEntity } from './card-facts.ts'
import { cardFacts, emptyCard, loadCard, type CardRows } from './card-rows.ts'

/** Today in the user's time zone (`yyyy-mm-dd`): what "overdue" and "the last twelve months" count from. */
function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

export function usePartyCard(props: { companyKey: string; entity: CardEntity; id: number }) {
  const workspace = useWorkspace()
  const rows = useLiveQuery<CardRows>(
    async () =>
      workspace.value ? loadCard(workspace.value, props.companyKey, props.entity, props.id) : emptyCard(),
    [workspace, () => props.companyKey, () => props.entity, () => props.id],
    emptyCard(),
  )
  const party = computed(() => rows.value.party)
  const name = computed(() => partyName(party.value))
  const today = localToday()
  const facts = computed(() => cardFacts(rows.value, props.entity, props.id, today))
  /** The party's entries still on this computer: waiting, refused, or in conflict. */
  const entries = computed(() => rows.value.entries)
  const waiting = computed(() => entries.value.filter((e) => e.state === 'pending' || e.state === 'sending'))
  const refused = computed(() => entries.value.filter((e) => e.state === 'failed'))
  const conflicts = computed(() => entries.value.filter((e) => e.state === 'conflict'))
  const accounts = computed(() => rows.value.accounts as unknown as AccountRef[])
  return { workspace, rows, party, name, facts, waiting, refused, conflicts, accounts }
}

export type PartyCardState = ReturnType<typeof usePartyCard>
