// Opt-in hypermedia (field notes: `hateoas=true` adds `_links: { actions, transitions, relations }`,
// each `{ href, method, responsetype, title }`; a transition appears only when it is allowed now).
import { allowedTransitions } from '../domain/transitions.ts'
import type { ReadContext } from '../query/index.ts'
import { grantOf } from '../registry/access.ts'
import type { EntityDef } from '../registry/types.ts'
import type { PlatformContext } from './context.ts'

interface Link {
  href: string
  method: string
  responsetype: string
  title: string
}

type Row = Record<string, unknown>

export async function addLinks(
  pc: PlatformContext,
  rc: ReadContext,
  entity: EntityDef,
  rows: Row[],
): Promise<Row[]> {
  const api = `${pc.urls.base}api/biz/`
  const actions = pc.hooks.actionNames(entity.name)
  const byStatus = new Map<number | null, Promise<string[]>>()
  const transitionsAt = (status: number | null) => {
    let p = byStatus.get(status)
    if (!p) {
      p = allowedTransitions(rc.sql, entity, status)
      byStatus.set(status, p)
    }
    return p
  }
  return Promise.all(
    rows.map(async (row) => {
      const id = row.ID
      const self = `${api}${entity.route}/${String(id)}`
      const status = typeof row.StatusCode === 'number' ? row.StatusCode : null
      const links: Record<string, Link[]> = {
        actions: actions.map((name) => {
          const def = pc.hooks.action(entity.name, name)
          const href =
            def?.target === 'collection' ? `${api}${entity.route}?action=${name}` : `${self}?action=${name}`
          return { href, method: def?.methods?.[0] ?? 'POST', responsetype: 'json', title: name }
        }),
        transitions: (await transitionsAt(status)).map((name) => ({
          href: `${self}?action=${name}`,
          method: 'POST',
          responsetype: 'void',
          title: name,
        })),
        relations: entity.relations.flatMap((rel) => {
          const target = pc.registry.require(rel.target)
          // No link leads to a model the reader may not read (it would only answer 403).
          if (rc.viewer && grantOf(target, 'read', rc.viewer.roles) === 'none') return []
          if (rel.kind === 'one') {
            const fk = row[rel.foreignKey]
            if (fk === null || fk === undefined) return []
            return [
              {
                href: `${api}${target.route}/${String(fk)}`,
                method: 'GET',
                responsetype: 'json',
                title: rel.name,
              },
            ]
          }
          const filter = encodeURIComponent(`${rel.foreignKey} eq ${String(id)}`)
          return [
            {
              href: `${api}${target.route}?filter=${filter}`,
              method: 'GET',
              responsetype: 'json',
              title: rel.name,
            },
          ]
        }),
      }
      return { ...row, _links: links }
    }),
  )
}
