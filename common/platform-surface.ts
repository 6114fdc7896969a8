// What the platform in its documented mode records of a request that touched something the spec and field
// notes do not document (platform/surface/enforce.ts), as the app's list of extensions
// (electron/main/services/api/extensions.ts) and scripts/check-surface.ts read it.

export type UndocumentedKind =
  | 'route'
  | 'action'
  | 'param'
  | 'filter'
  | 'orderby'
  | 'select'
  | 'expand'
  | 'body'
  | 'statistics-model'
  /** Not a fault: a documented route the client used, with its source (for the table in docs/platform-needs.md). */
  | 'documented'

export interface UndocumentedUse {
  kind: UndocumentedKind
  method: string
  /** The route as declared or, for an undocumented one, the path with numbers as `{id}`. */
  route: string
  /** The action, parameter, field path or model that is undocumented (empty for a route). */
  name: string
  /** The model the field was looked up on. */
  entity?: string
  /**
   * The model has more fields than the documents list (documented.ts `open`): the use is recorded, but the
   * platform does not ignore it.
   */
  assumed?: boolean
  /** What the documented platform did with it. */
  effect: 'refused' | 'ignored' | 'recorded' | 'answered'
  /** For a documented use: where the documents say so. */
  source?: string
  /** The first request that made this use: method, path and query. */
  request: string
}
