// How main asks the platform for each cached entity: the route (spec 4.x), the expansions, the statistics
// query and which rows belong to the cache, as common/entities/declarations.ts declares them; and the
// filter of a pull page after its checkpoint.
import {
  cachedEntityDeclarations,
  quote,
  type CachedEntityDeclaration,
} from '../../../../common/entities/declarations.ts'
import type { SyncEntity } from '../../../../common/bridge/sync.ts'

export { quote }

/** What the pull reads of an entity's declaration. */
export type EntitySource = Pick<CachedEntityDeclaration<unknown>, 'route' | 'expand' | 'statistics' | 'scope'>

export const sources: Readonly<Record<SyncEntity, EntitySource>> = cachedEntityDeclarations

/** The page after the checkpoint (UpdatedAt, ID): the tie-break takes the rest of a shared UpdatedAt. */
export function afterCheckpoint(updatedAt: string | null, id: number): string | null {
  if (updatedAt === null) return id > 0 ? `ID gt ${id}` : null
  const t = quote(updatedAt)
  return `(UpdatedAt gt ${t} or (UpdatedAt eq ${t} and ID gt ${id}))`
}

export function and(...parts: (string | null | undefined)[]): string | undefined {
  const present = parts.filter((p): p is string => !!p)
  return present.length > 0 ? present.join(' and ') : undefined
}
