// Who the demo companies trade with: suppliers (valid organisation numbers and bank accounts, so OCR
// and payment checks pass), customers, contact persons and products, and how a business relation is
// written with its address, phone, e-mail and bank account.
import { bankAccountToIban, generateBankAccount, generateOrgNumber } from '../../common/norwegian.ts'
import type { Sql } from '../db/store.ts'
import type { Registry } from '../registry/registry.ts'
import { insertRows, reserveIds, type Row } from './insert.ts'

export interface DemoAddress {
  line1: string
  postalCode: string
  city: string
}

export interface DemoParty {
  name: string
  orgNumber?: string
  address?: DemoAddress
  email?: string
  phone?: string
  bankAccount?: string
}

export interface DemoSupplier extends DemoParty {
  /** Account number the supplier's costs are usually booked on. */
  costAccount: number
}

const supplierData: [string, string, string, string, string, number][] = [
  ['Bergen Kontorrekvisita AS', 'Strandgaten 18', '5013', 'Bergen', 'bergenkontor', 6800],
  ['Fjordnett Telekom AS', 'Kanalveien 10', '5068', 'Bergen', 'fjordnett', 6900],
  ['Nordkraft Energi AS', 'Storgata 45', '8006', 'Bodø', 'nordkraft', 6340],
  ['Trøndelag Programvare AS', 'Kongens gate 30', '7012', 'Trondheim', 'trondelagprogramvare', 6553],
  ['Vestlandske Drivstoff AS', 'Lagerveien 4', '4033', 'Stavanger', 'vestlandskedrivstoff', 7000],
  ['Oslo Revisjon AS', 'Karl Johans gate 12', '0154', 'Oslo', 'oslorevisjon', 6700],
  ['Lofoten Reklamebyrå AS', 'Torget 2', '8300', 'Svolvær', 'lofotenreklame', 7320],
  ['Hardanger Møbelverkstad AS', 'Sandvenvegen 40', '5600', 'Norheimsund', 'hardangermobel', 6540],
  ['Sørlandet IT-drift AS', 'Markens gate 20', '4611', 'Kristiansand', 'sorlandetit', 6551],
  ['Polar Forsikring AS', 'Grønnegata 9', '9008', 'Tromsø', 'polarforsikring', 7500],
  ['Vinje Transport AS', 'Vinjevegen 100', '3890', 'Vinje', 'vinjetransport', 6100],
  ['Mjøsa Renhold AS', 'Strandgata 14', '2317', 'Hamar', 'mjosarenhold', 6360],
]

export const DEMO_SUPPLIERS: readonly DemoSupplier[] = supplierData.map(
  ([name, line1, postalCode, city, slug, costAccount], i) => ({
    name,
    orgNumber: generateOrgNumber(5000 + i),
    address: { line1, postalCode, city },
    email: `faktura@${slug}.example`,
    phone: `+47${String(55000000 + i * 1117)}`,
    bankAccount: generateBankAccount(6000 + i),
    costAccount,
  }),
)

const customerData: [string, string | null, string, string, string][] = [
  ['Hansen Dagligvare AS', 'hansen', 'Markveien 5', '0554', 'Oslo'],
  ['Berg & Sønn Entreprenør AS', 'bergogsonn', 'Industriveien 22', '1337', 'Sandvika'],
  ['Solheim Kafé AS', 'solheimkafe', 'Bryggen 7', '5003', 'Bergen'],
  ['Kari Nordmann', null, 'Solsikkeveien 3', '7048', 'Trondheim'],
  ['Fjelltopp Hotell AS', 'fjelltopp', 'Fjellvegen 1', '2680', 'Vågå'],
  ['Strand Eiendom AS', 'strandeiendom', 'Havnegata 11', '4005', 'Stavanger'],
  ['Vik Sykkelverksted AS', 'viksykkel', 'Elvegata 8', '3015', 'Drammen'],
  ['Lunde Gartneri AS', 'lundegartneri', 'Gartnerveien 2', '1430', 'Ås'],
]

export const DEMO_CUSTOMERS: readonly DemoParty[] = customerData.map(
  ([name, slug, line1, postalCode, city], i) => ({
    name,
    // A private person has no organisation number.
    ...(slug
      ? { orgNumber: generateOrgNumber(7000 + i), email: `post@${slug}.example` }
      : { email: 'kari.nordmann@privat.example' }),
    address: { line1, postalCode, city },
    phone: `+47${String(92000000 + i * 1311)}`,
  }),
)

/** Contact persons: name and index of the customer they work for. */
export const DEMO_CONTACTS: readonly { name: string; customer: number; role: string }[] = [
  { name: 'Ola Hansen', customer: 0, role: 'Daglig leder' },
  { name: 'Ingrid Berg', customer: 1, role: 'Innkjøpsansvarlig' },
  { name: 'Jonas Solheim', customer: 2, role: 'Eier' },
  { name: 'Marte Strand', customer: 5, role: 'Økonomisjef' },
  { name: 'Eirik Vik', customer: 6, role: 'Daglig leder' },
]

export interface DemoProduct {
  partName: string
  name: string
  unit: string
  priceExVat: number
  /** SAF-T code of the output VAT type and the sales account. */
  vatCode: string
  account: number
}

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  { partName: '1001', name: 'Konsulenttime', unit: 'timer', priceExVat: 1250, vatCode: '3', account: 3000 },
  { partName: '1002', name: 'Regnskapsbistand', unit: 'timer', priceExVat: 950, vatCode: '3', account: 3000 },
  { partName: '1003', name: 'Prosjektledelse', unit: 'timer', priceExVat: 1400, vatCode: '3', account: 3000 },
  {
    partName: '2001',
    name: 'Brødkurv til møter',
    unit: 'stk',
    priceExVat: 450,
    vatCode: '31',
    account: 3020,
  },
  { partName: '2002', name: 'Kaffeavtale', unit: 'mnd', priceExVat: 299, vatCode: '31', account: 3020 },
  { partName: '3001', name: 'Programvarelisens', unit: 'stk', priceExVat: 3990, vatCode: '3', account: 3000 },
  { partName: '3002', name: 'Kursavgift', unit: 'stk', priceExVat: 2500, vatCode: '5', account: 3100 },
  {
    partName: '3003',
    name: 'Reiseutlegg (viderefakturert)',
    unit: 'stk',
    priceExVat: 0,
    vatCode: '6',
    account: 3200,
  },
]

/**
 * Business relations with their address, phone, e-mail and bank account; the relation's default and
 * invoice references point at them, so its ID is reserved before the children are written.
 */
export async function insertParties(
  sql: Sql,
  registry: Registry,
  companyId: number,
  parties: readonly DemoParty[],
): Promise<{ businessRelationId: number; bankAccountId: number | null }[]> {
  const first = await reserveIds(sql, companyId, 'BusinessRelation', registry, parties.length)
  const children = async (entity: string, make: (p: DemoParty, brId: number) => Row | null) => {
    const wanted = parties.map((p, i) => make(p, first + i))
    const written = await insertRows(
      sql,
      registry,
      entity,
      companyId,
      wanted.filter((r): r is Row => r !== null),
    )
    let k = 0
    return wanted.map((r) => (r ? (written[k++]!.ID as number) : null))
  }
  const addresses = await children('Address', (p, br) =>
    p.address
      ? {
          AddressLine1: p.address.line1,
          PostalCode: p.address.postalCode,
          City: p.address.city,
          Country: 'Norge',
          CountryCode: 'NO',
          BusinessRelationID: br,
        }
      : null,
  )
  const phones = await children('Phone', (p, br) =>
    p.phone
      ? { Number: p.phone, CountryCode: 'NO', Description: 'Sentralbord', BusinessRelationID: br }
      : null,
  )
  const emails = await children('Email', (p, br) =>
    p.email ? { EmailAddress: p.email, Description: 'Faktura', BusinessRelationID: br } : null,
  )
  const bankAccounts = await children('BankAccount', (p, br) =>
    p.bankAccount ? bankAccountRow(p.bankAccount, 'Konto', { BusinessRelationID: br }) : null,
  )
  await insertRows(
    sql,
    registry,
    'BusinessRelation',
    companyId,
    parties.map((p, i) => ({
      ID: first + i,
      Name: p.name,
      InvoiceAddressID: addresses[i],
      ShippingAddressID: addresses[i],
      DefaultAddressID: addresses[i],
      DefaultPhoneID: phones[i],
      DefaultEmailID: emails[i],
      DefaultBankAccountID: bankAccounts[i],
    })),
  )
  return parties.map((_, i) => ({ businessRelationId: first + i, bankAccountId: bankAccounts[i] ?? null }))
}

export function bankAccountRow(accountNumber: string, label: string, extra: Row): Row {
  return { AccountNumber: accountNumber, IBAN: bankAccountToIban(accountNumber), Label: label, ...extra }
}
