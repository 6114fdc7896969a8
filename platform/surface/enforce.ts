// `--surface documented`: the local platform answers as the documented cloud would be read from the spec
// and the field notes (documented.ts), and records every request that touches anything else.
// - A route, method or action the documents do not name answers 404.
// - A filter on a field the documents do not name is ignored, as the real service ignores filters on
//   unknown fields (field notes, "Query options"): the rows come back unfiltered. So does an orderby.
// - The file server's upload answer carries `Id` only; the session carries only documented permission
//   strings and of its License only the documented parts.
// - Query parameters, select and expand paths, and body fields the documents do not name are recorded.
// Each use is recorded once per kind, place and name (with the first request that made it), in memory and,
// with `--record-undocumented FILE`, as one JSON line in FILE.
import { appendFileSync } from 'node:fs'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { PlatformError } from '../errors.ts'
import {
  parseExpression,
  parseOrderList,
  parsePathList,
  parseSelectList,
  type Node,
} from '../query/parser.ts'
import type { UndocumentedKind, UndocumentedUse } from '../../common/platform-surface.ts'
import type { PlatformContext } from '../routes/context.ts'
import {
  answerShapes,
  entities,
  permissions,
  queryOptions,
  routes,
  standardFields,
  type RouteDecl,
  type SurfaceMethod,
  type SurfaceServer,
} from './documented.ts'

export type { UndocumentedKind, UndocumentedUse } from '../../common/platform-surface.ts'

export interface SurfaceRecorder {
  /** The undocumented uses. */
  readonly uses: readonly UndocumentedUse[]
  /** The documented routes used, with their sources (kind `documented`). */
  readonly documented: readonly UndocumentedUse[]
  record(use: UndocumentedUse): void
}

export function createRecorder(file?: string): SurfaceRecorder {
  const seen = new Set<string>()
  const uses: UndocumentedUse[] = []
  const documented: UndocumentedUse[] = []
  return {
    uses,
    documented,
    record(use) {
      const key = `${use.kind}|${use.method}|${use.route}|${use.entity ?? ''}|${use.name.toLowerCase()}`
      if (seen.has(key)) return
      seen.add(key)
      ;(use.kind === 'documented' ? documented : uses).push(use)
      if (file) appendFileSync(file, `${JSON.stringify(use)}\n`)
    },
  }
}

// ---------------------------------------------------------------------------------------------------------
// Matching a request to a declared route

interface CompiledRoute {
  decl: RouteDecl
  segments: string[]
}

/** PUT and DELETE of one row answer as the field notes say ("Responses") on every route that creates rows. */
function withRowWrites(declared: readonly RouteDecl[]): RouteDecl[] {
  const out = [...declared]
  const has = (method: SurfaceMethod, path: string) =>
    out.some((r) => r.method === method && r.path.toLowerCase() === path.toLowerCase() && !r.actions)
  for (const r of declared) {
    if (r.server !== 'api' || r.method !== 'POST' || !r.entity || r.actions || r.path.includes('{')) continue
    const one = `${r.path}/{id}`
    const source =
      'field-notes.md "Responses": PUT /{route}/{id} answers the updated entity; DELETE answers 204'
    if (!has('PUT', one)) out.push({ server: 'api', method: 'PUT', path: one, entity: r.entity, source })
    if (!has('DELETE', one))
      out.push({ server: 'api', method: 'DELETE', path: one, entity: r.entity, source })
  }
  // The download action answers a URL to the bytes (field notes): that address is the server's own choice.
  out.push({
    server: 'files',
    method: 'GET',
    path: 'api/download/{id}',
    params: ['key', 'expires', 'signature', 'sig', 'exp'],
    source: 'field-notes.md "Supplier invoices, files and OCR": the download answers a URL to the bytes',
  })
  return out
}

const compiled: CompiledRoute[] = withRowWrites(routes).map((decl) => ({
  decl,
  segments: decl.path.toLowerCase().split('/'),
}))

function segmentsMatch(pattern: readonly string[], actual: readonly string[]): boolean {
  if (pattern.length !== actual.length) return false
  return pattern.every((p, i) => {
    const a = actual[i]!
    if (p === '{id}') return /^\d+$/.test(a)
    if (p === '{name}') return a !== ''
    return p === a
  })
}

/** The path with numbers as `{id}`: how an undocumented route is named in the record. */
const shapeOf = (segments: readonly string[]) => segments.map((s) => (/^\d+$/.test(s) ? '{id}' : s)).join('/')

function queryValue(query: Record<string, unknown>, name: string): [string, string] | undefined {
  const key = Object.keys(query).find((k) => k.toLowerCase() === name.toLowerCase())
  if (key === undefined) return undefined
  const v = query[key]
  return [key, Array.isArray(v) ? String(v[0]) : String(v)]
}

// ---------------------------------------------------------------------------------------------------------
// Fields

const standard = new Set(standardFields.map((f) => f.toLowerCase()))

function entityDecl(name: string | undefined) {
  if (!name) return undefined
  const key = Object.keys(entities).find((k) => k.toLowerCase() === name.toLowerCase())
  return key ? { name: key, decl: entities[key]! } : undefined
}

type FieldVerdict =
  { documented: true } | { documented: false; entity: string; field: string; assumed: boolean }

/** Walks a dotted path from a model through documented relations. */
function checkPath(entity: string, parts: readonly string[]): FieldVerdict {
  let current = entityDecl(entity)
  for (let i = 0; i < parts.length; i++) {
    if (!current) return { documented: true } // a relation into a model the documents describe only by name
    const part = parts[i]!
    const lower = part.toLowerCase()
    const isLast = i === parts.length - 1
    const known = standard.has(lower) || current.decl.fields.some((f) => f.toLowerCase() === lower)
    if (!known) {
      return {
        documented: false,
        entity: current.name,
        field: parts.slice(i).join('.'),
        assumed: !!current.decl.open,
      }
    }
    if (isLast) return { documented: true }
    const relation = Object.entries(current.decl.relations ?? {}).find(([k]) => k.toLowerCase() === lower)
    if (!relation) return { documented: true }
    current = entityDecl(relation[1])
  }
  return { documented: true }
}

function pathsOf(node: Node, out: string[][] = []): string[][] {
  switch (node.kind) {
    case 'path':
      out.push(node.parts)
      break
    case 'call':
      for (const a of node.args) pathsOf(a, out)
      break
    case 'compare':
      pathsOf(node.left, out)
      pathsOf(node.right, out)
      break
    case 'in':
      pathsOf(node.left, out)
      for (const a of node.list) pathsOf(a, out)
      break
    case 'logic':
      pathsOf(node.left, out)
      pathsOf(node.right, out)
      break
    case 'not':
      pathsOf(node.expr, out)
      break
    case 'literal':
      break
  }
  return out
}

/** Operators and functions of spec 4.2 and, for the statistics route, of the field notes. */
const documentedFunctions = new Set([
  'contains',
  'startswith',
  'endswith',
  'count',
  'sum',
  'min',
  'max',
  'avg',
  'isnull',
  'casewhen',
  'year',
  'month',
  'between',
])

function filterProblems(expression: Node, statistics: boolean): string[] {
  const allowed = statistics ? documentedFunctions : new Set(['contains', 'startswith', 'endswith'])
  const problems = new Set<string>()
  const walk = (node: Node): void => {
    switch (node.kind) {
      case 'in':
        problems.add('in (...)')
        walk(node.left)
        node.list.forEach(walk)
        break
      case 'call':
        if (!allowed.has(node.name.toLowerCase())) problems.add(`${node.name}(...)`)
        node.args.forEach(walk)
        break
      case 'compare':
      case 'logic':
        walk(node.left)
        walk(node.right)
        break
      case 'not':
        walk(node.expr)
        break
      default:
        break
    }
  }
  walk(expression)
  return [...problems]
}

// ---------------------------------------------------------------------------------------------------------
// The hooks

/**
 * The platform's own web front end uses its whole API, documented or not; end-to-end tests play a colleague
 * working there (and set the scene) with this header. The app never sends it (test/node/platform/surface.test.ts).
 */
export const FRONT_END_HEADER = 'ledgerdesk-front-end'
const isFrontEnd = (request: FastifyRequest) => request.headers[FRONT_END_HEADER] === '1'

export function registerDocumentedSurface(
  app: FastifyInstance,
  pc: PlatformContext,
  recorder: SurfaceRecorder,
): void {
  const prefixes: [SurfaceServer, string][] = [
    ['licenseAdmin', new URL(pc.urls.licenseAdmin).pathname.replace(/^\/+|\/+$/g, '')],
    ['license', new URL(pc.urls.license).pathname.replace(/^\/+|\/+$/g, '')],
    ['files', new URL(pc.urls.files).pathname.replace(/^\/+|\/+$/g, '')],
  ]
  const identityPath = new URL(pc.urls.auth).pathname.replace(/^\/+|\/+$/g, '')

  /** Server and path under it; null for what is not an API surface (the identity server and its pages). */
  function locate(url: string): { server: SurfaceServer; segments: string[] } | null {
    const path = decodeURIComponent(url.split('?')[0]!).replace(/^\/+|\/+$/g, '')
    const lower = path.toLowerCase()
    if (lower === identityPath || lower.startsWith(`${identityPath}/`) || lower.startsWith('interaction/'))
      return null
    for (const [server, prefix] of prefixes) {
      if (prefix && (lower === prefix || lower.startsWith(`${prefix}/`)))
        return { server, segments: lower.slice(prefix.length).replace(/^\/+/, '').split('/') }
    }
    if (!lower.startsWith('api/')) return null
    return { server: 'api', segments: lower.split('/') }
  }

  const transitionsOf = async (route: string): Promise<Set<string>> => {
    const entity = pc.registry.byRoute(route)
    if (!entity) return new Set()
    const { rows } = await pc.store.query<{ MethodName: string }>(
      'select "MethodName" from "Transition" where lower("EntityType") = lower($1) and "Deleted" = false',
      [entity.name],
    )
    return new Set(rows.map((r) => r.MethodName.toLowerCase()))
  }

  const requestLine = (request: FastifyRequest) => `${request.method} ${request.url}`.slice(0, 600)

  app.addHook('onRequest', async (request, reply) => {
    if (isFrontEnd(request)) return
    const place = locate(request.url)
    if (!place) return
    const method = request.method.toUpperCase()
    if (method === 'OPTIONS' || method === 'HEAD') return
    const query = (request.query ?? {}) as Record<string, unknown>
    const action = queryValue(query, 'action')?.[1]
    const candidates = compiled.filter(
      (r) =>
        r.decl.server === place.server &&
        r.decl.method === method &&
        segmentsMatch(r.segments, place.segments),
    )
    const base = {
      method,
      request: requestLine(request),
    }
    // A transition of spec 3.2 on any entity: POST api/biz/<route>/{id}?action=<method name>.
    let decl = candidates.find((r) =>
      action ? r.decl.actions?.some((a) => a.toLowerCase() === action.toLowerCase()) : !r.decl.actions,
    )?.decl
    if (!decl && action && method === 'POST' && place.server === 'api') {
      const [a, b, route, id, ...rest] = place.segments
      if (a === 'api' && b === 'biz' && route && id && /^\d+$/.test(id) && rest.length === 0) {
        const viaDecl = candidates.find((r) => r.decl.transitions)?.decl
        if ((await transitionsOf(route)).has(action.toLowerCase()))
          decl = viaDecl ?? {
            server: 'api',
            method: 'POST',
            path: `api/biz/${route}/{id}`,
            source: 'platform-api.md 3.2',
          }
      }
    }
    if (!decl) {
      const routeName = candidates[0]?.decl.path ?? shapeOf(place.segments)
      const kind: UndocumentedKind = candidates.length > 0 ? 'action' : 'route'
      recorder.record({
        ...base,
        kind,
        route: `${place.server === 'api' ? '' : `{${place.server}}/`}${routeName}`,
        name: kind === 'action' ? (action ?? '(none)') : '',
        effect: 'refused',
      })
      throw new PlatformError(
        'NOT_FOUND',
        kind === 'action'
          ? `No action '${action ?? ''}' on ${method} /${place.segments.join('/')}`
          : `No route ${method} /${place.segments.join('/')}`,
      )
    }
    const route = `${decl.server === 'api' ? '' : `{${decl.server}}/`}${decl.path}`
    recorder.record({
      ...base,
      kind: 'documented',
      route,
      name: action ?? '',
      effect: 'answered',
      source: decl.source,
    })
    const known = new Set([...queryOptions, ...(decl.params ?? [])].map((p) => p.toLowerCase()))
    for (const key of Object.keys(query)) {
      if (!known.has(key.toLowerCase()))
        recorder.record({ ...base, kind: 'param', route, name: key, effect: 'recorded' })
    }
    const isStatistics = decl.path === 'api/statistics'
    const entity = isStatistics ? queryValue(query, 'model')?.[1] : decl.entity
    if (isStatistics && entity && !entityDecl(entity)) {
      // A model the documents do not name: the statistics route answers a query error as 200 with
      // `Success: false` (field notes, "Responses").
      recorder.record({ ...base, kind: 'statistics-model', route, name: entity, effect: 'refused' })
      return reply.code(200).send({ Data: [], Success: false, Message: `Unknown model '${entity}'` })
    }
    if (!entity || !entityDecl(entity)) return
    // filter: an undocumented field on a model the documents list fully makes the real service ignore it.
    for (const name of ['filter', '$filter']) {
      const found = queryValue(query, name)
      if (!found || found[1].trim() === '') continue
      let expression: Node
      try {
        expression = parseExpression(found[1], name)
      } catch {
        return // the platform's own parser answers the malformed filter
      }
      let ignore = false
      for (const problem of filterProblems(expression, isStatistics)) {
        recorder.record({ ...base, kind: 'filter', route, entity, name: problem, effect: 'ignored' })
        ignore = true
      }
      for (const parts of pathsOf(expression)) {
        const verdict = checkPath(entity, parts)
        if (verdict.documented) continue
        recorder.record({
          ...base,
          kind: 'filter',
          route,
          entity: verdict.entity,
          name: verdict.field,
          assumed: verdict.assumed,
          effect: verdict.assumed ? 'recorded' : 'ignored',
        })
        if (!verdict.assumed) ignore = true
      }
      if (ignore) delete query[found[0]]
    }
    for (const name of ['orderby', '$orderby']) {
      const found = queryValue(query, name)
      if (!found || found[1].trim() === '') continue
      try {
        let ignore = false
        for (const item of parseOrderList(found[1], name)) {
          for (const parts of pathsOf(item.expr)) {
            const verdict = checkPath(entity, parts)
            if (verdict.documented) continue
            recorder.record({
              ...base,
              kind: 'orderby',
              route,
              entity: verdict.entity,
              name: verdict.field,
              assumed: verdict.assumed,
              effect: verdict.assumed ? 'recorded' : 'ignored',
            })
            if (!verdict.assumed) ignore = true
          }
        }
        if (ignore) delete query[found[0]]
      } catch {
        /* the platform answers the malformed orderby */
      }
    }
    for (const name of ['select', '$select']) {
      const found = queryValue(query, name)
      if (!found) continue
      try {
        for (const item of parseSelectList(found[1], name))
          for (const parts of pathsOf(item.expr)) {
            // A statistics join names other models by alias; those columns are the join's, not the model's.
            if (isStatistics && parts.length > 1 && !checkPath(entity, parts.slice(0, 1)).documented) continue
            const verdict = checkPath(entity, parts)
            if (!verdict.documented)
              recorder.record({
                ...base,
                kind: 'select',
                route,
                entity: verdict.entity,
                name: verdict.field,
                assumed: verdict.assumed,
                effect: 'recorded',
              })
          }
      } catch {
        /* malformed: the platform answers it */
      }
    }
    for (const name of ['expand', '$expand']) {
      const found = queryValue(query, name)
      if (!found) continue
      try {
        for (const path of parsePathList(found[1], name)) {
          const verdict = checkPath(entity, path.parts)
          if (!verdict.documented)
            recorder.record({
              ...base,
              kind: 'expand',
              route,
              entity: verdict.entity,
              name: verdict.field,
              assumed: verdict.assumed,
              effect: 'recorded',
            })
        }
      } catch {
        /* malformed: the platform answers it */
      }
    }
    ;(request as FastifyRequest & { surfaceEntity?: { entity: string; route: string } }).surfaceEntity = {
      entity,
      route,
    }
  })

  // Body fields of writes, walked through documented relations.
  app.addHook('preHandler', async (request) => {
    if (isFrontEnd(request)) return
    const marked = (request as FastifyRequest & { surfaceEntity?: { entity: string; route: string } })
      .surfaceEntity
    if (!marked || request.method === 'GET' || request.body === undefined || request.body === null) return
    const base = { method: request.method.toUpperCase(), request: requestLine(request) }
    const visit = (value: unknown, entity: string, prefix: string[]) => {
      if (Array.isArray(value)) {
        for (const v of value) visit(v, entity, prefix)
        return
      }
      if (!value || typeof value !== 'object') return
      const decl = entityDecl(entity)
      if (!decl) return
      for (const [key, child] of Object.entries(value)) {
        const verdict = checkPath(entity, [key])
        if (!verdict.documented) {
          recorder.record({
            ...base,
            kind: 'body',
            route: marked.route,
            entity: verdict.entity,
            name: [...prefix, key].join('.'),
            assumed: verdict.assumed,
            effect: 'recorded',
          })
          continue
        }
        if (key === 'CustomValues') continue
        const relation = Object.entries(decl.decl.relations ?? {}).find(
          ([k]) => k.toLowerCase() === key.toLowerCase(),
        )
        if (relation && child && typeof child === 'object') visit(child, relation[1], [...prefix, key])
      }
    }
    visit(request.body, marked.entity, [])
  })

  // The answers whose shape the documents fix.
  const documentedPermissions = new Set(permissions.map((p) => p.name.toLowerCase()))
  app.addHook('onSend', async (request, reply, payload) => {
    if (isFrontEnd(request)) return payload
    if (typeof payload !== 'string' || reply.statusCode >= 300) return payload
    const place = locate(request.url)
    if (!place) return payload
    const action = queryValue((request.query ?? {}) as Record<string, unknown>, 'action')?.[1]?.toLowerCase()
    const path = place.segments.join('/')
    if (place.server === 'files' && path === 'api/file' && request.method === 'POST') {
      const answer = JSON.parse(payload) as Record<string, unknown>
      const shaped: Record<string, unknown> = {}
      for (const f of answerShapes.fileUpload.fields) if (f in answer) shaped[f] = answer[f]
      if (!('Id' in shaped) && 'ID' in answer) shaped.Id = answer.ID
      return JSON.stringify(shaped)
    }
    if (
      place.server === 'api' &&
      (path === 'api/biz/users' || path === 'api/biz/user') &&
      action === 'current-session'
    ) {
      const answer = JSON.parse(payload) as Record<string, unknown>
      const shaped: Record<string, unknown> = {}
      for (const f of answerShapes.session.fields) if (f in answer) shaped[f] = answer[f]
      shaped.Permissions = Array.isArray(answer.Permissions)
        ? answer.Permissions.filter(
            (p) => typeof p === 'string' && documentedPermissions.has(p.toLowerCase()),
          )
        : []
      const license = (answer.License ?? {}) as Record<string, unknown>
      shaped.License = Object.fromEntries(
        answerShapes.session.license.filter((k) => k in license).map((k) => [k, license[k]]),
      )
      for (const f of Object.keys(answer))
        if (!(f in shaped) && standard.has(f.toLowerCase())) shaped[f] = answer[f]
      return JSON.stringify(shaped)
    }
    return payload
  })
}
