// The Eventplan API (spec 6.1, 6.3, 7, 8): plans with nested subscribers and expression filters, the
// generated SigningKey, every 400 the rules call for, and plans kept per company.
import { describe, expect, it } from 'vitest'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { usePlatformAs } from '../../support/platform.ts'

const nordlys = DEMO_COMPANIES.nordlys.key
const fjordbygg = DEMO_COMPANIES.fjordbygg.key
const spec63 =
  'updated(CustomerInvoice, "StatusCode") and CustomerInvoice.StatusCode = 42004 and (CustomerInvoice.CollectorStatusCode > 42500 and CustomerInvoice.CollectorStatusCode < 42507)'

const anne = usePlatformAs(DEMO_USERS.anne.email, nordlys)
const call = anne.call

const subscriber = { Name: 'integrator', Endpoint: 'https://hooks.example.test/ledgerdesk', Active: true }

async function countPlans(name: string): Promise<number> {
  const r = await call('GET', `api/biz/eventplans?filter=${encodeURIComponent(`Name eq '${name}'`)}`)
  return (r.body as unknown[]).length
}

/** Posts a plan expected to be refused; answers the error message. */
async function refused(
  body: Record<string, unknown>,
  path = 'api/biz/eventplans',
  method = 'POST',
): Promise<string> {
  const r = await call(method, path, body)
  expect(r.status, JSON.stringify(r.body)).toBe(400)
  expect(typeof r.body.Message).toBe('string')
  return r.body.Message as string
}

describe('creating Eventplans', () => {
  it('creates a plan with nested subscribers and a filter, generating the SigningKey', async () => {
    const r = await call('POST', 'api/biz/eventplans', {
      Name: 'Factoring partner',
      Active: true,
      ModelFilter: 'CustomerInvoice',
      OperationFilter: 'U',
      PlanType: 0,
      EventSubscribers: [subscriber],
      ExpressionFilters: [{ EntityName: 'CustomerInvoice', Expression: spec63 }],
    })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    expect(r.body.SigningKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    const got = await call('GET', `api/biz/eventplans/${r.body.ID}?expand=EventSubscribers,ExpressionFilters`)
    expect(got.body).toMatchObject({
      Name: 'Factoring partner',
      Active: true,
      ModelFilter: 'CustomerInvoice',
      OperationFilter: 'U',
      PlanType: 0,
      SigningKey: r.body.SigningKey,
      EventSubscribers: [{ ...subscriber, EventplanID: r.body.ID }],
      ExpressionFilters: [{ EntityName: 'CustomerInvoice', Expression: spec63, EventplanID: r.body.ID }],
    })
    const other = await call('POST', 'api/biz/eventplans', { Name: 'second', ModelFilter: 'Team' })
    expect(other.body.SigningKey).toMatch(/^[0-9a-f-]{36}$/)
    expect(other.body.SigningKey).not.toBe(r.body.SigningKey)
    expect(other.body.OperationFilter).toBe('CUD')
  })

  it('keeps a SigningKey the client sets, and generates a new one when it is cleared', async () => {
    const r = await call('POST', 'api/biz/eventplans', {
      Name: 'own key',
      ModelFilter: 'Team',
      SigningKey: 'my-secret',
    })
    expect(r.body.SigningKey).toBe('my-secret')
    const cleared = await call('PUT', `api/biz/eventplans/${r.body.ID}`, { SigningKey: '' })
    expect(cleared.status).toBe(200)
    expect(cleared.body.SigningKey).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('accepts the Subscribers spelling of the subscriber list and reads it under both names', async () => {
    const r = await call('POST', 'api/biz/eventplans', {
      Name: 'alias',
      ModelFilter: 'customerinvoice, Customer',
      OperationFilter: 'cu',
      Subscribers: [subscriber],
    })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    // Model names and operation letters are stored in their canonical spelling.
    expect(r.body).toMatchObject({ ModelFilter: 'CustomerInvoice,Customer', OperationFilter: 'CU' })
    const got = await call('GET', `api/biz/eventplans/${r.body.ID}?expand=EventSubscribers,Subscribers`)
    expect(got.body.EventSubscribers).toMatchObject([subscriber])
    expect(got.body.Subscribers).toEqual(got.body.EventSubscribers)
  })

  it('adds a filter and a subscriber through their own routes', async () => {
    const plan = await call('POST', 'api/biz/eventplans', { Name: 'parts', ModelFilter: 'Product,Team' })
    const f = await call('POST', 'api/biz/expressionfilters', {
      EventplanID: plan.body.ID,
      EntityName: 'product',
      Expression: 'Product.PriceExVat > 10',
    })
    expect(f.status, JSON.stringify(f.body)).toBe(201)
    expect(f.body.EntityName).toBe('Product')
    const s = await call('POST', 'api/biz/eventsubscribers', { ...subscriber, EventplanID: plan.body.ID })
    expect(s.status, JSON.stringify(s.body)).toBe(201)
  })
})

describe('refusing what the rules forbid (400)', () => {
  it('refuses an ExpressionFilter whose entity is not in the ModelFilter, and writes nothing', async () => {
    const message = await refused({
      Name: 'not in filter',
      ModelFilter: 'CustomerInvoice',
      EventSubscribers: [subscriber],
      ExpressionFilters: [{ EntityName: 'Customer', Expression: 'Customer.CustomerNumber > 1' }],
    })
    expect(message).toMatch(
      /EntityName 'Customer' is not one of the plan's ModelFilter entries \(CustomerInvoice\)/,
    )
    expect(await countPlans('not in filter')).toBe(0)
  })

  it('refuses an expression that does not parse, naming the position', async () => {
    const message = await refused({
      Name: 'bad syntax',
      ModelFilter: 'CustomerInvoice',
      ExpressionFilters: [{ EntityName: 'CustomerInvoice', Expression: 'CustomerInvoice.StatusCode = and' }],
    })
    expect(message).toMatch(/expected a value but found 'and' \(at position 29\)/)
    expect(await countPlans('bad syntax')).toBe(0)
  })

  it('refuses an expression nested or chained beyond the limits with a worded 400, and writes nothing', async () => {
    const term = 'CustomerInvoice.StatusCode = 42004'
    const nested = await refused({
      Name: 'too deep',
      ModelFilter: 'CustomerInvoice',
      ExpressionFilters: [
        { EntityName: 'CustomerInvoice', Expression: `${'('.repeat(5000)}${term}${')'.repeat(5000)}` },
      ],
    })
    expect(nested).toMatch(
      /nests parentheses, not and function calls more than 50 levels deep \(at position 50\)/,
    )
    expect(nested.length).toBeLessThan(500)
    const chained = await refused({
      Name: 'too long',
      ModelFilter: 'CustomerInvoice',
      ExpressionFilters: [{ EntityName: 'CustomerInvoice', Expression: Array(5000).fill(term).join(' or ') }],
    })
    expect(chained).toMatch(/joins more than 500 terms with and\/or/)
    expect(await countPlans('too deep')).toBe(0)
    expect(await countPlans('too long')).toBe(0)
    // A filter added to a stored plan through its own route is held to the same limits.
    const plan = await call('POST', 'api/biz/eventplans', {
      Name: 'limits later',
      ModelFilter: 'CustomerInvoice',
    })
    expect(plan.status).toBe(201)
    const added = await refused(
      {
        EventplanID: plan.body.ID,
        EntityName: 'CustomerInvoice',
        Expression: Array(5000).fill(term).join(' and '),
      },
      'api/biz/expressionfilters',
    )
    expect(added).toMatch(/joins more than 500 terms/)
  })

  it('refuses an expression that names another entity', async () => {
    const message = await refused({
      Name: 'other entity',
      ModelFilter: 'CustomerInvoice,Customer',
      ExpressionFilters: [{ EntityName: 'CustomerInvoice', Expression: 'Customer.StatusCode = 1' }],
    })
    expect(message).toMatch(/'Customer.StatusCode' must start with the filtered entity CustomerInvoice/)
  })

  it('refuses an expression that does not name the entity at all', async () => {
    const message = await refused({
      Name: 'no entity',
      ModelFilter: 'CustomerInvoice',
      ExpressionFilters: [{ EntityName: 'CustomerInvoice', Expression: '1 = 1' }],
    })
    expect(message).toMatch(/must name the entity CustomerInvoice/)
  })

  it('refuses an unknown property of the entity', async () => {
    const message = await refused({
      Name: 'unknown property',
      ModelFilter: 'CustomerInvoice',
      ExpressionFilters: [{ EntityName: 'CustomerInvoice', Expression: 'CustomerInvoice.Colour = "red"' }],
    })
    expect(message).toMatch(/CustomerInvoice has no property 'Colour'/)
  })

  it('refuses two filters for one ModelFilter entry, nested or added later', async () => {
    const message = await refused({
      Name: 'two filters',
      ModelFilter: 'CustomerInvoice,Customer',
      ExpressionFilters: [
        { EntityName: 'CustomerInvoice', Expression: 'CustomerInvoice.StatusCode = 42002' },
        { EntityName: 'customerinvoice', Expression: 'CustomerInvoice.StatusCode = 42004' },
      ],
    })
    expect(message).toMatch(
      /at most one ExpressionFilter per ModelFilter entry; CustomerInvoice has more than one/,
    )
    const ok = await call('POST', 'api/biz/eventplans', {
      Name: 'one filter',
      ModelFilter: 'CustomerInvoice,Customer',
      ExpressionFilters: [
        { EntityName: 'CustomerInvoice', Expression: 'CustomerInvoice.StatusCode = 42002' },
      ],
    })
    expect(ok.status).toBe(201)
    await refused(
      {
        EventplanID: ok.body.ID,
        EntityName: 'CustomerInvoice',
        Expression: 'CustomerInvoice.StatusCode = 1',
      },
      'api/biz/expressionfilters',
    )
    // A filter for the other entry is fine.
    const second = await call('POST', 'api/biz/expressionfilters', {
      EventplanID: ok.body.ID,
      EntityName: 'Customer',
      Expression: 'isnotnull(Customer.OrgNumber)',
    })
    expect(second.status, JSON.stringify(second.body)).toBe(201)
  })

  it('refuses removing an entity from the ModelFilter while a filter names it', async () => {
    const plan = await call('POST', 'api/biz/eventplans', {
      Name: 'shrinking',
      ModelFilter: 'CustomerInvoice,Customer',
      ExpressionFilters: [{ EntityName: 'Customer', Expression: 'Customer.CustomerNumber > 100' }],
    })
    const message = await refused(
      { ModelFilter: 'CustomerInvoice' },
      `api/biz/eventplans/${plan.body.ID}`,
      'PUT',
    )
    expect(message).toMatch(/EntityName 'Customer' is not one of the plan's ModelFilter entries/)
    const got = await call('GET', `api/biz/eventplans/${plan.body.ID}`)
    expect(got.body.ModelFilter).toBe('CustomerInvoice,Customer')
  })

  it('refuses ModelFilter entries that are not models and OperationFilters with other letters', async () => {
    expect(await refused({ Name: 'bad model', ModelFilter: 'CustomerInvoice,Invoicez' })).toMatch(
      /ModelFilter: 'Invoicez' is not a model of the platform/,
    )
    expect(await refused({ Name: 'no model', ModelFilter: '' })).toMatch(
      /ModelFilter must name at least one model/,
    )
    expect(await refused({ Name: 'bad ops', ModelFilter: 'Team', OperationFilter: 'CRUD' })).toMatch(
      /OperationFilter must be letters C \(create\), U \(update\) and D \(delete\), not 'CRUD'/,
    )
  })

  it('refuses subscriber endpoints that are not absolute http(s) URLs', async () => {
    for (const endpoint of [
      'ftp://hooks.example.test/x',
      '/relative/path',
      'javascript:alert(1)',
      '',
      'hooks.example.test',
    ]) {
      const message = await refused({
        Name: 'bad endpoint',
        ModelFilter: 'Team',
        EventSubscribers: [{ Name: 'x', Endpoint: endpoint }],
      })
      expect(message, endpoint).toMatch(/Endpoint/)
    }
    expect(await countPlans('bad endpoint')).toBe(0)
    const plan = await call('POST', 'api/biz/eventplans', {
      Name: 'good endpoint',
      ModelFilter: 'Team',
      EventSubscribers: [{ Name: 'x', Endpoint: 'http://127.0.0.1:9/hook' }],
    })
    expect(plan.status).toBe(201)
    const sub = await call('GET', `api/biz/eventplans/${plan.body.ID}?expand=EventSubscribers`)
    const subId = sub.body.EventSubscribers[0].ID
    await refused({ Endpoint: 'file:///etc/passwd' }, `api/biz/eventsubscribers/${subId}`, 'PUT')
  })
})

describe('company isolation', () => {
  it('keeps plans, their parts and their delivery logs inside the company that made them', async () => {
    const plan = await call('POST', 'api/biz/eventplans', {
      Name: 'nordlys only',
      ModelFilter: 'Team',
      EventSubscribers: [subscriber],
    })
    expect(plan.status).toBe(201)
    expect((await call('GET', `api/biz/eventplans/${plan.body.ID}`, undefined, fjordbygg)).status).toBe(404)
    const list = await call('GET', "api/biz/eventplans?filter=Name eq 'nordlys only'", undefined, fjordbygg)
    expect(list.body).toEqual([])
    const sneaky = await call(
      'POST',
      'api/biz/expressionfilters',
      { EventplanID: plan.body.ID, EntityName: 'Team', Expression: 'Team.ID > 0' },
      fjordbygg,
    )
    expect(sneaky.status).toBe(400)
    expect(sneaky.body._validationResults.EventplanID[0].Message).toMatch(
      /EventplanID \d+ is not an Eventplan of this company/,
    )
    const log = await call(
      'GET',
      `api/biz/eventplans/${plan.body.ID}?action=deliveries`,
      undefined,
      fjordbygg,
    )
    expect(log.status).toBe(404)
  })
})
