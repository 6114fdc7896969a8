// The platform's read path: list and single-entity reads with the query options of spec 4.2, the
// statistics route's query, and the row-to-API conversion.
export type { CustomFieldDef, ListOptions, ReadContext } from './types.ts'
export { parseListOptions } from './options.ts'
export { listEntities, getEntityById } from './list.ts'
export { runStatistics } from './statistics.ts'
export { rowToApi } from './row.ts'
