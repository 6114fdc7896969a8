// What the contacts register shows a new user: in Nordlys Bakeri AS a supplier the scan station created
// from an invoice it read (name, organisation number and the bank account it read, marked with the scan's
// comment) that nobody has checked yet; in Aurora Arkitekter AS a supplier registered twice under the same
// organisation number, the second time by hand with another address and account (the duplicates the
// register flags and merges). Written through the platform's own write path, as demo-review.ts does.
import { bankAccountToIban, generateBankAccount, generateOrgNumber } from '../../common/norwegian.ts'
import type { Sql } from '../db/store.ts'
import type { HookSet } from '../model/hooks.ts'
import type { Registry } from '../registry/registry.ts'
import { transitionEntities } from '../domain/transitions.ts'
import { DEMO_COMPANIES, DEMO_USERS, type DemoCompany } from './demo-constants.ts'
import { activeSuppliers, create, one, type Actor, type CompanyScope } from './demo-approvals.ts'
import { DEMO_SUPPLIERS } from './demo-parties.ts'

/** The note the scan station writes on a supplier it creates (electron/main/services/scan). */
const SCAN_NOTE = 'Opprettet fra skanning'

/** The supplier the scan station created in Nordlys Bakeri AS. */
export const DEMO_SCANNED_SUPPLIER = {
  name: 'Tromsø Kaffebrenneri AS',
  orgNumber: generateOrgNumber(5900),
  /** The account the scan read from the invoice: the supplier's real one is `correctAccount`. */
  scannedAccount: generateBankAccount(5901),
  correctAccount: generateBankAccount(5902),
} as const

/** The second registration of the first demo supplier in Aurora Arkitekter AS. */
export const DEMO_DUPLICATE_SUPPLIER = {
  name: 'Bergen Kontorrekvisita AS avd. Åsane',
  orgNumber: DEMO_SUPPLIERS[0]!.orgNumber!,
  account: generateBankAccount(5903),
  email: 'aasane@bergenkontor.example',
} as const

/** A demo company's scope for the platform's write path, and Anne as the actor. */
export async function scopeOf(sql: Sql, registry: Registry, hooks: HookSet, company: DemoCompany) {
  const row = await one<{ ID: number }>(sql, `select "ID" from "Company" where "Key" = $1`, [company.key])
  const scope: CompanyScope = {
    sql,
    registry,
    hooks,
    companyId: row.ID,
    companyKey: company.key,
    transitionEntities: await transitionEntities(sql),
  }
  const user = await one<{ ID: number; GlobalIdentity: string }>(
    sql,
    `select "ID", "GlobalIdentity" from "User" where "CompanyID" = $1 and lower("Email") = lower($2) and "Deleted" = false`,
    [row.ID, DEMO_USERS.anne.email],
  )
  const anne: Actor = { userId: user.ID, globalIdentity: user.GlobalIdentity }
  return { scope, anne }
}

/** Seeds the register's demo facts into a demo office just seeded (same transaction). */
export async function seedDemoContacts(
  sql: Sql,
  registry: Registry,
  opts: { hooks: HookSet },
): Promise<void> {
  {
    const { scope, anne } = await scopeOf(sql, registry, opts.hooks, DEMO_COMPANIES.nordlys)
    const s = DEMO_SCANNED_SUPPLIER
    // What the scan pipeline writes (electron/main/services/scan/platform.ts createSupplier, markSupplier).
    const supplierId = await create(scope, anne, 'Supplier', {
      OrgNumber: s.orgNumber,
      Info: {
        _createguid: 'info',
        Name: s.name,
        BankAccounts: [{ _createguid: 'bank', AccountNumber: s.scannedAccount, Label: SCAN_NOTE }],
      },
    })
    await create(scope, anne, 'Comment', {
      Text: SCAN_NOTE,
      EntityType: 'Supplier',
      EntityID: supplierId,
      AuthorID: anne.userId,
    })
  }
  {
    const { scope, anne } = await scopeOf(sql, registry, opts.hooks, DEMO_COMPANIES.aurora)
    const d = DEMO_DUPLICATE_SUPPLIER
    const original = (await activeSuppliers(sql, scope.companyId)).find((x) => x.OrgNumber === d.orgNumber)
    if (!original)
      throw new Error('demo contacts: the first demo supplier is missing in Aurora Arkitekter AS')
    await create(scope, anne, 'Supplier', {
      OrgNumber: d.orgNumber,
      CostAccountID: null,
      Info: {
        _createguid: 'info',
        Name: d.name,
        InvoiceAddress: {
          _createguid: 'addr',
          AddressLine1: 'Åsane senter 40',
          PostalCode: '5116',
          City: 'Ulset',
        },
        DefaultEmail: { _createguid: 'mail', EmailAddress: d.email },
        BankAccounts: [{ _createguid: 'bank', AccountNumber: d.account, IBAN: bankAccountToIban(d.account) }],
      },
    })
  }
}
