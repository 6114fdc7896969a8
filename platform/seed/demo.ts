// The demo bookkeeping office (issue "Demo seed"): people who sign in, client companies with a
// Norwegian chart of accounts, VAT types, bank accounts, suppliers, customers, contacts, products,
// KID types, distribution plans, teams and a few draft supplier invoices. Trusted data: written with
// insertRows, not through the API's write path.
import { generateBankAccount, generateKid } from '../../common/norwegian.ts'
import { GenericStatus, PaymentStatus, SupplierInvoiceStatus, UserStatus } from '../../common/status.ts'
import type { Sql } from '../db/store.ts'
import { createAccount, findAccountByEmail } from '../identity/accounts.ts'
import type { Registry } from '../registry/registry.ts'
import {
  DEMO_COMPANY_LIST,
  DEMO_CURRENCIES,
  DEMO_PASSWORD,
  DEMO_ROLE_CATALOGUE,
  DEMO_USERS,
  type DemoCompany,
  type DemoUser,
} from './demo-constants.ts'
import { DEMO_ACCOUNTS, DEMO_VAT_TYPES } from './demo-ledger.ts'
import { seedDemoLicensing } from './demo-licensing.ts'
import {
  bankAccountRow,
  DEMO_CONTACTS,
  DEMO_CUSTOMERS,
  DEMO_SUPPLIERS,
  insertParties,
} from './demo-parties.ts'
import { seedDemoInvoices } from './demo-invoices.ts'
import { seedDistributionPlans, seedKidTypes, seedProducts } from './demo-sales.ts'
import { insertRows, reserveIds, type Row } from './insert.ts'

interface Ctx {
  sql: Sql
  registry: Registry
  currencyIds: Map<string, number>
  roleIds: Map<string, number>
}

export async function seedDemo(sql: Sql, registry: Registry): Promise<void> {
  const ctx: Ctx = {
    sql,
    registry,
    currencyIds: await ensureRows(sql, registry, 'CurrencyCode', 'Code', DEMO_CURRENCIES),
    roleIds: await ensureRows(sql, registry, 'Role', 'Name', DEMO_ROLE_CATALOGUE),
  }
  for (const user of Object.values(DEMO_USERS) as DemoUser[]) {
    if (await findAccountByEmail(sql, user.email)) continue
    await createAccount(sql, {
      email: user.email,
      password: DEMO_PASSWORD,
      displayName: user.displayName,
      isLicenseAdmin: user.isLicenseAdmin,
      globalIdentity: user.globalIdentity,
    })
    await sql.query('update identity_account set phone_number = $2 where global_identity = $1', [
      user.globalIdentity,
      user.phoneNumber,
    ])
  }
  for (const [index, company] of DEMO_COMPANY_LIST.entries()) await seedCompany(ctx, company, index)
  await seedDemoLicensing(sql, registry)
}

/**
 * Shared rows looked up by a natural key and inserted when missing, so the demo cooperates with a
 * system seed that may already hold them. Answers key -> ID.
 */
async function ensureRows(
  sql: Sql,
  registry: Registry,
  entity: string,
  key: string,
  wanted: readonly Row[],
): Promise<Map<string, number>> {
  const { rows } = await sql.query<Row>(`select "ID", "${key}" as k from "${entity}" where "Deleted" = false`)
  const ids = new Map(rows.map((r) => [String(r.k), Number(r.ID)]))
  const missing = wanted.filter((w) => !ids.has(String(w[key])))
  for (const r of await insertRows(sql, registry, entity, 0, missing)) ids.set(String(r[key]), Number(r.ID))
  return ids
}

const idsBy = (rows: Row[], key: string) =>
  new Map(rows.map((r) => [r[key] as string | number, r.ID as number]))
const round2 = (n: number) => Math.round(n * 100) / 100

async function seedCompany(ctx: Ctx, company: DemoCompany, index: number): Promise<void> {
  const { sql, registry } = ctx
  const [companyRow] = await insertRows(sql, registry, 'Company', 0, [
    {
      Name: company.name,
      Key: company.key,
      OrganizationNumber: company.organizationNumber,
      IsTest: company.isTest,
      IsTemplate: false,
      FileFlowEmail: `${company.slug}@inbox.demo.test`,
      ContractType: 3,
    },
  ])
  const companyId = companyRow!.ID as number
  const insert = (entity: string, rows: Row[]) => insertRows(sql, registry, entity, companyId, rows)
  const reserve = (entity: string, count: number) => reserveIds(sql, companyId, entity, registry, count)

  // People and their roles.
  const members = (Object.entries(DEMO_USERS) as [string, DemoUser][]).filter(([, u]) =>
    (u.companies as readonly string[]).includes(company.slug),
  )
  const users = await insert(
    'User',
    members.map(([, u]) => ({
      GlobalIdentity: u.globalIdentity,
      Email: u.email,
      DisplayName: u.displayName,
      UserName: u.email,
      PhoneNumber: u.phoneNumber,
      StatusCode: UserStatus.Active,
      // The office has worked for its clients for a year: nobody is a newcomer to them.
      CreatedAt: new Date(Date.now() - 365 * 86_400_000).toISOString(),
    })),
  )
  const userId = new Map(members.map(([name], i) => [name, users[i]!.ID as number]))
  await insert(
    'UserRole',
    members.flatMap(([name, u]) =>
      u.roles.map((role) => ({
        UserID: userId.get(name),
        SharedRoleId: ctx.roleIds.get(role),
        SharedRoleName: role,
      })),
    ),
  )
  const teams = await insert('Team', [{ Name: 'Godkjennere' }, { Name: 'Regnskap' }])
  const position = (team: number, user: string, pos: number) =>
    userId.has(user) ? [{ TeamID: teams[team]!.ID, UserID: userId.get(user), Position: pos }] : []
  await insert('TeamPosition', [
    ...position(0, 'per', 1),
    ...position(0, 'anne', 0),
    ...position(1, 'anne', 1),
    ...position(1, 'siri', 0),
  ])

  // Ledger: VAT types and accounts point at each other, so the VAT type IDs are reserved first.
  const firstVat = await reserve('VatType', DEMO_VAT_TYPES.length)
  const vatId = new Map(DEMO_VAT_TYPES.map((v, i) => [v.vatCode, firstVat + i]))
  const accounts = await insert(
    'Account',
    DEMO_ACCOUNTS.map((a) => ({
      AccountNumber: a.number,
      AccountName: a.name,
      VatTypeID: a.vatCode ? vatId.get(a.vatCode) : null,
      CurrencyCodeID: ctx.currencyIds.get('NOK'),
      SystemAccount: [1500, 1920, 2400, 2700, 2710, 2740].includes(a.number),
    })),
  )
  const accountId = idsBy(accounts, 'AccountNumber') as Map<number, number>
  await insert(
    'VatType',
    DEMO_VAT_TYPES.map((v) => ({
      ID: vatId.get(v.vatCode),
      Name: v.name,
      VatCode: v.vatCode,
      Alias: v.vatCode,
      VatPercent: v.percent,
      OutputVat: v.outputVat,
      ReversedTaxDutyVat: v.reversed ?? false,
      IncomingAccountID: v.incoming ? accountId.get(v.incoming) : null,
      OutgoingAccountID: v.outgoing ? accountId.get(v.outgoing) : null,
    })),
  )
  await insert(
    'VatTypePercentage',
    DEMO_VAT_TYPES.map((v) => ({
      VatTypeID: vatId.get(v.vatCode),
      VatPercent: v.percent,
      ValidFrom: '2016-01-01',
    })),
  )

  // The company's own bank accounts and settings.
  const settingsId = await reserve('CompanySettings', 1)
  const ownAccounts = await insert('BankAccount', [
    bankAccountRow(company.bankAccount, 'Driftskonto', {
      CompanySettingsID: settingsId,
      AccountID: accountId.get(1920),
      BankAccountType: 'company',
    }),
    // Tax withholding: a separate account in the same bank as the operating account.
    bankAccountRow(generateBankAccount(9000 + index, company.bankAccount.slice(0, 4)), 'Skattetrekkskonto', {
      CompanySettingsID: settingsId,
      AccountID: accountId.get(1950),
      BankAccountType: 'tax',
    }),
  ])
  await insert('CompanySettings', [
    {
      ID: settingsId,
      CompanyName: company.name,
      OrganizationNumber: company.organizationNumber,
      BaseCurrencyCodeID: ctx.currencyIds.get('NOK'),
      DefaultBankAccountID: ownAccounts[0]!.ID,
      DefaultEmail: `post@${company.slug}.example`,
      DefaultPhone: `+4722${String(100000 + index * 111).padStart(6, '0')}`,
      TaxMandatory: true,
    },
  ])

  await insert('Department', [
    { DepartmentNumber: '1', Name: 'Administrasjon' },
    { DepartmentNumber: '2', Name: 'Salg' },
    { DepartmentNumber: '3', Name: 'Produksjon' },
  ])
  await insert('Project', [
    { ProjectNumber: '100', Name: 'Nytt lager', StartDate: '2026-03-01', ProjectLeadName: 'Anne Accountant' },
    { ProjectNumber: '101', Name: 'Nettbutikk', StartDate: '2026-06-01', ProjectLeadName: 'Per Approver' },
  ])

  // Suppliers, customers and contacts with their business relations.
  const supplierParties = await insertParties(sql, registry, companyId, DEMO_SUPPLIERS)
  const suppliers = await insert(
    'Supplier',
    DEMO_SUPPLIERS.map((s, i) => ({
      SupplierNumber: 20001 + i,
      BusinessRelationID: supplierParties[i]!.businessRelationId,
      OrgNumber: s.orgNumber,
      CreditDays: 14,
      CurrencyCodeID: ctx.currencyIds.get('NOK'),
      CostAccountID: accountId.get(s.costAccount),
      // One supplier is still being set up, as spec 4.5's filter on 20001 or 30001 anticipates.
      StatusCode: i === DEMO_SUPPLIERS.length - 1 ? GenericStatus.Pending : GenericStatus.Active,
    })),
  )
  const customerParties = await insertParties(sql, registry, companyId, DEMO_CUSTOMERS)
  const customers = await insert(
    'Customer',
    DEMO_CUSTOMERS.map((c, i) => ({
      CustomerNumber: 10001 + i,
      BusinessRelationID: customerParties[i]!.businessRelationId,
      OrgNumber: c.orgNumber ?? null,
      CreditDays: 14,
      CurrencyCodeID: ctx.currencyIds.get('NOK'),
    })),
  )
  const contactParties = await insertParties(
    sql,
    registry,
    companyId,
    DEMO_CONTACTS.map((c) => ({
      name: c.name,
      email: `${c.name.toLowerCase().replace(/ /g, '.')}@kontakt.example`,
      phone: `+4793${String(100000 + c.customer * 7919).slice(0, 6)}`,
      address: DEMO_CUSTOMERS[c.customer]!.address!,
    })),
  )
  await insert(
    'Contact',
    DEMO_CONTACTS.map((c, i) => ({
      InfoID: contactParties[i]!.businessRelationId,
      ParentBusinessRelationID: customerParties[c.customer]!.businessRelationId,
      Role: c.role,
    })),
  )

  const products = await seedProducts(insert, vatId, accountId)
  await seedKidTypes(insert)
  await seedDistributionPlans(insert)
  // Customer invoices in the first companies (Nordlys Bakeri and Aurora; Fjordbygg's are left to its
  // factoring tests, which expect it to hold none).
  if (company.slug === 'nordlys' || company.slug === 'aurora') {
    const kid = await sql.query<Row>(
      `select "ID" from "PaymentInfoType" where "CompanyID" = $1 and "Name" = 'KID: fakturanummer'`,
      [companyId],
    )
    await seedDemoInvoices(
      sql,
      insert,
      { id: companyId, index },
      {
        customers,
        products,
        vatId,
        nokId: ctx.currencyIds.get('NOK'),
        kidTypeId: kid.rows[0] ? Number(kid.rows[0].ID) : undefined,
      },
    )
  }

  // A few draft supplier invoices waiting in the inbox.
  await insert(
    'SupplierInvoice',
    [0, 1, 2, 3, 4, 5].map((n) => {
      const supplierIndex = (n + index) % (DEMO_SUPPLIERS.length - 1)
      const net = round2(800 + ((n * 7919 + index * 104729) % 24000) + n / 4)
      const vat = round2(net * 0.25)
      const day = String(2 + n * 3).padStart(2, '0')
      return {
        SupplierID: suppliers[supplierIndex]!.ID,
        SupplierOrgNumber: DEMO_SUPPLIERS[supplierIndex]!.orgNumber,
        InvoiceNumber: String(41000 + n * 13 + index * 101),
        InvoiceDate: `2026-11-${day}`,
        PaymentDueDate: `2026-12-${day}`,
        TaxExclusiveAmount: net,
        TaxExclusiveAmountCurrency: net,
        VatTotalsAmount: vat,
        VatTotalsAmountCurrency: vat,
        TaxInclusiveAmount: round2(net + vat),
        TaxInclusiveAmountCurrency: round2(net + vat),
        CurrencyCodeID: ctx.currencyIds.get('NOK'),
        CurrencyExchangeRate: 1,
        PaymentID: generateKid(index * 100 + n, 12, n % 2 === 0 ? 'mod10' : 'mod11'),
        BankAccountID: supplierParties[supplierIndex]!.bankAccountId,
        StatusCode: SupplierInvoiceStatus.Draft,
        PaymentStatus: PaymentStatus.NotPaid,
      }
    }),
  )
}
