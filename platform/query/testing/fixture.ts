// A small registry and data set for the read-path tests: a one-relation (Invoice.Party), a
// many-relation (Invoice.Lines), a nested one under it (Lines.Product), a global model (Category),
// a model to join in statistics (FileLink), and rows for two companies. Every text of company 2
// carries OTHERCO, so a leak shows in any answer.
import { migrate } from '../../db/migrate.ts'
import { ident, openStore, type Store } from '../../db/store.ts'
import { createRegistry, type Registry } from '../../registry/registry.ts'
import type { EntityDef } from '../../registry/types.ts'
import type { CustomFieldDef, ReadContext } from '../types.ts'

const f = (name: string, type: EntityDef['fields'][number]['type']) => ({ name, type })

export const testEntities: EntityDef[] = [
  {
    name: 'Category',
    route: 'categories',
    label: 'Category',
    labelPlural: 'Categories',
    scope: 'global',
    fields: [f('Name', 'string'), f('Code', 'string')],
    relations: [],
  },
  {
    name: 'Party',
    route: 'parties',
    label: 'Party',
    labelPlural: 'Parties',
    scope: 'company',
    fields: [f('Name', 'string'), f('Email', 'string'), f('DefaultPhoneID', 'int')],
    relations: [
      { name: 'DefaultPhone', kind: 'one', target: 'Phone', foreignKey: 'DefaultPhoneID' },
      { name: 'Phones', kind: 'many', target: 'Phone', foreignKey: 'PartyID', owned: true },
    ],
  },
  {
    name: 'Phone',
    route: 'phones',
    label: 'Phone',
    labelPlural: 'Phones',
    scope: 'company',
    fields: [f('Number', 'string'), f('PartyID', 'int')],
    relations: [],
  },
  {
    name: 'Invoice',
    route: 'invoices',
    label: 'Invoice',
    labelPlural: 'Invoices',
    scope: 'company',
    fields: [
      f('InvoiceNumber', 'string'),
      f('InvoiceDate', 'date'),
      f('Amount', 'money'),
      f('Rate', 'decimal'),
      f('Paid', 'bool'),
      f('Ref', 'guid'),
      f('Meta', 'json'),
      f('Note', 'text'),
      f('PartyID', 'int'),
      f('CategoryID', 'int'),
      f('SentAt', 'datetime'),
    ],
    relations: [
      { name: 'Party', kind: 'one', target: 'Party', foreignKey: 'PartyID' },
      { name: 'Category', kind: 'one', target: 'Category', foreignKey: 'CategoryID' },
      { name: 'Lines', kind: 'many', target: 'InvoiceLine', foreignKey: 'InvoiceID', owned: true },
      { name: 'AuditNotes', kind: 'many', target: 'AuditNote', foreignKey: 'InvoiceID' },
    ],
  },
  {
    name: 'InvoiceLine',
    route: 'invoicelines',
    label: 'Invoice line',
    labelPlural: 'Invoice lines',
    scope: 'company',
    fields: [
      f('InvoiceID', 'int'),
      f('Description', 'string'),
      f('Quantity', 'int'),
      f('Price', 'money'),
      f('ProductID', 'int'),
    ],
    relations: [{ name: 'Product', kind: 'one', target: 'Product', foreignKey: 'ProductID' }],
  },
  {
    name: 'Product',
    route: 'products',
    label: 'Product',
    labelPlural: 'Products',
    scope: 'company',
    fields: [f('Name', 'string'), f('PartNumber', 'string')],
    relations: [],
  },
  {
    name: 'FileLink',
    route: 'filelinks',
    label: 'File link',
    labelPlural: 'File links',
    scope: 'company',
    fields: [f('EntityType', 'string'), f('EntityID', 'int'), f('FileName', 'string')],
    relations: [],
  },
  {
    // Read by auditors only; its Token is write-only (the access declarations' fixture).
    name: 'AuditNote',
    route: 'auditnotes',
    label: 'Audit note',
    labelPlural: 'Audit notes',
    scope: 'company',
    access: { read: { roles: ['Auditor'] }, write: { roles: ['Auditor'] } },
    fields: [f('InvoiceID', 'int'), f('Note', 'string'), { name: 'Token', type: 'string', secret: true }],
    relations: [{ name: 'Invoice', kind: 'one', target: 'Invoice', foreignKey: 'InvoiceID' }],
  },
]

/** Marks the audit notes' write-only Token: no answer may ever contain it. */
export const SECRET_MARK = 'SECRETTOKEN'

export const COMPANY = 1
export const OTHER = 2
export const OTHER_MARK = 'OTHERCO'

export interface Fixture {
  store: Store
  registry: Registry
  ctx: ReadContext
  /** The same read context in the other company. */
  otherCtx: ReadContext
  custom: Map<string, CustomFieldDef[]>
}

async function insert(
  store: Store,
  table: string,
  companyId: number | null,
  row: Record<string, unknown>,
): Promise<void> {
  const values: Record<string, unknown> = { Deleted: false, ...row }
  if (companyId !== null) values.CompanyID = companyId
  const cols = Object.keys(values)
  const params = cols.map((c) => {
    const v = values[c]
    return v !== null && typeof v === 'object' ? JSON.stringify(v) : v
  })
  await store.query(
    `insert into ${ident(table)} (${cols.map(ident).join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
    params,
  )
}

/** Invoice rows of company 1 (company 2 gets look-alikes marked OTHERCO with the same IDs). */
export const invoices = [
  {
    ID: 1,
    InvoiceNumber: 'INV-100',
    InvoiceDate: '2021-01-15',
    Amount: '100.50',
    Rate: '1.5',
    Paid: true,
    PartyID: 1,
    CategoryID: 1,
    Note: "O'Brien's order",
    StatusCode: 30101,
    CustomValues: { CustomColor: 'Red', CustomWeight: 10 },
  },
  {
    ID: 2,
    InvoiceNumber: 'INV-112',
    InvoiceDate: '2021-02-25',
    Amount: '2000.00',
    Rate: '0.25',
    Paid: false,
    PartyID: 2,
    CategoryID: 2,
    Note: '50% discount',
    StatusCode: 30102,
    CustomValues: { CustomColor: 'Blue', CustomWeight: 20 },
  },
  {
    ID: 3,
    InvoiceNumber: 'inv-120',
    InvoiceDate: '2021-03-01',
    Amount: '350.00',
    Rate: null,
    Paid: false,
    PartyID: 1,
    CategoryID: null,
    Note: null,
    StatusCode: 30102,
    CustomValues: {},
  },
  {
    ID: 4,
    InvoiceNumber: 'INV-200',
    InvoiceDate: '2022-01-10',
    Amount: '99.99',
    Rate: '2',
    Paid: true,
    PartyID: null,
    CategoryID: 1,
    Note: 'under_score',
    StatusCode: 30103,
    CustomValues: { CustomColor: 'red' },
  },
  {
    ID: 5,
    InvoiceNumber: 'INV-DEL',
    InvoiceDate: '2022-05-05',
    Amount: '5.00',
    Rate: '1',
    Paid: false,
    PartyID: 1,
    CategoryID: 1,
    Note: 'deleted',
    StatusCode: 30101,
    Deleted: true,
    CustomValues: {},
  },
]

export async function createFixture(): Promise<Fixture> {
  const store = await openStore({})
  const registry = createRegistry(testEntities)
  await migrate(store, registry)
  const custom = new Map<string, CustomFieldDef[]>([
    [
      'Invoice',
      [
        { name: 'Color', type: 'smalltext' },
        { name: 'Weight', type: 'number' },
      ],
    ],
  ])
  await insert(store, 'Category', null, { ID: 1, Name: 'Goods', Code: 'G' })
  await insert(store, 'Category', null, { ID: 2, Name: 'Services', Code: 'S' })
  for (const company of [COMPANY, OTHER]) {
    const mark = company === OTHER ? ` ${OTHER_MARK}` : ''
    await insert(store, 'Phone', company, { ID: 1, Number: `111${mark}`, PartyID: 1 })
    await insert(store, 'Phone', company, { ID: 2, Number: `222${mark}`, PartyID: 1 })
    await insert(store, 'Phone', company, { ID: 3, Number: `333${mark}`, PartyID: 2, Deleted: true })
    await insert(store, 'Party', company, {
      ID: 1,
      Name: `Acme AS${mark}`,
      Email: 'post@acme.test',
      DefaultPhoneID: 2,
    })
    await insert(store, 'Party', company, {
      ID: 2,
      Name: `Bergen Bygg${mark}`,
      Email: null,
      DefaultPhoneID: 3,
    })
    await insert(store, 'Product', company, { ID: 1, Name: `Paper${mark}`, PartNumber: 'P-1' })
    await insert(store, 'Product', company, { ID: 2, Name: `Toner${mark}`, PartNumber: 'T-2' })
    for (const inv of invoices) {
      await insert(store, 'Invoice', company, {
        ...inv,
        InvoiceNumber: `${inv.InvoiceNumber}${mark}`,
        Note: inv.Note === null ? null : `${inv.Note}${mark}`,
        Ref: `00000000-0000-4000-8000-00000000000${inv.ID}`,
        Meta: { source: `test${mark}` },
        SentAt: `${inv.InvoiceDate}T10:00:00Z`,
        CustomValues: company === OTHER ? { CustomColor: OTHER_MARK } : inv.CustomValues,
      })
    }
    const lines = [
      { ID: 1, InvoiceID: 1, Description: `Paper line${mark}`, Quantity: 2, Price: '10.00', ProductID: 1 },
      { ID: 2, InvoiceID: 1, Description: `Toner line${mark}`, Quantity: 1, Price: '80.50', ProductID: 2 },
      {
        ID: 3,
        InvoiceID: 2,
        Description: `Consulting${mark}`,
        Quantity: 10,
        Price: '200.00',
        ProductID: null,
      },
      {
        ID: 4,
        InvoiceID: 2,
        Description: `Removed line${mark}`,
        Quantity: 1,
        Price: '1.00',
        ProductID: 2,
        Deleted: true,
      },
      { ID: 5, InvoiceID: 4, Description: `Toner again${mark}`, Quantity: 3, Price: '33.33', ProductID: 2 },
    ]
    for (const l of lines) await insert(store, 'InvoiceLine', company, l)
    await insert(store, 'AuditNote', company, {
      ID: 1,
      InvoiceID: 1,
      Note: `Checked${mark}`,
      Token: `${SECRET_MARK}${mark}`,
    })
    await insert(store, 'FileLink', company, {
      ID: 1,
      EntityType: 'Invoice',
      EntityID: 1,
      FileName: `scan-1.pdf${mark}`,
    })
    await insert(store, 'FileLink', company, {
      ID: 2,
      EntityType: 'Invoice',
      EntityID: 2,
      FileName: `scan-2.pdf${mark}`,
    })
    await insert(store, 'FileLink', company, {
      ID: 3,
      EntityType: 'Party',
      EntityID: 1,
      FileName: `logo.png${mark}`,
    })
  }
  const context = (companyId: number): ReadContext => ({
    sql: store,
    registry,
    companyId,
    customFields: (entity) => custom.get(entity.name) ?? [],
  })
  return { store, registry, ctx: context(COMPANY), otherCtx: context(OTHER), custom }
}
