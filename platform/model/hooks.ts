// Where domain modules plug their rules into the generic write path: per entity, code that runs
// before and after each write (in the write's transaction), named actions (`?action=x`) and side
// effects of transitions. The generic routes and write path know nothing about any domain.
import type { Sql } from '../db/store.ts'
import type { Registry } from '../registry/registry.ts'
import type { EntityDef } from '../registry/types.ts'

export type Operation = 'C' | 'U' | 'D'

/** Who writes, in which company, inside which transaction. */
export interface WriteScope {
  /** The open transaction: every query of a hook or action goes through it (never the store itself). */
  sql: Sql
  registry: Registry
  companyId: number
  companyKey: string
  /** User.ID of the caller in this company (0 for system writes). */
  userId: number
  globalIdentity: string
  /** Route that caused the write, e.g. `POST supplierinvoices` (change events, webhooks). */
  reason: string
}

export interface BeforeWriteEvent extends WriteScope {
  entity: EntityDef
  operation: Operation
  /** Row before the write (update, delete), column values as stored. */
  before?: Record<string, unknown>
  /**
   * Column values about to be written (create: the full row; update: the changed columns only).
   * A hook may change them; throwing a PlatformError refuses the write.
   */
  values: Record<string, unknown>
}

export interface AfterWriteEvent extends WriteScope {
  entity: EntityDef
  operation: Operation
  id: number
  before?: Record<string, unknown>
  /** Names of the fields the write changed. */
  changed: string[]
}

/** Generic operations a domain action may use, bound to the request's company, user and transaction. */
export interface EntityApi {
  /** The entity in read shape (as GET answers it), or undefined. */
  read(
    entity: EntityDef,
    id: number,
    opts?: { expand?: string; includeDeleted?: boolean },
  ): Promise<Record<string, unknown> | undefined>
  /** Creates through the client write path (validation, graph); a model with transitions starts in its default status. */
  create(entity: EntityDef, body: unknown): Promise<number>
  update(entity: EntityDef, id: number, body: unknown): Promise<void>
  remove(entity: EntityDef, id: number): Promise<void>
  /** Sets columns without client validation (status changes and other server-owned fields). */
  setFields(entity: EntityDef, id: number, values: Record<string, unknown>): Promise<void>
  /** Runs a transition by MethodName (spec 3.2); throws TRANSITION_NOT_ALLOWED when no flow allows it. */
  transition(entity: EntityDef, id: number, methodName: string): Promise<void>
}

export interface ActionRequest extends WriteScope {
  api: EntityApi
  entity: EntityDef
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Entity id from the path (`supplierinvoices/12?action=x`), absent on `supplierinvoices?action=x`. */
  id?: number
  body: unknown
  /** Query string parameters, names lower-cased. */
  query: Record<string, string>
  clientId: string
}

/** Answer of an action with an explicit HTTP status; any other value is sent as JSON with 200, undefined as 204. */
export class ActionResponse {
  constructor(
    readonly status: number,
    readonly body?: unknown,
  ) {}
}

export interface ActionDef {
  /** HTTP methods that reach the action; default POST and PUT. */
  methods?: readonly ActionRequest['method'][]
  /** Whether the action needs an entity id in the path (`route/{id}?action=`), forbids it, or takes either. */
  target?: 'entity' | 'collection' | 'either'
  handler(req: ActionRequest): Promise<unknown>
}

export interface TransitionEvent extends WriteScope {
  entity: EntityDef
  id: number
  methodName: string
  fromStatus: number
  toStatus: number
  /**
   * Set by a beforeTransition hook that started an approval flow instead (spec 3.5 threshold rule):
   * the status stays, afterTransition hooks do not run, and the transaction commits.
   */
  held?: boolean
}

export interface EntityHooks {
  beforeWrite?(event: BeforeWriteEvent): Promise<void> | void
  /** Runs in the transition's transaction before the status changes; may refuse by throwing. */
  beforeTransition?(event: TransitionEvent): Promise<void> | void
  afterWrite?(event: AfterWriteEvent): Promise<void> | void
  /** Runs in the transition's transaction after the status was set; may refuse by throwing. */
  afterTransition?(event: TransitionEvent): Promise<void> | void
  /** Named actions, matched case-insensitively (`assign-to`, `current-session`). */
  actions?: Record<string, ActionDef>
}

export interface HookSet {
  /** Hooks of one entity, or of every entity with `*` (entity locks, change events). */
  register(entityName: string, hooks: EntityHooks): void
  beforeWrite(event: BeforeWriteEvent): Promise<void>
  beforeTransition(event: TransitionEvent): Promise<void>
  afterWrite(event: AfterWriteEvent): Promise<void>
  afterTransition(event: TransitionEvent): Promise<void>
  action(entityName: string, name: string): ActionDef | undefined
  /** Names of the actions registered for an entity (hypermedia links). */
  actionNames(entityName: string): string[]
}

export function createHookSet(): HookSet {
  const byEntity = new Map<string, EntityHooks[]>()
  // Hooks registered for every entity (`*`) run before the entity's own.
  const list = (name: string) => [...(byEntity.get('*') ?? []), ...(byEntity.get(name.toLowerCase()) ?? [])]
  return {
    register(entityName, hooks) {
      const key = entityName.toLowerCase()
      byEntity.set(key, [...(byEntity.get(key) ?? []), hooks])
    },
    async beforeWrite(event) {
      for (const h of list(event.entity.name)) await h.beforeWrite?.(event)
    },
    async beforeTransition(event) {
      for (const h of list(event.entity.name)) await h.beforeTransition?.(event)
    },
    async afterWrite(event) {
      for (const h of list(event.entity.name)) await h.afterWrite?.(event)
    },
    async afterTransition(event) {
      for (const h of list(event.entity.name)) await h.afterTransition?.(event)
    },
    action(entityName, name) {
      const wanted = name.toLowerCase()
      for (const h of list(entityName)) {
        for (const [n, def] of Object.entries(h.actions ?? {})) if (n.toLowerCase() === wanted) return def
      }
      return undefined
    },
    actionNames(entityName) {
      return list(entityName).flatMap((h) => Object.keys(h.actions ?? {}))
    },
  }
}

/**
 * The hooks every platform in this process uses. Domain modules register into it when imported;
 * their code is stateless per platform (state lives in the database), so one set serves them all.
 */
export const hooks: HookSet = createHookSet()
