import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildKid,
  isValidBankAccount,
  isValidKid,
  isValidNorwegianIban,
  isValidOrgNumber,
  kidSetupProblems,
  type KidPart,
} from '../../common/norwegian.ts'
import { GenericStatus, PaymentInfoTypeStatus, UserStatus } from '../../common/status.ts'
import { migrate } from '../db/migrate.ts'
import { openStore, type Store } from '../db/store.ts'
import { companiesOf, findAccountByEmail, verifyPassword } from '../identity/accounts.ts'
import { registry } from '../registry/index.ts'
import { DEMO_COMPANIES, DEMO_COMPANY_LIST, DEMO_PASSWORD, DEMO_USERS } from './demo-constants.ts'
import { seedDemo } from './demo.ts'
import { insertRows, SYSTEM_IDENTITY } from './insert.ts'
import { seedSystem } from './system.ts'

let store: Store
/** PostgreSQL mode (`LEDGERDESK_TEST_DATABASE_URL`): a database of its own, dropped afterwards. */
const serverUrl = process.env.LEDGERDESK_TEST_DATABASE_URL
const database = `demo_seed_${process.pid}_${Date.now()}`

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

beforeAll(async () => {
  if (serverUrl) {
    await admin(`create database ${database}`)
    const url = new URL(serverUrl)
    url.pathname = `/${database}`
    store = await openStore({ databaseUrl: url.toString() })
  } else {
    store = await openStore({})
  }
  await migrate(store, registry)
  await seedSystem(store, registry)
  await seedDemo(store, registry)
}, 120_000)

afterAll(async () => {
  await store?.close()
  if (serverUrl) await admin(`drop database if exists ${database}`)
})

type R = Record<string, unknown>
const q = async (text: string, params: unknown[] = []) => (await store.query<R>(text, params)).rows
const companyId = async (key: string) =>
  (await q('select "ID" from "Company" where "Key" = $1', [key]))[0]!.ID as number

describe('demo seed', () => {
  it('creates the client companies with valid organisation numbers and stable keys, plus one test company', async () => {
    const rows = await q('select "Name", "Key", "OrganizationNumber", "IsTest" from "Company" order by "ID"')
    expect(rows.map((r) => r.Key)).toEqual(DEMO_COMPANY_LIST.map((c) => c.key))
    expect(rows.filter((r) => r.IsTest === false).length).toBeGreaterThanOrEqual(3)
    expect(rows.filter((r) => r.IsTest === true)).toHaveLength(1)
    for (const r of rows) expect(isValidOrgNumber(String(r.OrganizationNumber)), String(r.Name)).toBe(true)
    for (const [slug, c] of Object.entries(DEMO_COMPANIES)) expect(c.slug).toBe(slug)
  })

  it('lets every demo user sign in with password demo and gives each the companies of the office plan', async () => {
    for (const u of Object.values(DEMO_USERS)) {
      const account = await findAccountByEmail(store, u.email)
      expect(account?.global_identity).toBe(u.globalIdentity)
      expect(await verifyPassword(DEMO_PASSWORD, account!.password_hash)).toBe(true)
      expect(account!.is_license_admin).toBe(u.isLicenseAdmin)
      const keys = (await companiesOf(store, u.globalIdentity)).map((c) => c.Key).sort()
      expect(keys).toEqual(u.companies.map((c) => DEMO_COMPANIES[c].key).sort())
    }
    expect(await companiesOf(store, DEMO_USERS.per.globalIdentity)).toHaveLength(2)
    const lars = await findAccountByEmail(store, DEMO_USERS.lars.email)
    expect(lars?.is_license_admin).toBe(true)
  })

  it('gives anne Administrator everywhere, per the approver role in his two companies and siri no role', async () => {
    const roles = await q(
      `select c."Key", u."Email", ur."SharedRoleName", r."Name" as "RoleName"
         from "UserRole" ur join "User" u on u."CompanyID" = ur."CompanyID" and u."ID" = ur."UserID"
         join "Company" c on c."ID" = ur."CompanyID" join "Role" r on r."ID" = ur."SharedRoleId"`,
    )
    for (const r of roles) expect(r.RoleName).toBe(r.SharedRoleName)
    const of = (email: string) => roles.filter((r) => r.Email === email)
    for (const c of DEMO_COMPANY_LIST) {
      expect(
        of(DEMO_USERS.anne.email).some((r) => r.Key === c.key && r.SharedRoleName === 'Administrator'),
      ).toBe(true)
    }
    expect(new Set(of(DEMO_USERS.per.email).map((r) => r.Key))).toEqual(
      new Set([DEMO_COMPANIES.nordlys.key, DEMO_COMPANIES.fjordbygg.key]),
    )
    expect(of(DEMO_USERS.per.email).every((r) => r.SharedRoleName === 'Approval.Accounting')).toBe(true)
    expect(of(DEMO_USERS.siri.email)).toEqual([])
    const users = await q('select distinct "StatusCode" from "User"')
    expect(users).toEqual([{ StatusCode: UserStatus.Active }])
  })

  it('gives each company a chart of accounts with VAT types pointing at their accounts', async () => {
    const id = await companyId(DEMO_COMPANIES.fjordbygg.key)
    const accounts = await q(
      'select "ID", "AccountNumber", "AccountName" from "Account" where "CompanyID" = $1',
      [id],
    )
    const byNumber = new Map(accounts.map((a) => [a.AccountNumber as number, a]))
    for (const n of [1500, 1920, 2400, 2700, 2710, 2740, 3000, 3100, 4000, 4300, 6000, 7790]) {
      expect(byNumber.has(n), String(n)).toBe(true)
    }
    expect(byNumber.get(2400)!.AccountName).toBe('Leverandørgjeld')
    const vat = await q(
      `select v."VatCode", v."VatPercent", v."OutputVat", ia."AccountNumber" as "In", oa."AccountNumber" as "Out"
         from "VatType" v
         left join "Account" ia on ia."CompanyID" = v."CompanyID" and ia."ID" = v."IncomingAccountID"
         left join "Account" oa on oa."CompanyID" = v."CompanyID" and oa."ID" = v."OutgoingAccountID"
        where v."CompanyID" = $1`,
      [id],
    )
    const code = (c: string) => vat.find((v) => v.VatCode === c)!
    expect(vat.map((v) => v.VatCode).sort()).toEqual(
      ['0', '1', '11', '13', '14', '15', '3', '31', '33', '5', '6', '86', '87', '88', '89'].sort(),
    )
    expect(code('1')).toMatchObject({ VatPercent: '25.000000', OutputVat: false, In: 2710 })
    expect(code('11')).toMatchObject({ VatPercent: '15.000000', In: 2711 })
    expect(code('13')).toMatchObject({ VatPercent: '12.000000', In: 2712 })
    expect(code('3')).toMatchObject({ VatPercent: '25.000000', OutputVat: true, Out: 2700 })
    expect(code('31').Out).toBe(2701)
    expect(code('33').Out).toBe(2702)
    expect(code('86')).toMatchObject({ In: 2710, Out: 2703 })
    const sales = await q(
      `select v."VatCode" from "Account" a join "VatType" v on v."CompanyID" = a."CompanyID" and v."ID" = a."VatTypeID"
        where a."CompanyID" = $1 and a."AccountNumber" = 3000`,
      [id],
    )
    expect(sales).toEqual([{ VatCode: '3' }])
  })

  it('gives each company at least ten suppliers with valid organisation numbers and bank accounts', async () => {
    for (const c of DEMO_COMPANY_LIST) {
      const rows = await q(
        `select s."OrgNumber", s."StatusCode", br."Name", ba."AccountNumber", ba."IBAN", e."EmailAddress"
           from "Supplier" s
           join "BusinessRelation" br on br."CompanyID" = s."CompanyID" and br."ID" = s."BusinessRelationID"
           join "BankAccount" ba on ba."CompanyID" = br."CompanyID" and ba."ID" = br."DefaultBankAccountID"
           join "Email" e on e."CompanyID" = br."CompanyID" and e."ID" = br."DefaultEmailID"
          where s."CompanyID" = $1`,
        [await companyId(c.key)],
      )
      expect(rows.length).toBeGreaterThanOrEqual(10)
      for (const r of rows) {
        expect(isValidOrgNumber(String(r.OrgNumber)), String(r.Name)).toBe(true)
        expect(isValidBankAccount(String(r.AccountNumber)), String(r.Name)).toBe(true)
        expect(isValidNorwegianIban(String(r.IBAN)), String(r.Name)).toBe(true)
      }
      const listed = rows.filter(
        (r) => r.StatusCode === GenericStatus.Active || r.StatusCode === GenericStatus.Pending,
      )
      expect(listed).toHaveLength(rows.length)
    }
  })

  it('seeds customers, contacts, products, teams, KID types, distribution plans, settings and currencies', async () => {
    const id = await companyId(DEMO_COMPANIES.nordlys.key)
    const count = async (table: string, where = '') =>
      (await q(`select count(*)::int as n from "${table}" where "CompanyID" = $1 ${where}`, [id]))[0]!
        .n as number
    expect(await count('Customer')).toBeGreaterThanOrEqual(5)
    expect(await count('Contact')).toBeGreaterThanOrEqual(3)
    expect(await count('Product')).toBeGreaterThanOrEqual(5)
    expect(await count('Team')).toBeGreaterThanOrEqual(1)
    expect(
      await count('PaymentInfoType', `and "StatusCode" = ${PaymentInfoTypeStatus.Active}`),
    ).toBeGreaterThanOrEqual(2)
    expect(
      await count('DistributionPlan', `and "StatusCode" = ${GenericStatus.Active}`),
    ).toBeGreaterThanOrEqual(2)

    const contact = await q(
      `select br."Name", p."Number", e."EmailAddress", a."City", parent."Name" as "Parent"
         from "Contact" c
         join "BusinessRelation" br on br."CompanyID" = c."CompanyID" and br."ID" = c."InfoID"
         join "Phone" p on p."CompanyID" = br."CompanyID" and p."ID" = br."DefaultPhoneID"
         join "Email" e on e."CompanyID" = br."CompanyID" and e."ID" = br."DefaultEmailID"
         join "Address" a on a."CompanyID" = br."CompanyID" and a."ID" = br."InvoiceAddressID"
         join "BusinessRelation" parent on parent."CompanyID" = c."CompanyID" and parent."ID" = c."ParentBusinessRelationID"
        where c."CompanyID" = $1 order by c."ID" limit 1`,
      [id],
    )
    expect(contact[0]).toMatchObject({ Name: 'Ola Hansen', Parent: 'Hansen Dagligvare AS', City: 'Oslo' })

    // spec 2.11: every KID setup is usable: parts add up to Length, the check digit comes last.
    const kid = await q(
      `select t."Length", json_agg(json_build_object('Part', p."Part", 'Length', p."Length", 'SortIndex', p."SortIndex")) as "Parts"
         from "PaymentInfoType" t join "PaymentInfoTypePart" p on p."CompanyID" = t."CompanyID" and p."PaymentInfoTypeID" = t."ID"
        where t."CompanyID" = $1 group by t."ID", t."Length"`,
      [id],
    )
    expect(kid.length).toBeGreaterThanOrEqual(3)
    for (const k of kid) {
      const parts = k.Parts as KidPart[]
      expect(kidSetupProblems(k.Length as number, parts)).toEqual([])
      expect(
        isValidKid(
          buildKid(k.Length as number, parts, { customer_number: 10001, invoice_number: 123 }),
          'mod10',
        ),
      ).toBe(true)
    }

    const settings = await q(
      `select s."OrganizationNumber", ba."AccountNumber", a."AccountNumber" as "Ledger", cc."Code"
         from "CompanySettings" s
         join "BankAccount" ba on ba."CompanyID" = s."CompanyID" and ba."ID" = s."DefaultBankAccountID"
         join "Account" a on a."CompanyID" = ba."CompanyID" and a."ID" = ba."AccountID"
         join "CurrencyCode" cc on cc."ID" = s."BaseCurrencyCodeID"
        where s."CompanyID" = $1`,
      [id],
    )
    expect(settings).toEqual([
      {
        OrganizationNumber: DEMO_COMPANIES.nordlys.organizationNumber,
        AccountNumber: DEMO_COMPANIES.nordlys.bankAccount,
        Ledger: 1920,
        Code: 'NOK',
      },
    ])
    const currencies = (await q('select "Code" from "CurrencyCode"')).map((r) => r.Code)
    expect(currencies.sort()).toEqual(['DKK', 'EUR', 'NOK', 'SEK', 'USD'])
  })

  it('seeds draft supplier invoices whose KIDs and supplier bank accounts are valid', async () => {
    const rows = await q(
      `select si."PaymentID", si."StatusCode", ba."AccountNumber", si."TaxInclusiveAmount"
         from "SupplierInvoice" si join "BankAccount" ba on ba."CompanyID" = si."CompanyID" and ba."ID" = si."BankAccountID"`,
    )
    expect(rows.length).toBeGreaterThan(0)
    for (const r of rows) {
      expect(isValidKid(String(r.PaymentID))).toBe(true)
      expect(isValidBankAccount(String(r.AccountNumber))).toBe(true)
      expect(r.StatusCode).toBe(30101)
    }
  })

  it('seeds customer invoices in Nordlys and Aurora whose totals add up from their lines and whose KIDs check', async () => {
    const invoices = await q(
      `select ci."ID", ci."CompanyID", ci."StatusCode", ci."InvoiceType", ci."PaymentID", ci."TaxInclusiveAmount",
              ci."InvoiceReferenceID", ci."InvoiceNumber",
              (select sum(i."SumTotalIncVat") from "CustomerInvoiceItem" i where i."CompanyID" = ci."CompanyID" and i."CustomerInvoiceID" = ci."ID") as lines
         from "CustomerInvoice" ci`,
    )
    const nordlys = await companyId(DEMO_COMPANIES.nordlys.key)
    const aurora = await companyId(DEMO_COMPANIES.aurora.key)
    expect(new Set(invoices.map((r) => r.CompanyID))).toEqual(new Set([nordlys, aurora]))
    const statuses = new Set(invoices.map((r) => Number(r.StatusCode)))
    for (const status of [42001, 42002, 42003, 42004, 42006, 42503]) expect(statuses).toContain(status)
    for (const r of invoices) {
      expect(Number(r.lines)).toBeCloseTo(Number(r.TaxInclusiveAmount), 2)
      if (r.InvoiceNumber) expect(isValidKid(String(r.PaymentID), 'mod10')).toBe(true)
    }
    const credit = invoices.find((r) => Number(r.InvoiceType) === 1)!
    expect(Number(credit.TaxInclusiveAmount)).toBeLessThan(0)
    expect(
      invoices.find((r) => r.CompanyID === credit.CompanyID && r.ID === credit.InvoiceReferenceID)
        ?.StatusCode,
    ).toBe(42006)
    // The invoice series goes on after the demo's numbers.
    const [counter] = await q(
      `select last_number from sales_number_counter where company_id = $1 and series = 'invoice:0'`,
      [nordlys],
    )
    const numbers = invoices
      .filter((r) => r.CompanyID === nordlys && r.InvoiceNumber)
      .map((r) => Number(r.InvoiceNumber))
    expect(Number(counter!.last_number) + 202600000).toBe(Math.max(...numbers))
  })

  it('continues the ID sequence after seeded rows, so later creates do not collide', async () => {
    const id = await companyId(DEMO_COMPANIES.aurora.key)
    const [row] = await insertRows(store, registry, 'Supplier', id, [{ SupplierNumber: 99999 }])
    const max = await q('select max("ID") as m from "Supplier" where "CompanyID" = $1', [id])
    expect(row!.ID).toBe(max[0]!.m)
    expect(row).toMatchObject({ StatusCode: GenericStatus.Active, Deleted: false, SelfEmployed: false })
  })

  it('bulk-inserts rows in batches with consecutive IDs, defaults and standard fields', async () => {
    const id = await companyId(DEMO_COMPANIES.test.key)
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      SupplierID: 1,
      InvoiceNumber: `B-${i}`,
      TaxInclusiveAmount: i + 0.5,
      CustomValues: i === 0 ? { CustomColor: 'red' } : undefined,
    }))
    const written = await insertRows(store, registry, 'SupplierInvoice', id, rows, { batchSize: 1000 })
    const first = written[0]!.ID as number
    expect(written.map((r) => r.ID)).toEqual(rows.map((_, i) => first + i))
    const stored = await q(
      `select "ID", "InvoiceNumber", "TaxInclusiveAmount", "StatusCode", "PaymentStatus", "Deleted", "CreatedBy",
              "CreatedAt", "CustomValues", "InvoiceDate"
         from "SupplierInvoice" where "CompanyID" = $1 and "InvoiceNumber" like 'B-%' order by "ID"`,
      [id],
    )
    expect(stored).toHaveLength(2500)
    expect(stored[0]).toMatchObject({
      ID: first,
      InvoiceNumber: 'B-0',
      TaxInclusiveAmount: '0.50',
      StatusCode: 30101,
      PaymentStatus: 30109,
      Deleted: false,
      CreatedBy: SYSTEM_IDENTITY,
      CustomValues: { CustomColor: 'red' },
      InvoiceDate: null,
    })
    expect(stored[2499]).toMatchObject({
      InvoiceNumber: 'B-2499',
      TaxInclusiveAmount: '2499.50',
      CustomValues: {},
    })
    expect(typeof stored[0]!.CreatedAt).toBe('string')
  })

  it('numbers shared rows in the global sequence, whatever company is passed', async () => {
    const [row] = await insertRows(store, registry, 'CurrencyCode', 42, [
      { Code: 'GBP', Name: 'Britiske pund' },
    ])
    const stored = await q('select "ID" from "CurrencyCode" where "Code" = $1', ['GBP'])
    expect(stored).toEqual([{ ID: row!.ID }])
    expect(row!.ID).toBe(6)
  })
})
