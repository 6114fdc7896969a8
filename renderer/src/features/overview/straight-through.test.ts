import { afterEach, describe, expect, it } from 'vitest'
import { openWorkspace, type WorkspaceDb } from '@renderer/data/schema'
import { removeCompanyData } from '@renderer/data/outbox-actions'
import { straightThroughByCompany } from './straight-through.ts'

let db: WorkspaceDb | undefined
afterEach(async () => db?.delete())

const outcome = (companyKey: string, invoiceId: number, straightThrough: boolean) => ({
  companyKey,
  invoiceId,
  straightThrough,
  changedFields: straightThrough ? [] : ['InvoiceNumber'],
  savedAt: '2026-03-10T10:00:00Z',
})

describe('the straight-through figure per company', () => {
  it('counts the invoices saved without a change among those saved, per company', async () => {
    db = openWorkspace('test', crypto.randomUUID())
    await db.reviewOutcomes.bulkPut([
      outcome('a', 1, true),
      outcome('a', 2, false),
      outcome('a', 3, true),
      outcome('b', 1, false),
    ])
    const figures = await straightThroughByCompany(db, ['a', 'b', 'c'])
    expect(figures.get('a')).toEqual({ straight: 2, total: 3 })
    expect(figures.get('b')).toEqual({ straight: 0, total: 1 })
    expect(figures.get('c')).toEqual({ straight: 0, total: 0 })
  })

  it('goes when the company data is removed from this computer', async () => {
    db = openWorkspace('test', crypto.randomUUID())
    await db.reviewOutcomes.bulkPut([outcome('a', 1, true), outcome('b', 1, true)])
    expect(await removeCompanyData(db, 'a')).toEqual({ removed: true })
    expect((await straightThroughByCompany(db, ['a'])).get('a')).toEqual({ straight: 0, total: 0 })
    expect((await straightThroughByCompany(db, ['b'])).get('b')).toEqual({ straight: 1, total: 1 })
  })
})
