// The custom fields the workspace knows per company (the `customFieldSets` table): what Admin read from the
// platform and what it defined, kept so the forms show typed custom values offline. A field defined on
// another computer is known here by name only, from the `CustomValues` keys of the rows (spec 2.16, 4.2).
import type { CustomFieldDefinition, CustomFieldsRead } from '@common/bridge/admin-fields'
import { nameOfCustomKey, type CustomFieldModel } from '@common/custom-values'
import { CustomFieldStatus } from '@common/status'
import type { CustomFieldSet, WorkspaceDb } from './schema.ts'

const same = (a: { model: string; Name: string }, b: { model: string; Name: string }) =>
  a.model === b.model && a.Name.toLowerCase() === b.Name.toLowerCase()

/** A field seen on the rows of `model` and not defined here: its name, active, its type not told. */
function seenField(model: CustomFieldModel, Name: string): CustomFieldDefinition {
  return {
    model,
    Name,
    ID: null,
    DataType: null,
    kind: null,
    Nullable: null,
    StatusCode: CustomFieldStatus.Active,
  }
}

/**
 * The fields after a read: every field defined here stays (a field seen on rows is active, so its status
 * says so), and a field seen on rows that none describes is added by name.
 */
export function mergeRead(
  known: readonly CustomFieldDefinition[],
  read: CustomFieldsRead,
): CustomFieldDefinition[] {
  const out = known.map((f) => {
    const seen = read.seen.some(
      (s) => s.model === f.model && s.names.some((n) => same(f, { model: f.model, Name: n })),
    )
    return seen ? { ...f, StatusCode: CustomFieldStatus.Active } : f
  })
  for (const s of read.seen)
    for (const Name of s.names)
      if (!out.some((f) => same(f, { model: s.model, Name }))) out.push(seenField(s.model, Name))
  return out
}

/** Keeps what Admin read for the company, with the fields known before. */
export async function keepRead(
  db: WorkspaceDb,
  companyKey: string,
  read: CustomFieldsRead,
): Promise<CustomFieldSet> {
  return db.transaction('rw', db.customFieldSets, async () => {
    const before = await db.customFieldSets.get(companyKey)
    const set: CustomFieldSet = {
      companyKey,
      types: read.types,
      models: read.models,
      fields: mergeRead(before?.fields ?? [], read),
      readAt: new Date().toISOString(),
    }
    await db.customFieldSets.put(set)
    return set
  })
}

/** Keeps one field as the platform answered a definition or an activation. */
export async function keepField(
  db: WorkspaceDb,
  companyKey: string,
  field: CustomFieldDefinition,
): Promise<void> {
  await db.transaction('rw', db.customFieldSets, async () => {
    const before = await db.customFieldSets.get(companyKey)
    const fields = before?.fields ?? []
    const next = fields.some((f) => same(f, field))
      ? fields.map((f) => (same(f, field) ? field : f))
      : [...fields, field]
    await db.customFieldSets.put({
      companyKey,
      types: before?.types ?? [],
      models: before?.models ?? [],
      fields: next,
      readAt: before?.readAt ?? null,
    })
  })
}

/**
 * The active fields a form of `model` shows for one row: the known active fields, and any key of the row's
 * `CustomValues` none of them names (a field defined elsewhere, active since the platform returns it).
 */
export function fieldsForRow(
  known: readonly CustomFieldDefinition[],
  model: CustomFieldModel,
  values: unknown,
): CustomFieldDefinition[] {
  const out = known.filter((f) => f.model === model && f.StatusCode !== CustomFieldStatus.Created)
  const keys = typeof values === 'object' && values !== null ? Object.keys(values) : []
  for (const key of keys) {
    const Name = nameOfCustomKey(key)
    if (Name && !out.some((f) => same(f, { model, Name }))) out.push(seenField(model, Name))
  }
  return out
}
