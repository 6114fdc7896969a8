import { describe, expect, it } from 'vitest'
import { outboxActionKeys, type OutboxCommand } from '../../../../common/bridge/outbox.ts'
import type { ApiClient } from '../api/client.ts'
import { createOutboxExecution } from './execute.ts'
import { executorOf, executors } from './executors.ts'

describe('the table of outbox executors', () => {
  it('has an executor for every action of the outbox union, and none for an action it does not declare', () => {
    const declared = outboxActionKeys.map(([entity, action]) => `${entity} ${action}`).sort()
    const table = Object.entries(executors)
      .flatMap(([entity, actions]) => Object.keys(actions).map((action) => `${entity} ${action}`))
      .sort()
    expect(declared).toContain('SupplierInvoice assign-to')
    expect(table).toEqual(declared)
  })

  it('finds no executor for a name the union does not hold, not even one every object has', () => {
    expect(executorOf({ entity: 'Approval', action: 'approve' })).toBe(executors.Approval.approve)
    expect(executorOf({ entity: 'Approval', action: 'journal' } as never)).toBeNull()
    expect(executorOf({ entity: 'SupplierInvoice', action: 'toString' } as never)).toBeNull()
    expect(executorOf({ entity: 'Account', action: 'update' } as never)).toBeNull()
  })

  it('ends an action without an executor as failed, without asking the platform', async () => {
    let asked = false
    const { execute } = createOutboxExecution({
      api: async () => {
        asked = true
        return {} as ApiClient
      },
    })
    const command = {
      entity: 'SupplierInvoice',
      action: 'rejectinvoice',
      entityId: 1,
      base: {},
      baseUpdatedAt: null,
      operationKey: 'op-00000001',
      attempts: 0,
    } as unknown as OutboxCommand
    expect(await execute('nordlys', command)).toMatchObject({
      status: 'failed',
      error: { code: 'UNKNOWN_ACTION' },
    })
    expect(asked).toBe(false)
  })
})

describe('an entry sent again while its first attempt still runs', () => {
  it('waits for that attempt, and its check then finds what the attempt did: the comment is posted once', async () => {
    const comments: { Text: string }[] = []
    const pause = () => new Promise((resolve) => setTimeout(resolve, 20))
    const api = {
      async get(path: string) {
        await pause()
        return path.includes('comments') ? [...comments] : [{ ID: 7 }]
      },
      async post(_path: string, body: { Text: string }) {
        await pause()
        comments.push(body)
        return body
      },
    } as unknown as ApiClient
    const { execute } = createOutboxExecution({ api: async () => api })
    const command = {
      entity: 'Supplier',
      action: 'mark-checked',
      entityId: 7,
      body: { Text: 'Kontrollert etter skanning' },
      base: {},
      baseUpdatedAt: null,
      operationKey: 'op-00000002',
      attempts: 0,
    } as unknown as OutboxCommand
    const [first, retry] = await Promise.all([
      execute('nordlys', command),
      execute('nordlys', { ...command, attempts: 1 }),
    ])
    expect(first.status).toBe('done')
    expect(retry.status).toBe('done')
    expect(comments).toHaveLength(1)
  })
})
