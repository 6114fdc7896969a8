// The offline workspace against the platform in its documented mode (platform/surface): every cached entity
// is pulled or, where the platform does not offer its list, marked unavailable with the platform's reason;
// no refusal fails the round, and what the views need most (invoices, their documents, the user's approvals)
// arrives by documented routes. These are the fallbacks electron/main/services/api/extensions.ts lists.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import 'fake-indexeddb/auto'
import { cachedEntities, type CachedEntity } from '../../../common/entities/declarations.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { pullEntity, unavailableEntity } from '../../../renderer/src/data/pull.ts'
import { openWorkspace, type WorkspaceDb } from '../../../renderer/src/data/schema.ts'
import { startTestPlatform, type TestPlatform } from '../../support/platform.ts'
import { directTransport, syncServiceFor } from '../../support/sync.ts'
import type { SyncService } from '../../../electron/main/services/sync/sync-service.ts'

const nordlys = DEMO_COMPANIES.nordlys.key
let platform: TestPlatform
let service: SyncService
let db: WorkspaceDb
let perId: number

beforeAll(async () => {
  platform = await startTestPlatform({ platformOptions: { surface: 'documented' } })
  ;({ service } = await syncServiceFor(platform, DEMO_USERS.per.email))
  const { api } = await syncServiceFor(platform, DEMO_USERS.per.email)
  perId = Number(
    (
      await api.get<{ ID: number }>('api/biz/users', {
        companyKey: nordlys,
        query: { action: 'current-session' },
      })
    ).ID,
  )
})
afterAll(async () => platform?.close())
beforeEach(async () => {
  await db?.delete()
  db = openWorkspace('test', crypto.randomUUID())
})

const count = (entity: CachedEntity) => db.table(entity).where('companyKey').equals(nordlys).count()

describe('a round against the documented platform', () => {
  it('pulls or marks every entity, and what the views need first arrives by documented routes', async () => {
    const transport = directTransport(service)
    const options = { top: 500, userId: perId, journaledDays: 90 }
    for (const entity of cachedEntities) await pullEntity(db, transport, nordlys, entity, options)

    // The lists the documents do not name are marked, with the platform's reason.
    for (const entity of ['Department', 'Project', 'CurrencyCode', 'Comment'] as const) {
      expect(await unavailableEntity(db, nordlys, entity), entity).toMatchObject({ code: 'API_NOT_FOUND' })
    }
    // Invoices, their documents, the user's own approvals and the tasks (through statistics) do arrive.
    expect(await unavailableEntity(db, nordlys, 'Task')).toBeNull()
    expect(await count('Task')).toBeGreaterThan(0)
    expect(await count('SupplierInvoice')).toBeGreaterThan(0)
    expect(await unavailableEntity(db, nordlys, 'Approval')).toBeNull()
    expect(await count('Approval')).toBeGreaterThan(0)
    expect(await unavailableEntity(db, nordlys, 'FileAttachment')).toBeNull()
    expect(await count('FileAttachment')).toBeGreaterThan(0)
    const links = await db.table('FileAttachment').where('companyKey').equals(nordlys).toArray()
    expect(links[0]).toMatchObject({
      EntityType: 'SupplierInvoice',
      FileID: expect.any(Number),
      Name: expect.any(String),
    })
  })
})
