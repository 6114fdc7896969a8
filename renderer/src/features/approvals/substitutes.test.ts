// "While I am away" on a real Dexie workspace (fake-indexeddb): people known across companies by their
// identity, a period for all companies queued once per company where the substitute is a user, the
// platform's answers settling the rows (saved, refused with its message), and ending a period.
import { afterEach, describe, expect, it } from 'vitest'
import type { OutboxCommand, OutboxOutcome } from '@common/bridge/outbox'
import { drainCompany } from '@renderer/data/drain'
import { openWorkspace, type WorkspaceDb } from '@renderer/data/schema'
import type { SyncTransport } from '@renderer/data/sync-transport'
import { addSubstitute, endSubstitute, loadSubstitutes, SubstituteError } from './substitutes.ts'
import { companyRecord } from '@renderer/data/testing'

let db: WorkspaceDb
afterEach(async () => {
  await db.delete()
})

const company = companyRecord

/** Per is user 5 in Nordlys and 8 in Fjordbygg; Siri is 3 and 4; Anne only in Nordlys (2). */
async function seeded(): Promise<WorkspaceDb> {
  db = openWorkspace('sandbox', `user-${crypto.randomUUID()}`)
  await db.companies.bulkPut([
    company('nordlys', 'Nordlys Bakeri AS', 5),
    company('fjordbygg', 'Fjordbygg Rørlegger AS', 8),
  ])
  const user = (companyKey: string, ID: number, DisplayName: string, GlobalIdentity: string) => ({
    companyKey,
    ID,
    DisplayName,
    GlobalIdentity,
    StatusCode: 110001,
  })
  await db.User.bulkPut([
    user('nordlys', 5, 'Per Approver', 'g-per'),
    user('nordlys', 3, 'Siri Substitute', 'g-siri'),
    user('nordlys', 2, 'Anne Accountant', 'g-anne'),
    { ...user('nordlys', 7, 'Ola Gone', 'g-ola'), StatusCode: 110002 },
    user('fjordbygg', 8, 'Per Approver', 'g-per'),
    user('fjordbygg', 4, 'Siri Substitute', 'g-siri'),
  ])
  await db.ApprovalSubstitute.bulkPut([
    // Anne stands in for Per in Nordlys now; Per stands in for Siri in Fjordbygg later; an old one is over.
    {
      companyKey: 'nordlys',
      ID: 1,
      UserID: 5,
      SubstituteUserID: 2,
      FromDate: '2026-11-20',
      ToDate: '2026-11-30',
    },
    {
      companyKey: 'fjordbygg',
      ID: 1,
      UserID: 4,
      SubstituteUserID: 8,
      FromDate: '2026-12-01T00:00:00',
      ToDate: '2026-12-05',
    },
    {
      companyKey: 'nordlys',
      ID: 2,
      UserID: 5,
      SubstituteUserID: 3,
      FromDate: '2026-10-01',
      ToDate: '2026-10-05',
    },
  ])
  return db
}

const today = '2026-11-23'

function transport(answer: (companyKey: string, command: OutboxCommand) => OutboxOutcome): SyncTransport {
  const unused = () => Promise.reject(new Error('not used'))
  return {
    probe: unused,
    pull: unused,
    ids: unused,
    row: () => Promise.resolve(null),
    execute: (companyKey: string, command: OutboxCommand) => Promise.resolve(answer(companyKey, command)),
    download: unused,
    ocr: unused,
  }
}

describe('while I am away', () => {
  it('lists who stands in for me and whom I stand in for, today and later, with people across companies', async () => {
    await seeded()
    const overview = await loadSubstitutes(db, today)
    expect(overview.mine.map((r) => [r.companyName, r.personName, r.FromDate, r.current])).toEqual([
      ['Nordlys Bakeri AS', 'Anne Accountant', '2026-11-20', true],
    ])
    expect(overview.standingIn.map((r) => [r.companyName, r.personName, r.FromDate, r.current])).toEqual([
      ['Fjordbygg Rørlegger AS', 'Siri Substitute', '2026-12-01', false],
    ])
    // Not oneself, not an inactive user; Siri is one person with a User.ID in each company.
    expect(overview.people.map((p) => [p.name, p.users])).toEqual([
      ['Anne Accountant', { nordlys: 2 }],
      ['Siri Substitute', { nordlys: 3, fjordbygg: 4 }],
    ])
  })

  it('queues a period for all my companies with each company’s own user IDs, skipping where the person is no user', async () => {
    await seeded()
    const overview = await loadSubstitutes(db, today)
    const anne = overview.people.find((p) => p.name === 'Anne Accountant')!
    const siri = overview.people.find((p) => p.name === 'Siri Substitute')!
    const keys = overview.companies.map((c) => c.Key)
    const forAnne = await addSubstitute(
      db,
      overview,
      { person: anne, from: '2026-12-10', to: '2026-12-20', companyKeys: keys },
      today,
    )
    expect(forAnne).toEqual({ queued: ['nordlys'], skipped: ['fjordbygg'] })
    const forSiri = await addSubstitute(
      db,
      overview,
      { person: siri, from: '2026-12-10', to: '2026-12-20', companyKeys: keys },
      today,
    )
    expect(forSiri.queued.sort()).toEqual(['fjordbygg', 'nordlys'])
    const entries = await db.outbox.toArray()
    expect(entries.map((e) => [e.companyKey, e.action, e.body])).toEqual([
      ['nordlys', 'create', { UserID: 5, SubstituteUserID: 2, FromDate: '2026-12-10', ToDate: '2026-12-20' }],
      [
        'fjordbygg',
        'create',
        { UserID: 8, SubstituteUserID: 4, FromDate: '2026-12-10', ToDate: '2026-12-20' },
      ],
      ['nordlys', 'create', { UserID: 5, SubstituteUserID: 3, FromDate: '2026-12-10', ToDate: '2026-12-20' }],
    ])
    const after = await loadSubstitutes(db, today)
    expect(after.mine.filter((r) => r.state === 'saving')).toHaveLength(3)
  })

  it('refuses a form without a person, with a last day before the first, or already over, naming the field', async () => {
    await seeded()
    const overview = await loadSubstitutes(db, today)
    const siri = overview.people.find((p) => p.name === 'Siri Substitute')!
    const attempt = (input: Partial<Parameters<typeof addSubstitute>[2]>) =>
      addSubstitute(
        db,
        overview,
        { person: siri, from: '2026-12-01', to: '2026-12-02', companyKeys: ['nordlys'], ...input },
        today,
      )
    await expect(attempt({ person: null })).rejects.toMatchObject({
      code: 'PERSON_REQUIRED',
      field: 'person',
    })
    await expect(attempt({ to: null })).rejects.toMatchObject({ code: 'DATES_REQUIRED', field: 'to' })
    await expect(attempt({ to: '2026-11-30' })).rejects.toMatchObject({ code: 'DATES_ORDER', field: 'to' })
    await expect(attempt({ from: '2026-11-01', to: '2026-11-02' })).rejects.toBeInstanceOf(SubstituteError)
    await expect(attempt({ companyKeys: [] })).rejects.toMatchObject({ code: 'NO_COMPANY' })
    expect(await db.outbox.count()).toBe(0)
  })

  it('settles a saved period with the platform’s ID, shows a refusal on its row, and ends a period by deleting it', async () => {
    await seeded()
    const overview = await loadSubstitutes(db, today)
    const siri = overview.people.find((p) => p.name === 'Siri Substitute')!
    await addSubstitute(
      db,
      overview,
      { person: siri, from: '2026-12-10', to: '2026-12-20', companyKeys: ['nordlys', 'fjordbygg'] },
      today,
    )
    const sent: string[] = []
    const platform = transport((companyKey, command) => {
      sent.push(`${companyKey} ${command.action} ${command.entityId}`)
      if (command.action !== 'create') return { status: 'done', row: null, merged: [] }
      if (companyKey === 'fjordbygg')
        return {
          status: 'failed',
          error: {
            code: 'VALIDATION',
            message: 'SubstituteUserID 4 is not an active user of this company',
            field: 'SubstituteUserID',
          },
          row: null,
        }
      return { status: 'done', row: { ID: 40, ...command.body }, merged: [] }
    })
    await drainCompany(db, platform, 'nordlys')
    await drainCompany(db, platform, 'fjordbygg')
    let now = await loadSubstitutes(db, today)
    const saved = now.mine.find((r) => r.companyKey === 'nordlys' && r.personName === 'Siri Substitute')!
    expect([saved.ID, saved.state]).toEqual([40, 'saved'])
    const refused = now.mine.find((r) => r.companyKey === 'fjordbygg')!
    expect([refused.state, refused.message, refused.field]).toEqual([
      'refused',
      'SubstituteUserID 4 is not an active user of this company',
      'SubstituteUserID',
    ])

    await endSubstitute(db, saved)
    now = await loadSubstitutes(db, today)
    expect(now.mine.find((r) => r.ID === 40)?.state).toBe('ending')
    await drainCompany(db, platform, 'nordlys')
    now = await loadSubstitutes(db, today)
    expect(now.mine.some((r) => r.ID === 40)).toBe(false)
    expect(sent).toEqual(['nordlys create -1', 'fjordbygg create -1', 'nordlys delete 40'])
  })
})
