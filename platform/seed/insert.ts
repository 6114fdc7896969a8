// Bulk insert of trusted rows (seed data, benchmarks): IDs from the per-company sequence, the
// standard fields and declared defaults filled in, many rows per statement. It bypasses the write
// path on purpose: no validation, no hooks, no change events.
import { nextId, sqlType } from '../db/migrate.ts'
import { ident, type Sql } from '../db/store.ts'
import type { Registry } from '../registry/registry.ts'

/** CreatedBy/UpdatedBy of rows the platform writes itself (no person did). */
export const SYSTEM_IDENTITY = '00000000-0000-0000-0000-000000000000'

export type Row = Record<string, unknown>

export interface InsertOptions {
  /** GlobalIdentity recorded as CreatedBy/UpdatedBy; default SYSTEM_IDENTITY. */
  createdBy?: string
  /** Rows per statement; the rows travel as one JSON parameter, so the parameter limit does not apply. */
  batchSize?: number
}

/**
 * Inserts rows of one entity and answers them as written (with their IDs, in input order).
 * Rows without an `ID` get the next IDs of the sequence (one sequence call for all of them); a row
 * may carry an ID reserved earlier with `reserveIds`, so rows can point at each other before insert.
 * `companyId` is ignored for global entities.
 */
export async function insertRows(
  sql: Sql,
  registry: Registry,
  entityName: string,
  companyId: number,
  rows: readonly Row[],
  options: InsertOptions = {},
): Promise<Row[]> {
  if (rows.length === 0) return []
  const entity = registry.require(entityName)
  const company = entity.scope === 'company'
  const fields = registry.fields(entity)
  const now = new Date().toISOString()
  const by = options.createdBy ?? SYSTEM_IDENTITY
  const defaultStatus = entity.defaultStatus ?? entity.statusCodes?.[0] ?? null

  const missing = rows.filter((r) => r.ID === undefined || r.ID === null).length
  let next = missing > 0 ? await reserveIds(sql, companyId, entityName, registry, missing) : 0

  const written = rows.map((input) => {
    const row: Row = {}
    for (const f of fields) {
      const given = input[f.name]
      row[f.name] = given !== undefined ? given : f.default !== undefined ? f.default : null
    }
    if (row.ID === null) row.ID = next++
    row.Deleted ??= false
    row.StatusCode ??= defaultStatus
    row.CreatedAt ??= now
    row.UpdatedAt ??= now
    row.CreatedBy ??= by
    row.UpdatedBy ??= by
    row.CustomValues = input.CustomValues ?? {}
    return row
  })

  // Columns no row sets stay out of the statement (they default to null): less JSON to parse.
  const used = fields.filter((f) => written.some((r) => r[f.name] !== null))
  const columns = [
    ...(company ? [{ name: 'CompanyID', type: 'integer' }] : []),
    ...used.map((f) => ({ name: f.name, type: sqlType[f.type] })),
    { name: 'CustomValues', type: 'jsonb' },
  ]
  const names = columns.map((c) => ident(c.name)).join(', ')
  const recordType = columns.map((c) => `${ident(c.name)} ${c.type}`).join(', ')
  const text = `insert into ${ident(entity.name)} (${names})
    select ${names} from json_to_recordset($1::json) as x(${recordType})`
  const batchSize = options.batchSize ?? 2000
  for (let i = 0; i < written.length; i += batchSize) {
    const batch = written.slice(i, i + batchSize).map((r) => {
      const out: Row = company ? { CompanyID: companyId } : {}
      for (const f of used) out[f.name] = r[f.name]
      out.CustomValues = r.CustomValues
      return out
    })
    await sql.query(text, [JSON.stringify(batch)])
  }
  return written
}

/** Takes `count` IDs from the sequence of (company, entity) and answers the first; the rest follow it. */
export async function reserveIds(
  sql: Sql,
  companyId: number,
  entityName: string,
  registry: Registry,
  count: number,
): Promise<number> {
  const entity = registry.require(entityName)
  return nextId(sql, entity.scope === 'company' ? companyId : 0, entity.name, count)
}
