// Access declared per model (registry `access`, `secret` fields) over HTTP: for every model with a read
// or write rule, generated from the registry, each read path answers the same for a member without
// the role (403, or only their own rows) and one with it (the rows); write-only fields never appear in
// any answer to anyone; writes follow the same declarations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registry } from '../../../platform/registry/index.ts'
import { accessRule } from '../../../platform/registry/access.ts'
import type { EntityDef } from '../../../platform/registry/types.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'

const company = DEMO_COMPANIES.nordlys.key
let p: TestPlatform
/** anne holds Administrator (every declared role rule admits it); per holds Approval.Accounting only. */
const tokens = { anne: '', per: '' }
type Who = keyof typeof tokens

const as = (who: Who, method: string, path: string, body?: unknown) =>
  api(p.urls.base, method, path, { token: tokens[who], companyKey: company, body })

const restrictedRead = registry.entities.filter((e) => !e.internal && accessRule(e, 'read') !== 'company')
const restrictedWrite = registry.entities.filter(
  (e) => !e.internal && !e.readOnly && accessRule(e, 'write') !== 'company',
)
const ownerOnly = (e: EntityDef) => {
  const rule = accessRule(e, 'read')
  return rule !== 'company' && rule.owner === true
}

/** A readable model's one-relation into `target`, for expand/select/filter/join paths, if any. */
function relationInto(target: EntityDef): { from: EntityDef; rel: string; fk: string } | undefined {
  for (const from of registry.entities) {
    if (from.internal || from === target || accessRule(from, 'read') !== 'company') continue
    const rel = from.relations.find((r) => r.kind === 'one' && r.target === target.name)
    if (rel) return { from, rel: rel.name, fk: rel.foreignKey }
  }
  return undefined
}

/** A plain field of the model to select and filter on. */
const someField = (e: EntityDef) => registry.fields(e).find((f) => f.name === 'ID')!.name

const planted = {
  code: `planted-code-${Math.random().toString(36).slice(2)}`,
  authorization: `Bearer planted-${Math.random().toString(36).slice(2)}`,
}

beforeAll(async () => {
  p = await startTestPlatform()
  tokens.anne = await p.token(DEMO_USERS.anne.email, { companyKey: company })
  tokens.per = await p.token(DEMO_USERS.per.email, { companyKey: company })
  // One row of every restricted model, made by the administrator.
  const invite = await as('anne', 'POST', 'api/biz/user-verifications', { Email: 'access.probe@demo.test' })
  expect(invite.status).toBe(201)
  const plan = await as('anne', 'POST', 'api/biz/eventplans', {
    Name: 'Probe',
    ModelFilter: 'Supplier',
    OperationFilter: 'C',
    EventSubscribers: [
      {
        _createguid: 'a',
        Name: 'Hook',
        Endpoint: 'http://127.0.0.1:9/hook',
        Authorization: planted.authorization,
      },
    ],
    ExpressionFilters: [{ _createguid: 'b', EntityName: 'Supplier', Expression: 'Supplier.StatusCode > 0' }],
  })
  expect(plan.status).toBe(201)
  // The secrets as the platform holds them, so the search below looks for the real stored values.
  await p.store.query(`update "UserVerification" set "VerificationCode" = $1 where "ID" = $2`, [
    planted.code,
    invite.body.ID,
  ])
}, 120_000)

afterAll(() => p?.close())

/** Every read path into `e` that the registry offers, as [name, path]. */
function readPaths(e: EntityDef, id: number): [string, string][] {
  const paths: [string, string][] = [
    ['list', `api/biz/${e.route}`],
    ['get', `api/biz/${e.route}/${id}`],
    ['statistics model', `api/statistics?model=${e.name}&select=${someField(e)}`],
    [
      'statistics join',
      `api/statistics?model=User&join=${e.name}.CreatedBy eq User.GlobalIdentity&select=User.ID,${e.name}.ID as probe`,
    ],
  ]
  const into = relationInto(e)
  if (into) {
    paths.push(
      ['expand', `api/biz/${into.from.route}?expand=${into.rel}`],
      ['select through relation', `api/biz/${into.from.route}?select=ID,${into.rel}.ID`],
      ['filter through relation', `api/biz/${into.from.route}?filter=${into.rel}.ID gt 0`],
      ['orderby through relation', `api/biz/${into.from.route}?orderby=${into.rel}.ID`],
      [
        'statistics expand',
        `api/statistics?model=${into.from.name}&expand=${into.rel}&select=${into.rel}.ID`,
      ],
    )
  }
  return paths
}

async function anyId(e: EntityDef): Promise<number> {
  const { rows } = await p.store.query<{ ID: number }>(
    `select t."ID" from "${e.name}" t join "Company" c on c."ID" = t."CompanyID" where c."Key" = $1 and t."Deleted" = false order by t."ID" limit 1`,
    [company],
  )
  expect(rows.length, `a ${e.name} row in the company`).toBe(1)
  return Number(rows[0]!.ID)
}

describe('roles', () => {
  it("count on the very next request when given and taken away, though members' roles are kept between requests", async () => {
    const path = 'api/biz/eventplans'
    // Read twice first, so a kept answer exists before the change.
    expect((await as('per', 'GET', path)).status).toBe(403)
    expect((await as('per', 'GET', path)).status).toBe(403)
    const perId = (await as('per', 'GET', 'api/biz/users?action=current-session')).body.ID as number
    const admin = (await as('anne', 'GET', "api/biz/roles?filter=Name eq 'Administrator'")).body[0]
      .ID as number
    const given = await as('anne', 'POST', 'api/biz/userroles', { UserID: perId, SharedRoleId: admin })
    expect(given.status, JSON.stringify(given.body)).toBe(201)
    expect((await as('per', 'GET', path)).status).toBe(200)
    expect((await as('anne', 'DELETE', `api/biz/userroles/${given.body.ID}`)).status).toBeLessThan(300)
    expect((await as('per', 'GET', path)).status).toBe(403)
  })
})

describe('read declarations', () => {
  it('declares the invitation, role, webhook and notification rules the platform relies on', () => {
    expect(restrictedRead.map((e) => e.name).sort()).toEqual(
      ['EventSubscriber', 'Eventplan', 'ExpressionFilter', 'Notification', 'UserRole', 'UserVerification'].sort(),
    )
  })

  for (const e of restrictedRead.filter((m) => !ownerOnly(m))) {
    it(`${e.name}: every read path refuses a member without the role and serves one with it`, async () => {
      const id = await anyId(e)
      for (const [name, path] of readPaths(e, id)) {
        const refused = await as('per', 'GET', path)
        expect(refused.status, `${name} as a member without the role: ${path}`).toBe(403)
        expect(JSON.stringify(refused.body), name).toContain(e.name)
        const served = await as('anne', 'GET', path)
        expect(served.status, `${name} as an administrator: ${path} ${JSON.stringify(served.body)}`).toBe(200)
      }
      // Hypermedia of a readable model leads nowhere near the model.
      const into = relationInto(e)
      if (into) {
        const linked = await as('per', 'GET', `api/biz/${into.from.route}?hateoas=true&top=5`)
        expect(linked.status).toBe(200)
        expect(JSON.stringify(linked.body)).not.toContain(`/api/biz/${e.route}/`)
      }
    })
  }

  for (const e of restrictedRead.filter(ownerOnly)) {
    it(`${e.name}: every read path shows a member only the rows addressed to them`, async () => {
      const mine = `${e.ownerField} eq '${DEMO_USERS.per.globalIdentity}'`
      const all = await as('anne', 'GET', `api/biz/${e.route}`)
      expect(all.status).toBe(200)
      const others = (all.body as Record<string, unknown>[]).filter(
        (r) => r[e.ownerField!] !== DEMO_USERS.per.globalIdentity,
      )
      expect(others.length, 'rows addressed to someone else exist').toBeGreaterThan(0)
      const list = await as('per', 'GET', `api/biz/${e.route}`)
      const stats = await as(
        'per',
        'GET',
        `api/statistics?model=${e.name}&select=ID as ID,${e.ownerField} as Owner&wrap=false`,
      )
      const expect_ = await as('anne', 'GET', `api/biz/${e.route}?filter=${mine}`)
      const ids = (rows: { ID: number }[]) => rows.map((r) => r.ID).sort((a, b) => a - b)
      expect(ids(list.body)).toEqual(ids(expect_.body))
      expect(ids(stats.body)).toEqual(ids(expect_.body))
      const hidden = others[0] as { ID: number }
      expect((await as('per', 'GET', `api/biz/${e.route}/${hidden.ID}`)).status).toBe(404)
    })
  }
})

describe('actions', () => {
  it('answer a member without the role as every other path does', async () => {
    const plan = (await as('anne', 'GET', 'api/biz/eventplans?top=1')).body[0]
    const path = `api/biz/eventplans/${plan.ID}?action=deliveries`
    expect((await as('anne', 'GET', path)).status).toBe(200)
    const refused = await as('per', 'GET', path)
    expect(refused.status).toBe(403)
    expect(refused.body.Message).toContain('Eventplan')
    const redeliver = await as('per', 'POST', `api/biz/eventplans/${plan.ID}?action=redeliver&deliveryId=1`)
    expect(redeliver.status).toBe(403)
  })
})

describe('write declarations', () => {
  for (const e of restrictedWrite) {
    it(`${e.name}: a member without the role cannot change or delete a row; the row stays`, async () => {
      const id = await anyId(e)
      const before = await p.store.query(`select "UpdatedAt" from "${e.name}" where "ID" = $1`, [id])
      const put = await as('per', 'PUT', `api/biz/${e.route}/${id}`, { ID: id })
      expect(put.status, JSON.stringify(put.body)).toBe(403)
      expect(put.body.Message).toContain(e.name)
      const del = await as('per', 'DELETE', `api/biz/${e.route}/${id}`)
      expect(del.status, JSON.stringify(del.body)).toBe(403)
      const after = await p.store.query(`select "UpdatedAt", "Deleted" from "${e.name}" where "ID" = $1`, [
        id,
      ])
      expect(after.rows[0]).toMatchObject({ Deleted: false, UpdatedAt: before.rows[0]!.UpdatedAt })
      const create = await as('per', 'POST', `api/biz/${e.route}`, {})
      expect(create.status, JSON.stringify(create.body)).toBe(403)
    })
  }

  it('refuses a plan listening to a model its writer may not read every row of', async () => {
    const { rows } = await p.store.query<{ ID: number }>(
      `select u."ID" from "User" u join "Company" c on c."ID" = u."CompanyID" where c."Key" = $1 and u."GlobalIdentity" = $2`,
      [company, DEMO_USERS.per.globalIdentity],
    )
    // per is made a webhook administrator, but not an administrator (as an accountant, without a license).
    await p.store.query(`update "User" set "UserType" = 1 where "ID" = $1 and "GlobalIdentity" = $2`, [
      rows[0]!.ID,
      DEMO_USERS.per.globalIdentity,
    ])
    const role = await as('anne', 'POST', 'api/biz/userroles?action=bulk-insert-roles', [
      { UserID: rows[0]!.ID, SharedRoleName: 'Webhook.Admin' },
    ])
    expect(role.status, JSON.stringify(role.body)).toBe(200)
    const ok = await as('per', 'POST', 'api/biz/eventplans', { Name: 'Mine', ModelFilter: 'Supplier' })
    expect(ok.status, JSON.stringify(ok.body)).toBe(201)
    for (const model of ['UserVerification', 'Notification']) {
      const refused = await as('per', 'POST', 'api/biz/eventplans', { Name: 'Peek', ModelFilter: model })
      expect(refused.status).toBe(403)
      expect(refused.body.Message).toContain(model)
    }
  })
})

describe('write-only fields', () => {
  const secretFields = registry.entities.flatMap((e) =>
    registry
      .fields(e)
      .filter((f) => f.secret)
      .map((f) => ({ e, f })),
  )

  it('are declared for verification codes and webhook credentials', () => {
    expect(secretFields.map(({ e, f }) => `${e.name}.${f.name}`).sort()).toEqual([
      'EventSubscriber.Authorization',
      'UserVerification.VerificationCode',
    ])
  })

  it('appear in no answer of any read path, to an administrator either', async () => {
    const answers: string[] = []
    for (const { e } of secretFields) {
      const id = await anyId(e)
      const expandAll = e.relations.map((r) => r.name).join(',')
      for (const path of [
        `api/biz/${e.route}`,
        `api/biz/${e.route}?expand=${expandAll}&hateoas=true`,
        `api/biz/${e.route}/${id}`,
        `api/biz/${e.route}/${id}?expand=${expandAll}`,
        `api/statistics?model=${e.name}`,
        `api/statistics?model=${e.name}&select=*`,
        `api/statistics?model=User&join=${e.name}.CreatedBy eq User.GlobalIdentity`,
      ]) {
        const r = await as('anne', 'GET', path)
        expect(r.status, path).toBe(200)
        answers.push(JSON.stringify(r.body))
      }
      for (const parent of registry.entities.filter((m) =>
        m.relations.some((r) => r.target === e.name && r.kind === 'many'),
      )) {
        const rel = parent.relations.find((r) => r.target === e.name)!
        const r = await as('anne', 'GET', `api/biz/${parent.route}?expand=${rel.name}`)
        expect(r.status).toBe(200)
        answers.push(JSON.stringify(r.body))
      }
    }
    // The change events (the bodies of webhooks) of every write so far.
    const { rows } = await p.store.query<{ json: string }>(
      'select entity_json::text as json from change_event',
    )
    answers.push(...rows.map((r) => r.json))
    const all = answers.join('\n')
    expect(all).not.toContain(planted.code)
    expect(all).not.toContain(planted.authorization)
    expect(all).toContain('access.probe@demo.test')
  })

  it('cannot be selected, filtered or ordered by, by anyone', async () => {
    for (const { e, f } of secretFields) {
      for (const path of [
        `api/biz/${e.route}?select=${f.name}`,
        `api/biz/${e.route}?filter=${f.name} eq '${planted.code}'`,
        `api/biz/${e.route}?orderby=${f.name}`,
        `api/statistics?model=${e.name}&select=${f.name}`,
        `api/statistics?model=${e.name}&select=ID&filter=startswith(${f.name},'p')`,
        `api/statistics?model=User&join=${e.name}.CreatedBy eq User.GlobalIdentity&select=${e.name}.${f.name} as x`,
      ]) {
        const r = await as('anne', 'GET', path)
        expect(r.status, path).toBe(403)
        expect(r.body.Message).toContain(f.name)
      }
    }
  })
})
