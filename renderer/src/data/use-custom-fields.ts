// The custom fields the workspace knows for a company, observed live (./custom-fields.ts keeps them): a form
// shows a field as soon as Admin defines it, and offline as last kept.
import type { Ref } from 'vue'
import type { CustomFieldDefinition } from '@common/bridge/admin-fields'
import type { WorkspaceDb } from './schema.ts'
import { useLiveQuery } from './use-live-query.ts'

export function useKnownCustomFields(
  db: Readonly<Ref<WorkspaceDb | null>>,
  companyKey: () => string,
): Readonly<Ref<CustomFieldDefinition[]>> {
  return useLiveQuery<CustomFieldDefinition[]>(
    async () => (await db.value?.customFieldSets.get(companyKey()))?.fields ?? [],
    [db, companyKey],
    [],
  )
}
