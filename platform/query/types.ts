// The read path's context and options (the interface CORE's routes call).
import type { Sql } from '../db/store.ts'
import type { Registry } from '../registry/registry.ts'
import type { EntityDef } from '../registry/types.ts'

/** An active custom field (spec 2.16): `Color` appears as `CustomValues.CustomColor`. */
export interface CustomFieldDef {
  name: string
  type: 'smalltext' | 'text' | 'number' | 'money'
}

export interface ReadContext {
  sql: Sql
  registry: Registry
  companyId: number
  customFields(entity: EntityDef): readonly CustomFieldDef[]
  /**
   * The reading user; absent for the platform's own reads. The models' access declarations are checked
   * against them (registry/access.ts); write-only fields are left out for every reader.
   */
  viewer?: Viewer
}

export interface Viewer {
  globalIdentity: string
  /** User.ID in the company. */
  userId: number
  /** Role names the user holds in the company, lower case (the access declarations name roles). */
  roles: ReadonlySet<string>
}

export interface ListOptions {
  filter?: string
  select?: string
  expand?: string
  orderby?: string
  top?: number
  skip?: number
  /** spec 4.2: `hateoas=false` removes hypermedia; hypermedia is opt-in (field notes), so absent means false. */
  hateoas?: boolean
  /**
   * Field notes: the total travels in the `count` header "when asked for" (`count=true`, `$count=true`,
   * `$inlinecount=allpages`). Without asking, the total is given only when the page itself proves it
   * (a short page), so a paged list never pays for counting rows it does not return.
   */
  count?: boolean
}
