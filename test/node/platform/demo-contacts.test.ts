// The contacts register's demo facts over the API, as the app reads them: a supplier the scan station made in
// Nordlys Bakeri AS with the scan's comment and the account it read, and two suppliers of Aurora Arkitekter
// AS under one organisation number.
import { describe, expect, it } from 'vitest'
import { usePlatformAs } from '../../support/platform.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { DEMO_DUPLICATE_SUPPLIER, DEMO_SCANNED_SUPPLIER } from '../../../platform/seed/demo-contacts.ts'

const anne = usePlatformAs(DEMO_USERS.anne.email)

/* eslint-disable @typescript-eslint/no-explicit-any */
const get = anne.read

describe('the contacts demo', () => {
  it('has a supplier the scan station created in Nordlys, marked with its comment', async () => {
    const key = DEMO_COMPANIES.nordlys.key
    const [supplier] = await get(
      key,
      `suppliers?expand=Info,Info.BankAccounts&filter=OrgNumber eq '${DEMO_SCANNED_SUPPLIER.orgNumber}'`,
    )
    expect(supplier.Info.Name).toBe(DEMO_SCANNED_SUPPLIER.name)
    expect(supplier.Info.BankAccounts.map((b: any) => b.AccountNumber)).toEqual([
      DEMO_SCANNED_SUPPLIER.scannedAccount,
    ])
    const comments = await get(key, `comments/Supplier/${supplier.ID}`)
    expect(comments.map((c: any) => c.Text)).toEqual(['Opprettet fra skanning'])
  })

  it('has two active suppliers in Aurora under one organisation number', async () => {
    const rows = await get(
      DEMO_COMPANIES.aurora.key,
      `suppliers?expand=Info&filter=OrgNumber eq '${DEMO_DUPLICATE_SUPPLIER.orgNumber}'`,
    )
    expect(rows).toHaveLength(2)
    expect(rows.map((r: any) => r.StatusCode)).toEqual([30001, 30001])
    expect(rows.map((r: any) => r.Info.Name)).toContain(DEMO_DUPLICATE_SUPPLIER.name)
  })
})
