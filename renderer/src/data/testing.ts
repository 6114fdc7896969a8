// Rows for tests that seed a workspace (Dexie) themselves.
import type { CompanyRecord } from './schema.ts'

/** A company of the workspace as the companies store records it, idle and never synced. */
export const companyRecord = (
  Key: string,
  Name: string,
  userId: number | null,
  offline = true,
): CompanyRecord => ({
  Key,
  Name,
  OrganizationNumber: null,
  offline,
  lastOpenedAt: null,
  syncState: 'idle',
  lastSyncAt: null,
  lastError: null,
  userId,
})
