// Two parties of the same kind in one company with the same organisation number are duplicates: each card
// names the other, and Merge moves one into the other. A deactivated party (a merged duplicate) and a
// deleted one are no longer counted.
import { GenericStatus } from '../status.ts'
import { normaliseOrgNumber } from './normalise.ts'

export interface PartyIdentity {
  ID: number
  OrgNumber?: string | null
  StatusCode?: number | null
  Deleted?: boolean | null
}

const counted = (party: PartyIdentity) =>
  party.Deleted !== true &&
  party.StatusCode !== GenericStatus.Inactive &&
  party.StatusCode !== GenericStatus.Deleted

/** For each party that has duplicates: the IDs of the others with its organisation number, lowest first. */
export function duplicatesOf(parties: Iterable<PartyIdentity>): Map<number, number[]> {
  const byNumber = new Map<string, number[]>()
  for (const party of parties) {
    if (!counted(party)) continue
    const number = normaliseOrgNumber(party.OrgNumber)
    if (!number) continue
    const ids = byNumber.get(number)
    if (ids) ids.push(party.ID)
    else byNumber.set(number, [party.ID])
  }
  const out = new Map<number, number[]>()
  for (const ids of byNumber.values()) {
    if (ids.length < 2) continue
    const sorted = [...ids].sort((a, b) => a - b)
    for (const id of sorted) out.set(id, sorted.filter((other) => other !== id))
  }
  return out
}
