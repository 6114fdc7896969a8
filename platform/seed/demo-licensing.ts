// Licenses of the demo office (spec 4.10, 5): the company purchases of the demo companies, Anne as an
// accountant user, and Lars's license permissions for every demo company but Aurora (so the
// bulk-permission route's per-company refusal can be seen).
import { PurchaseStatus } from '../../common/status.ts'
import type { Sql } from '../db/store.ts'
import type { Registry } from '../registry/registry.ts'
import { DEMO_COMPANIES, DEMO_COMPANY_LIST, DEMO_USERS } from './demo-constants.ts'
import { insertRows } from './insert.ts'

/** Products every demo company has bought (license_product ids of migration 0004-license). */
export const DEMO_PURCHASED_PRODUCTS: readonly { id: number; name: string }[] = [
  { id: 1, name: 'Accounting' },
  { id: 2, name: 'Sales' },
  { id: 4, name: 'Approval' },
]

/** Lars's permissions per company slug: role 1 or 2 (license) or an agency purchase permission. */
export const DEMO_LICENSE_PERMISSIONS: readonly {
  company: keyof typeof DEMO_COMPANIES
  kind: 'license' | 'agency'
  role: number | null
}[] = [
  { company: 'nordlys', kind: 'license', role: 1 },
  { company: 'fjordbygg', kind: 'license', role: 2 },
  { company: 'test', kind: 'agency', role: null },
]

const ACCOUNTANT = 1

export async function seedDemoLicensing(sql: Sql, registry: Registry): Promise<void> {
  const { rows } = await sql.query<{ ID: number; Key: string }>('select "ID", "Key" from "Company"')
  const idOf = new Map(rows.map((r) => [r.Key, Number(r.ID)]))
  for (const company of DEMO_COMPANY_LIST) {
    const companyId = idOf.get(company.key)
    if (companyId === undefined) continue
    await insertRows(
      sql,
      registry,
      'Purchase',
      companyId,
      DEMO_PURCHASED_PRODUCTS.map((p) => ({
        ProductID: p.id,
        ProductName: p.name,
        GlobalIdentity: DEMO_USERS.anne.globalIdentity,
        PurchaseStatus: PurchaseStatus.Active,
        PurchaseDate: '2026-01-02T08:00:00.000Z',
      })),
    )
  }
  await sql.query('update "User" set "UserType" = $2 where "GlobalIdentity" = $1', [
    DEMO_USERS.anne.globalIdentity,
    ACCOUNTANT,
  ])
  for (const p of DEMO_LICENSE_PERMISSIONS) {
    await sql.query(
      `insert into license_permission (global_identity, company_id, kind, role) values ($1, $2, $3, $4)
       on conflict do nothing`,
      [DEMO_USERS.lars.globalIdentity, idOf.get(DEMO_COMPANIES[p.company].key), p.kind, p.role],
    )
  }
}
