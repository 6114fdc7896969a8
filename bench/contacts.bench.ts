// `npm run bench:contacts`: the contacts register at office scale, in a Dexie workspace in Node
// (fake-indexeddb). 10,000 parties of one company are cached (suppliers, customers and contact persons
// mixed, with bank accounts, phones, e-mails, scan marks and 40,000 supplier invoices), then:
// - the register's rows are read from the cache and built (once per change of the cache);
// - search while typing: every prefix of realistic queries (a name, an organisation number typed with
//   spaces and as `NO … MVA`, a bank account with dots and as an IBAN, a phone with +47), target p95 <= 30 ms;
// - card open: one party's card data read from the cache (its row, its contact persons, its invoices, the
//   accounts it has been paid to), target p95 <= 50 ms.
// The figures are printed; nothing here fails on a slow run. BENCH_PARTIES makes a smaller or larger run.
import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import {
  formatBankAccount,
  formatOrgNumber,
  generateBankAccount,
  generateOrgNumber,
} from '../common/norwegian.ts'
import { GenericStatus, SupplierInvoiceStatus } from '../common/status.ts'
import { openWorkspace, type CachedRow, type WorkspaceDb } from '../renderer/src/data/schema.ts'
import {
  buildRegisterRows,
  loadRegisterSource,
  viewRegister,
  type RegisterRows,
  type RegisterTab,
} from '../renderer/src/features/contacts/register-rows.ts'
import { cardFacts, loadCard } from '../renderer/src/features/contacts/card-rows.ts'

const PARTIES = Number(process.env.BENCH_PARTIES ?? 10_000)
const INVOICES_PER_SUPPLIER = 9
const CARDS = 60
const TARGETS = { searchP95Ms: 30, cardP95Ms: 50 }
const companyKey = 'bench-nordlys'
const at = '2026-11-01T10:00:00.000Z'

const first = [
  'Bergen',
  'Fjord',
  'Nord',
  'Vest',
  'Aurora',
  'Trønder',
  'Lofoten',
  'Hardanger',
  'Oslo',
  'Viken',
]
const second = ['Kontorrekvisita', 'Frakt', 'Bakeri', 'Elektro', 'Rørlegger', 'Regnskap', 'Bygg', 'Catering']
const third = ['AS', 'ANS', 'DA', 'Holding AS', 'Service AS']
const cities = ['Bergen', 'Oslo', 'Trondheim', 'Tromsø', 'Stavanger', 'Bodø', 'Ålesund']
const people = ['Kari', 'Ola', 'Ingrid', 'Per', 'Siri', 'Lars', 'Anne', 'Jonas']
const surnames = ['Nordmann', 'Hansen', 'Johansen', 'Olsen', 'Berg', 'Haugen', 'Dahl']

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!
const partyName = (n: number) =>
  `${pick(first, n)} ${pick(second, Math.floor(n / first.length))} ${pick(third, Math.floor(n / 80))} ${n}`
const phone = (n: number) => `+47 ${String(40_000_000 + n * 7).replace(/(\d\d)(?=\d)/g, '$1 ')}`

function relation(n: number, name: string, trading: boolean): Record<string, unknown> {
  const account = generateBankAccount(n)
  const accounts = trading
    ? [
        { ID: n * 10 + 1, UpdatedAt: at, AccountNumber: account },
        ...(n % 7 === 0
          ? [
              {
                ID: n * 10 + 2,
                UpdatedAt: at,
                AccountNumber: null,
                IBAN: `DE89370400440532${String(n).padStart(6, '0')}`,
              },
            ]
          : []),
      ]
    : []
  return {
    ID: 100_000 + n,
    UpdatedAt: at,
    Name: name,
    InvoiceAddressID: n,
    InvoiceAddress: {
      ID: n,
      UpdatedAt: at,
      AddressLine1: `Gate ${n}`,
      PostalCode: '5003',
      City: pick(cities, n),
    },
    DefaultEmail: { ID: n, UpdatedAt: at, EmailAddress: `post${n}@${name.split(' ')[0]!.toLowerCase()}.no` },
    DefaultPhone: { ID: n, UpdatedAt: at, Number: phone(n) },
    BankAccounts: accounts,
    DefaultBankAccountID: trading ? n * 10 + 1 : null,
    DefaultBankAccount: trading ? accounts[0] : null,
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`
const verdict = (value: number, target: number) => (value <= target ? 'ok' : 'OVER TARGET')
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}
const time = <T>(work: () => T): [T, number] => {
  const started = performance.now()
  const result = work()
  return [result, performance.now() - started]
}

async function seed(db: WorkspaceDb): Promise<{ suppliers: number; customers: number; contacts: number }> {
  const suppliers = Math.round(PARTIES * 0.45)
  const customers = Math.round(PARTIES * 0.4)
  const contacts = PARTIES - suppliers - customers
  const supplierRows: CachedRow[] = []
  const customerRows: CachedRow[] = []
  const contactRows: CachedRow[] = []
  const comments: CachedRow[] = []
  const invoices: CachedRow[] = []
  for (let i = 1; i <= suppliers; i++) {
    const name = partyName(i)
    // Every 50th supplier shares its organisation number with the one before: duplicates to flag.
    const org = generateOrgNumber(i % 50 === 0 ? i - 1 : i)
    supplierRows.push({
      companyKey,
      ID: i,
      UpdatedAt: at,
      StatusCode: i % 97 === 0 ? GenericStatus.Inactive : GenericStatus.Active,
      OrgNumber: i % 3 === 0 ? `NO ${formatOrgNumber(org)} MVA` : org,
      BusinessRelationID: 100_000 + i,
      CostAccountID: 6000 + (i % 40),
      Info: relation(i, name, true),
    })
    if (i % 33 === 0)
      comments.push({
        companyKey,
        ID: i,
        UpdatedAt: at,
        Text: 'Opprettet fra skanning',
        EntityType: 'Supplier',
        EntityID: i,
      })
    for (let k = 0; k < INVOICES_PER_SUPPLIER; k++)
      invoices.push({
        companyKey,
        ID: i * 100 + k,
        UpdatedAt: at,
        SupplierID: i,
        InvoiceNumber: `${i}-${k}`,
        InvoiceDate: `2026-${String(1 + (k % 11)).padStart(2, '0')}-15`,
        PaymentDueDate: `2026-${String(2 + (k % 10)).padStart(2, '0')}-01`,
        TaxInclusiveAmount: 1000 + k * 125.5,
        StatusCode: k % 3 === 0 ? SupplierInvoiceStatus.Draft : SupplierInvoiceStatus.Journaled,
        BankAccountID: i * 10 + 1,
        PaymentInformation: k === 4 ? generateBankAccount(i + 500_000) : null,
      })
  }
  for (let j = 1; j <= customers; j++) {
    const n = suppliers + j
    customerRows.push({
      companyKey,
      ID: j,
      UpdatedAt: at,
      StatusCode: GenericStatus.Active,
      OrgNumber: j % 4 === 0 ? null : generateOrgNumber(n),
      BusinessRelationID: 100_000 + n,
      Info: relation(n, partyName(n), true),
    })
  }
  for (let c = 1; c <= contacts; c++) {
    const n = suppliers + customers + c
    const name = `${pick(people, c)} ${pick(surnames, Math.floor(c / people.length))} ${c}`
    // Contact persons work for the first suppliers, a few each, and for some customers.
    const parent = c % 2 === 0 ? 100_000 + (c % 500) + 1 : 100_000 + suppliers + (c % 300) + 1
    contactRows.push({
      companyKey,
      ID: c,
      UpdatedAt: at,
      InfoID: 100_000 + n,
      Comment: null,
      ParentBusinessRelationID: parent,
      Info: relation(n, name, false),
    })
  }
  const accounts = Array.from({ length: 40 }, (_, a) => ({
    companyKey,
    ID: 6000 + a,
    UpdatedAt: at,
    AccountNumber: 6000 + a * 10,
    AccountName: `Kostnad ${a}`,
  }))
  await db.transaction(
    'rw',
    [db.Supplier, db.Customer, db.Contact, db.Comment, db.Account, db.SupplierInvoice],
    async () => {
      await db.Supplier.bulkPut(supplierRows as never[])
      await db.Customer.bulkPut(customerRows as never[])
      await db.Contact.bulkPut(contactRows as never[])
      await db.Comment.bulkPut(comments as never[])
      await db.Account.bulkPut(accounts as never[])
      await db.SupplierInvoice.bulkPut(invoices as never[])
    },
  )
  return { suppliers, customers, contacts }
}

/** Each prefix of a query as it is typed, one key at a time. */
const prefixes = (query: string) => Array.from({ length: query.length }, (_, n) => query.slice(0, n + 1))

function searchTimes(
  rows: RegisterRows,
  queries: { tab: RegisterTab; text: string }[],
): { times: number[]; found: number } {
  const times: number[] = []
  let found = 0
  for (const { tab, text } of queries)
    for (const query of prefixes(text)) {
      const [shown, took] = time(() => viewRegister(rows, { tab, filter: 'all', query, showInactive: false }))
      times.push(took)
      if (query === text) found += shown.rows.length
    }
  return { times, found }
}

/**
 * What a supplier's or customer's card does when it opens: the card's own reads (card-rows.ts: its row,
 * the parties with its organisation number, its contact persons, invoices, comments, the chart of accounts)
 * and the facts it shows of them (open and overdue amounts, paid-to accounts, duplicates, cost account).
 */
async function openCard(db: WorkspaceDb, entity: 'Supplier' | 'Customer', id: number): Promise<number> {
  const rows = await loadCard(db, companyKey, entity, id)
  if (!rows.party) throw new Error(`${entity} ${id} is not cached`)
  const facts = cardFacts(rows, entity, id, '2026-11-27')
  return facts.contacts.length + (facts.paidTo?.length ?? 0) + facts.duplicates.length
}

async function main(): Promise<void> {
  const db = openWorkspace('bench', randomUUID())
  try {
    const started = performance.now()
    const seeded = await seed(db)
    console.log(
      `cached ${PARTIES} parties (${seeded.suppliers} suppliers, ${seeded.customers} customers, ${seeded.contacts} contact persons) ` +
        `and ${seeded.suppliers * INVOICES_PER_SUPPLIER} supplier invoices in ${ms(performance.now() - started)}`,
    )

    const readStarted = performance.now()
    const source = await loadRegisterSource(db, companyKey)
    const readMs = performance.now() - readStarted
    const buildTimes: number[] = []
    let rows: RegisterRows = buildRegisterRows(source)
    for (let round = 0; round < 5; round++) {
      const [built, took] = time(() => buildRegisterRows(source))
      rows = built
      buildTimes.push(took)
    }
    const count = rows.Supplier.length + rows.Customer.length + rows.Contact.length
    if (count !== PARTIES) throw new Error(`the register built ${count} rows of ${PARTIES}`)
    console.log(
      `register rows: read from the cache ${ms(readMs)}, built ${ms(percentile(buildTimes, 50))} (median of 5)`,
    )

    // Realistic queries, typed key by key: parties that exist in the seed, in the forms people type them.
    const supplier = rows.Supplier[120]!
    const account = generateBankAccount(241)
    const queries: { tab: RegisterTab; text: string }[] = [
      { tab: 'Supplier', text: supplier.name.split(' ').slice(0, 2).join(' ') },
      { tab: 'Supplier', text: formatOrgNumber(generateOrgNumber(77)) },
      { tab: 'Supplier', text: `NO ${formatOrgNumber(generateOrgNumber(78))} MVA` },
      { tab: 'Supplier', text: formatBankAccount(account).replace(/ /g, '.') },
      { tab: 'Supplier', text: `NO00 ${account.slice(0, 4)} ${account.slice(4, 8)} ${account.slice(8)}` },
      { tab: 'Customer', text: phone(seeded.suppliers + 15) },
      { tab: 'Contact', text: 'Ingrid Hansen' },
      { tab: 'Customer', text: 'post4600@' },
    ]
    // A first pass warms the code up as typing would; the second is measured.
    searchTimes(rows, queries)
    const { times, found } = searchTimes(rows, queries)
    if (found < queries.length)
      throw new Error(`the full queries found ${found} parties for ${queries.length} queries`)
    const searchP95 = percentile(times, 95)
    console.log(
      `search while typing (${times.length} keys over ${queries.length} queries): p95 ${ms(searchP95)}, ` +
        `median ${ms(percentile(times, 50))}, max ${ms(Math.max(...times))} (target <= ${TARGETS.searchP95Ms} ms: ${verdict(searchP95, TARGETS.searchP95Ms)})`,
    )

    const cardTimes: number[] = []
    for (let n = 0; n < CARDS; n++) {
      const entity = n % 3 === 2 ? 'Customer' : 'Supplier'
      const id = 1 + ((n * 131) % (entity === 'Supplier' ? seeded.suppliers : seeded.customers))
      const startedCard = performance.now()
      await openCard(db, entity, id)
      cardTimes.push(performance.now() - startedCard)
    }
    const cardP95 = percentile(cardTimes, 95)
    console.log(
      `card open (${CARDS} suppliers and customers: the card's reads and facts): p95 ${ms(cardP95)}, ` +
        `median ${ms(percentile(cardTimes, 50))} (target <= ${TARGETS.cardP95Ms} ms: ${verdict(cardP95, TARGETS.cardP95Ms)})`,
    )
  } finally {
    db.close()
    await db.delete()
  }
}

await main()
