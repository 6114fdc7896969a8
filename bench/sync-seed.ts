// Data for the offline-workspace benchmark, written straight into the local platform's database (trusted
// bulk inserts, as the demo seed writes): many supplier invoices in one demo company, and more client
// companies of the demo accountant, each with a user row, roles, settings, suppliers and a few invoices.
import { SupplierInvoiceStatus, UserStatus } from '../common/status.ts'
import type { Store } from '../platform/db/store.ts'
import type { Registry } from '../platform/registry/registry.ts'
import { DEMO_USERS } from '../platform/seed/demo-constants.ts'
import { insertRows } from '../platform/seed/insert.ts'

const statuses = [
  SupplierInvoiceStatus.Draft,
  SupplierInvoiceStatus.ForApproval,
  SupplierInvoiceStatus.Approved,
  SupplierInvoiceStatus.Journaled,
  SupplierInvoiceStatus.Rejected,
]

/** `count` supplier invoices in every status, spread over the company's suppliers. */
export async function insertInvoices(
  store: Store,
  registry: Registry,
  companyId: number,
  supplierIds: readonly number[],
  count: number,
  prefix: string,
): Promise<void> {
  await insertRows(
    store,
    registry,
    'SupplierInvoice',
    companyId,
    Array.from({ length: count }, (_, i) => ({
      SupplierID: supplierIds[i % supplierIds.length],
      InvoiceNumber: `${prefix}-${i}`,
      InvoiceDate: '2026-10-01',
      PaymentDueDate: '2026-10-15',
      TaxInclusiveAmount: 1000 + i,
      StatusCode: statuses[i % statuses.length],
    })),
  )
}

/**
 * `count` more companies where the demo accountant is a member with her roles; answers their keys. Each
 * holds company settings, three suppliers and `invoicesEach` supplier invoices.
 */
export async function seedCompanies(
  store: Store,
  registry: Registry,
  count: number,
  invoicesEach: number,
): Promise<string[]> {
  const anne = DEMO_USERS.anne
  const roleIds = new Map(
    (await store.query<{ ID: number; Name: string }>('select "ID", "Name" from "Role"')).rows.map((r) => [
      r.Name,
      r.ID,
    ]),
  )
  const keys: string[] = []
  for (let n = 1; n <= count; n++) {
    const key = crypto.randomUUID()
    const [company] = await insertRows(store, registry, 'Company', 0, [
      { Name: `Benk ${n} AS`, Key: key, IsTest: false, IsTemplate: false, ContractType: 3 },
    ])
    const companyId = company!.ID as number
    const insert = (entity: string, rows: Record<string, unknown>[]) =>
      insertRows(store, registry, entity, companyId, rows)
    const [user] = await insert('User', [
      {
        GlobalIdentity: anne.globalIdentity,
        Email: anne.email,
        DisplayName: anne.displayName,
        UserName: anne.email,
        StatusCode: UserStatus.Active,
      },
    ])
    await insert(
      'UserRole',
      anne.roles.map((role) => ({ UserID: user!.ID, SharedRoleId: roleIds.get(role), SharedRoleName: role })),
    )
    await insert('CompanySettings', [{ CompanyName: `Benk ${n} AS` }])
    const suppliers = await insert(
      'Supplier',
      [1, 2, 3].map((s) => ({ SupplierNumber: 20000 + s })),
    )
    await insertInvoices(
      store,
      registry,
      companyId,
      suppliers.map((s) => s.ID as number),
      invoicesEach,
      `BENK${n}`,
    )
    keys.push(key)
  }
  return keys
}
