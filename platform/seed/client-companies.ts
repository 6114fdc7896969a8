// Extra client companies of the demo office, for the work that spans many clients (a new colleague given a
// dozen clients, benchmarks): each has the office's accountant as a user with the Administrator role and
// the products of the demo companies bought, except those listed in `withoutAdmin`, where the accountant
// is a user without roles (so the platform refuses them user administration, spec 4.10).
import { PurchaseStatus } from '../../common/status.ts'
import { UserStatus } from '../../common/status.ts'
import type { Sql } from '../db/store.ts'
import type { Registry } from '../registry/registry.ts'
import { DEMO_USERS, type DemoUser } from './demo-constants.ts'
import { DEMO_PURCHASED_PRODUCTS } from './demo-licensing.ts'
import { insertRows } from './insert.ts'

export interface ClientCompany {
  ID: number
  Key: string
  Name: string
}

export async function seedClientCompanies(
  sql: Sql,
  registry: Registry,
  options: {
    count: number
    /** Company names: `${prefix} 01 AS`, ... */
    prefix?: string
    /** Key of company n (0-based). */
    keyOf?: (n: number) => string
    admin?: DemoUser
    /** 0-based indexes where the accountant holds no role. */
    withoutAdmin?: readonly number[]
  },
): Promise<ClientCompany[]> {
  const admin = options.admin ?? DEMO_USERS.anne
  const prefix = options.prefix ?? 'Klient'
  const { rows } = await sql.query<{ ID: number }>(
    `select "ID" from "Role" where "Name" = 'Administrator' and "Deleted" = false`,
  )
  const administrator = Number(rows[0]!.ID)
  const out: ClientCompany[] = []
  for (let n = 0; n < options.count; n++) {
    const Key = options.keyOf?.(n) ?? `c1e47000-0000-4000-8000-${String(n + 1).padStart(12, '0')}`
    const Name = `${prefix} ${String(n + 1).padStart(2, '0')} AS`
    const [company] = await insertRows(sql, registry, 'Company', 0, [
      { Name, Key, IsTest: false, IsTemplate: false, ContractType: 3 },
    ])
    const companyId = Number(company!.ID)
    const insert = (entity: string, values: Record<string, unknown>[]) =>
      insertRows(sql, registry, entity, companyId, values)
    const [user] = await insert('User', [
      {
        GlobalIdentity: admin.globalIdentity,
        Email: admin.email,
        DisplayName: admin.displayName,
        UserName: admin.email,
        StatusCode: UserStatus.Active,
        UserType: 1,
        CreatedAt: new Date(Date.now() - 365 * 86_400_000).toISOString(),
      },
    ])
    if (!options.withoutAdmin?.includes(n))
      await insert('UserRole', [
        { UserID: Number(user!.ID), SharedRoleId: administrator, SharedRoleName: 'Administrator' },
      ])
    await insert(
      'Purchase',
      DEMO_PURCHASED_PRODUCTS.map((p) => ({
        ProductID: p.id,
        ProductName: p.name,
        GlobalIdentity: admin.globalIdentity,
        PurchaseStatus: PurchaseStatus.Active,
        PurchaseDate: '2026-01-02T08:00:00.000Z',
      })),
    )
    out.push({ ID: companyId, Key, Name })
  }
  return out
}
