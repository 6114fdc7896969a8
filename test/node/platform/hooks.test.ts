// Domain modules plug into the write path through hooks: rules before a write, effects after it
// (in the same transaction), named actions, and side effects of transitions.
import { describe, expect, it } from 'vitest'
import { PlatformError } from '../../../platform/errors.ts'
import { ActionResponse, hooks } from '../../../platform/model/hooks.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { usePlatformAs } from '../../support/platform.ts'

const nordlys: string = DEMO_COMPANIES.nordlys.key

const anne = usePlatformAs(DEMO_USERS.anne.email, nordlys)
const call = anne.call

// Rules of a pretend domain module, on Comment (whose own rule, the author is the writer, leaves these alone).
hooks.register('Comment', {
  beforeWrite(e) {
    if (e.operation !== 'D' && typeof e.values.Text === 'string' && e.values.Text.includes('forbidden')) {
      throw new PlatformError('RULE_VIOLATION', 'Comments must be polite', {
        messages: [
          { PropertyName: 'Text', EntityType: 'Comment', Message: 'Comments must be polite', Level: 30 },
        ],
      })
    }
    if (e.operation === 'C') e.values.AuthorID = e.userId
  },
  async afterWrite(e) {
    if (e.operation === 'C') {
      // An effect written in the same transaction: a notification for the new comment.
      await e.sql.query(
        `insert into "Notification" ("CompanyID", "ID", "Message", "EntityType", "EntityID", "Deleted", "CustomValues")
         values ($1, (select coalesce(max("ID"), 0) + 1 from "Notification" where "CompanyID" = $1), 'New comment', 'Comment', $2, false, '{}')`,
        [e.companyId, e.id],
      )
    }
  },
  actions: {
    'count-mine': {
      methods: ['GET', 'POST'],
      target: 'collection',
      async handler(req) {
        const { rows } = await req.sql.query<{ n: number }>(
          'select count(*)::int as n from "Comment" where "CompanyID" = $1 and "AuthorID" = $2 and "Deleted" = false',
          [req.companyId, req.userId],
        )
        return rows[0]!.n
      },
    },
    shout: {
      target: 'entity',
      async handler(req) {
        const c = await req.api.read(req.entity, req.id!)
        if (!c) throw new PlatformError('NOT_FOUND', `Comment ${req.id} was not found`)
        await req.api.update(req.entity, req.id!, { Text: String(c.Text).toUpperCase() })
        return new ActionResponse(202, await req.api.read(req.entity, req.id!))
      },
    },
    explode: {
      async handler() {
        throw new Error('database password is hunter2')
      },
    },
  },
})

describe('write hooks', () => {
  it('lets a beforeWrite rule set values and an afterWrite effect write in the same transaction', async () => {
    const r = await call('POST', 'api/biz/comments', {
      Text: 'Looks fine',
      EntityType: 'SupplierInvoice',
      EntityID: 1,
    })
    expect(r.status).toBe(201)
    expect(r.body.AuthorID).toBeGreaterThan(0)
    const n = await call(
      'GET',
      `api/biz/notifications?filter=EntityType eq 'Comment' and EntityID eq ${r.body.ID}`,
    )
    expect(n.body).toHaveLength(1)
  })

  it('refuses a write with the rule-violation shape, and nothing is written', async () => {
    const before = await anne.p.store.query<{ n: number }>(
      'select count(*)::int as n from change_event where entity = $1',
      ['Comment'],
    )
    const r = await call('POST', 'api/biz/comments', { Text: 'this is forbidden' })
    expect(r.status).toBe(400)
    expect(r.body).toMatchObject({
      Message: 'Comments must be polite',
      ErrorsCount: 1,
      Messages: [{ PropertyName: 'Text', Level: 30 }],
    })
    const after = await anne.p.store.query<{ n: number }>(
      'select count(*)::int as n from change_event where entity = $1',
      ['Comment'],
    )
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n)
  })
})

describe('actions', () => {
  it('dispatches collection and entity actions, with any HTTP status the action chooses', async () => {
    const c = (await call('POST', 'api/biz/comments', { Text: 'quiet' })).body
    const count = await call('GET', 'api/biz/comments?action=count-mine')
    expect(count.status).toBe(200)
    expect(count.body).toBeGreaterThanOrEqual(1)
    const shout = await call('POST', `api/biz/comments/${c.ID}?action=SHOUT`)
    expect(shout.status).toBe(202)
    expect(shout.body.Text).toBe('QUIET')
  })

  it('refuses an action on the wrong target or method', async () => {
    expect((await call('POST', 'api/biz/comments?action=shout')).status).toBe(400)
    expect((await call('DELETE', 'api/biz/comments?action=count-mine')).status).toBe(400)
  })

  it('answers an unexpected failure with 500, a reference and no internals', async () => {
    const r = await call('POST', 'api/biz/comments?action=explode')
    expect(r.status).toBe(500)
    expect(r.body).toEqual({
      Message: 'An unexpected error occurred',
      ErrorReference: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
  })
})

describe('transition hooks', () => {
  it('runs afterTransition in the transition’s transaction; a refusal rolls the status back', async () => {
    const seen: string[] = []
    hooks.register('SupplierInvoice', {
      afterTransition(e) {
        seen.push(`${e.methodName}:${e.fromStatus}->${e.toStatus}`)
        if (e.methodName === 'assign') throw new PlatformError('RULE_VIOLATION', 'Nobody to assign to')
      },
    })
    const sup = (await call('GET', 'api/biz/suppliers?top=1')).body[0]
    const cost = (await call('GET', 'api/biz/accounts?filter=AccountNumber eq 6540')).body[0]
    // A journal needs cost lines that add up to the amount (the payables line is generated).
    const inv = (
      await call('POST', 'api/biz/supplierinvoices', {
        SupplierID: sup.ID,
        TaxInclusiveAmount: 100,
        JournalEntry: {
          _createguid: 'je',
          DraftLines: [{ _createguid: 'l', AccountID: cost.ID, Amount: 100, FinancialDate: '2026-11-02' }],
        },
      })
    ).body
    expect((await call('POST', `api/biz/supplierinvoices/${inv.ID}?action=journal`)).status).toBe(204)
    const inv2 = (await call('POST', 'api/biz/supplierinvoices', { SupplierID: sup.ID })).body
    const refused = await call('POST', `api/biz/supplierinvoices/${inv2.ID}?action=assign`)
    expect(refused.status).toBe(400)
    expect((await call('GET', `api/biz/supplierinvoices/${inv2.ID}`)).body.StatusCode).toBe(30101)
    expect(seen).toEqual(['journal:30101->30104', 'assign:30101->30108'])
  })
})
