// The user's approvals on the documented platform: the documents name no list of approval substitutes (spec
// 4.8 has only POST and DELETE), so the platform answers 404 where main asks whom the user stands in for.
// The pull goes on with the user's own approvals instead of giving up on the entity; reconciliation too.
// A substitute period is still made and ended through the outbox (POST and DELETE are documented); a retry
// cannot look for what the first attempt did, so a create says so and a delete simply deletes again.
import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it } from 'vitest'
import type { PlatformRow } from '../../../common/bridge/sync.ts'
import { ApprovalStatus } from '../../../common/status.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { cachedEntityDeclarations } from '../../../common/entities/declarations.ts'
import { approvalOwners } from '../../../electron/main/services/sync/approval-actions.ts'
import { pullEntity, reconcileEntity } from '../../../renderer/src/data/pull.ts'
import { openWorkspace, type WorkspaceDb } from '../../../renderer/src/data/schema.ts'
import { outboxCommand, useDemoClients } from '../../support/demo-clients.ts'
import { api } from '../../support/platform.ts'
import { directTransport } from '../../support/sync.ts'
import { FRONT_END_HEADER } from '../../../platform/surface/enforce.ts'

const nordlys = DEMO_COMPANIES.nordlys.key
const demo = useDemoClients(['per', 'siri'], { start: { platformOptions: { surface: 'documented' } } })
let db: WorkspaceDb

beforeEach(async () => {
  await db?.delete()
  db = openWorkspace('test', crypto.randomUUID())
})

describe('approvals on the documented platform', () => {
  it('takes the user as the only owner when the platform does not list substitutes', async () => {
    const per = await demo.myId('per', nordlys)
    expect(await approvalOwners(demo.clients.per!, nordlys, per, '2026-01-15')).toEqual([per])
    expect(demo.platform.platform.undocumented!.uses).toContainEqual(
      expect.objectContaining({ kind: 'route', route: 'api/biz/approvalsubstitutes', effect: 'refused' }),
    )
  })

  it("pulls the user's own approvals and keeps them at reconciliation", async () => {
    const per = await demo.myId('per', nordlys)
    const own = await demo.clients.per!.get<PlatformRow[]>('api/biz/approvals', {
      companyKey: nordlys,
      query: { filter: `UserID eq ${per}`, top: 1000 },
    })
    expect(own.some((a) => Number(a.StatusCode) === ApprovalStatus.Active)).toBe(true)
    const transport = directTransport(demo.services.per!)
    const options = { top: 1000, userId: per, journaledDays: 90 }
    expect(await pullEntity(db, transport, nordlys, 'Approval', options)).toBe(own.length)
    expect((await db.checkpoints.get([nordlys, 'Approval']))?.unavailable ?? null).toBeNull()
    expect(await reconcileEntity(db, transport, nordlys, 'Approval', options)).toEqual([])
    const cached = await db.Approval.where('companyKey').equals(nordlys).toArray()
    expect(cached.map((a) => a.ID).sort((a, b) => a - b)).toEqual(
      own.map((a) => Number(a.ID)).sort((a, b) => a - b),
    )
  })

  it('makes and ends a substitute period through the outbox; a retry says what it cannot check', async () => {
    const per = await demo.myId('per', nordlys)
    const siri = await demo.myId('siri', nordlys)
    const body = { UserID: per, SubstituteUserID: siri, FromDate: '2026-12-01', ToDate: '2026-12-20' }
    const created = await demo.services.per!.execute(
      nordlys,
      outboxCommand('ApprovalSubstitute', -1, { kind: 'create' }, body),
    )
    expect(created).toMatchObject({ status: 'done', row: { UserID: per, SubstituteUserID: siri } })
    const id = Number(created.row!.ID)

    const retried = await demo.services.per!.execute(
      nordlys,
      outboxCommand('ApprovalSubstitute', -2, { kind: 'create' }, body, 1),
    )
    expect(retried).toMatchObject({ status: 'failed', error: { code: 'SUBSTITUTES_NOT_LISTED' } })

    // A retried end deletes the period (the platform documents no read of one to look at first).
    const ended = await demo.services.per!.execute(
      nordlys,
      outboxCommand('ApprovalSubstitute', id, { kind: 'delete' }, {}, 1),
    )
    expect(ended.status).toBe('done')
    const again = await api(demo.platform.urls.base, 'DELETE', `api/biz/approvalsubstitutes/${id}`, {
      token: await demo.platform.token(DEMO_USERS.per.email),
      companyKey: nordlys,
    })
    expect(again.status).toBe(404)
    // Ending one that is gone is done too.
    expect(
      (
        await demo.services.per!.execute(
          nordlys,
          outboxCommand('ApprovalSubstitute', id, { kind: 'delete' }, {}, 0),
        )
      ).status,
    ).toBe('done')
  })

  it('pulls every entity of a round or marks the lists the documents do not name as unavailable', async () => {
    const per = await demo.myId('per', nordlys)
    const transport = directTransport(demo.services.per!)
    const options = { top: 1000, userId: per, journaledDays: 90 }
    const unavailable: string[] = []
    for (const [entity, declaration] of Object.entries(cachedEntityDeclarations)) {
      if (declaration.pull === 'never') continue
      const e = entity as keyof typeof cachedEntityDeclarations
      await pullEntity(db, transport, nordlys, e, options)
      await reconcileEntity(db, transport, nordlys, e, options)
      if ((await db.checkpoints.get([nordlys, e]))?.unavailable) unavailable.push(entity)
    }
    expect(unavailable.sort()).toEqual(
      ['ApprovalSubstitute', 'Comment', 'CurrencyCode', 'Department', 'Project'].sort(),
    )
    expect(await db.Approval.count()).toBeGreaterThan(0)
    expect(await db.FileAttachment.count()).toBeGreaterThan(0)
  })

  it('reads tasks through the statistics route, with their plans, so an approval names its invoice', async () => {
    const per = await demo.myId('per', nordlys)
    const transport = directTransport(demo.services.per!)
    const options = { top: 1000, userId: per, journaledDays: 90 }
    // What the list would answer, asked as the platform's own front end (which the documented mode lets by).
    const full = (
      await api<PlatformRow[]>(
        demo.platform.urls.base,
        'GET',
        'api/biz/tasks?expand=ApprovalPlan&top=1000&orderby=ID',
        {
          token: await demo.platform.token(DEMO_USERS.per.email),
          companyKey: nordlys,
          headers: { [FRONT_END_HEADER]: '1' },
        },
      )
    ).body
    expect(full.length).toBeGreaterThan(0)

    expect(await pullEntity(db, transport, nordlys, 'Task', options)).toBe(full.length)
    expect((await db.checkpoints.get([nordlys, 'Task']))?.unavailable ?? null).toBeNull()
    expect(await reconcileEntity(db, transport, nordlys, 'Task', options)).toEqual([])
    for (const task of full) {
      const cached = await db.Task.get([nordlys, Number(task.ID)])
      expect(cached, `task ${String(task.ID)}`).toMatchObject({
        EntityID: task.EntityID,
        ModelID: task.ModelID,
        UserID: task.UserID,
      })
      const plan = (rows: unknown) =>
        (rows as PlatformRow[]).map((r) => [r.ID, r.UserID, r.StepNumber, r.StatusCode]).sort()
      expect(plan(cached!.ApprovalPlan), `plan of task ${String(task.ID)}`).toEqual(plan(task.ApprovalPlan))
    }
    const uses = demo.platform.platform.undocumented!.uses
    expect(uses).toContainEqual(
      expect.objectContaining({ kind: 'route', route: 'api/biz/tasks', effect: 'refused' }),
    )
    // One refused list per session: later pages and rows go to the statistics route straight away.
    expect(await demo.services.per!.row(nordlys, 'Task', Number(full[0]!.ID))).toMatchObject({
      ID: full[0]!.ID,
      EntityID: full[0]!.EntityID,
    })
  })
})
