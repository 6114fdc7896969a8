// The office's memory in review: Aurora's first invoice from a supplier the office has coded in two other
// clients gets their account (by number and name in Aurora's own chart) and VAT code, marked as the office's;
// Aurora's own history of the supplier comes first; with no history anywhere the platform's smart booking
// proposes; and nothing of the other clients reaches Aurora's requests or rows.
import { describe, expect, it, vi } from 'vitest'
import type { PlatformRow } from '@common/bridge/sync'
import type { LedgerSuggestions } from '@common/bridge/review'
import type { WorkspaceDb } from '@renderer/data/schema'
import { pressKey, waitForElement } from './mount-shell.ts'
import { mountWorkspace, reviewOfInvoice1 } from './mount-workspace.ts'

const at = '2026-11-03T10:00:00.000Z'
const ORG = '923609016'
const companies = [
  { ID: 1, Name: 'Nordlys Bakeri AS', Key: 'nordlys', IsTest: false, OrganizationNumber: '924956488' },
  { ID: 2, Name: 'Fjordbygg Rørlegger AS', Key: 'fjordbygg', IsTest: false, OrganizationNumber: '949687058' },
  { ID: 3, Name: 'Aurora Arkitekter AS', Key: 'aurora', IsTest: false, OrganizationNumber: '952965891' },
]
/** Words that exist only in the other clients' rows: none may reach Aurora's requests or rows. */
const SECRET = [
  'Kontorstoler til Nordlys-kantina',
  'Fjordbygg sin hyllereol',
  'Hamar Kontormøbler avd. Tromsø',
]

/** Another client: the supplier under its own IDs and name, coded to 6540 Inventar (IDs of its own). */
function otherClient(n: number, description: string): Record<string, PlatformRow[]> {
  return {
    Supplier: [
      {
        ID: 900 + n,
        UpdatedAt: at,
        StatusCode: 30001,
        OrgNumber: `NO ${ORG} MVA`,
        Info: { Name: SECRET[2] },
      },
    ],
    SupplierInvoice: [
      {
        ID: 800 + n,
        UpdatedAt: at,
        StatusCode: 30104,
        SupplierID: 900 + n,
        InvoiceNumber: `H-${n}`,
        InvoiceDate: '2026-10-0' + n,
        TaxInclusiveAmount: 12_500 + n,
        JournalEntry: {
          ID: 700 + n,
          DraftLines: [
            {
              ID: 600 + n,
              AccountID: 640 + n,
              VatTypeID: 510 + n,
              Amount: 12_500 + n,
              Description: description,
            },
          ],
        },
      },
    ],
    Account: [
      { ID: 640 + n, UpdatedAt: at, AccountNumber: 6540, AccountName: 'Inventar', VatTypeID: 510 + n },
    ],
    VatType: [
      { ID: 510 + n, UpdatedAt: at, Name: 'Inngående 25 %', VatCode: '1', VatPercent: 25, OutputVat: false },
    ],
  }
}

/** Aurora: the supplier just registered, its first invoice (ID 1) without lines, and Aurora's chart. */
function aurora(chart: { inventar?: string; own?: boolean } = {}): Record<string, PlatformRow[]> {
  const first: PlatformRow = {
    ID: 1,
    UpdatedAt: at,
    StatusCode: 30101,
    SupplierID: 5,
    InvoiceNumber: '30517',
    InvoiceDate: '2026-11-02',
    PaymentDueDate: '2026-11-16',
    TaxInclusiveAmount: 23_300,
  }
  const earlier: PlatformRow = {
    ID: 2,
    UpdatedAt: at,
    StatusCode: 30104,
    SupplierID: 5,
    InvoiceNumber: '29001',
    InvoiceDate: '2026-09-01',
    TaxInclusiveAmount: 1_000,
    JournalEntry: { ID: 20, DraftLines: [{ ID: 21, AccountID: 41, VatTypeID: 101, Amount: 1_000 }] },
  }
  return {
    Supplier: [
      { ID: 5, UpdatedAt: at, StatusCode: 30001, OrgNumber: ORG, Info: { Name: 'Hamar Kontormøbler AS' } },
    ],
    SupplierInvoice: chart.own ? [first, earlier] : [first],
    Account: [
      {
        ID: 40,
        UpdatedAt: at,
        AccountNumber: 6540,
        AccountName: chart.inventar ?? 'Inventar',
        VatTypeID: 101,
      },
      { ID: 41, UpdatedAt: at, AccountNumber: 6800, AccountName: 'Kontorrekvisita', VatTypeID: 101 },
      { ID: 42, UpdatedAt: at, AccountNumber: 2400, AccountName: 'Leverandørgjeld', VatTypeID: null },
    ],
    VatType: [
      { ID: 101, UpdatedAt: at, Name: 'Inngående 25 %', VatCode: '1', VatPercent: 25, OutputVat: false },
    ],
  }
}

async function mount(
  languages: string[],
  options: { others?: boolean; chart?: Parameters<typeof aurora>[0]; suggestions?: LedgerSuggestions } = {},
) {
  const others = options.others ?? true
  const rows: Record<string, Record<string, PlatformRow[]>> = {
    aurora: aurora(options.chart),
    ...(others ? { nordlys: otherClient(1, SECRET[0]!), fjordbygg: otherClient(2, SECRET[1]!) } : {}),
  }
  // The review opens once the other clients are in the cache: opened before them, it would rightly ask the
  // platform's smart booking, as the office had no history yet.
  const mounted = await mountWorkspace({
    ...reviewOfInvoice1,
    path: '/',
    languages,
    companies,
    open: 'aurora',
    rows,
    handlers: {
      'review.ledgerSuggestions': () => options.suggestions ?? { offered: false, suggestions: [] },
    },
  })
  // The other clients as their own pull keeps them on this computer.
  for (const [companyKey, entities] of Object.entries(rows))
    for (const [entity, list] of Object.entries(entities))
      await mounted.db.table(entity).bulkPut(list.map((row) => ({ ...row, companyKey })))
  await mounted.shell.router.push(reviewOfInvoice1.path)
  await waitForElement('[data-testid="review-form"]')
  return mounted
}

const cell = (line: number, name: string) =>
  document.getElementById(`review-line-${line}-${name}`) as HTMLInputElement | null
const linesText = () => document.querySelector('[data-testid="review-cost-lines"]')?.textContent ?? ''

/** Every cached row of a company, as text. */
async function rowsOf(db: WorkspaceDb, companyKey: string): Promise<string> {
  const tables = db.tables.filter((t) => t.schema.indexes.some((i) => i.name === 'companyKey'))
  const all = await Promise.all(tables.map((t) => t.where('companyKey').equals(companyKey).toArray()))
  return JSON.stringify(all)
}

describe('office memory in review', () => {
  it('proposes the account and VAT code the office used in two other clients, marked as the office’s (nb)', async () => {
    const { db, test } = await mount(['nb-NO'])
    await vi.waitFor(() => expect(cell(0, 'account')?.value).toBe('6540'), { timeout: 15_000 })
    expect(cell(0, 'vat')!.value).toBe('1')
    await vi.waitFor(() =>
      expect(linesText()).toContain(
        'Foreslått konto 6540 og mva-kode 1: ført på 6540 Inventar hos 2 andre klienter',
      ),
    )
    const mark = document.querySelector('.lines__source[data-source="office"]')!
    expect(mark.textContent).toContain('Kontorets minne')
    // Office memory answered: the platform's smart booking is not asked.
    expect(test.calls.some((c) => c.name === 'review.ledgerSuggestions')).toBe(false)

    const nordlysBefore = await rowsOf(db, 'nordlys')
    pressKey(document.querySelector('[data-testid="review-form"]')!, {
      key: 's',
      code: 'KeyS',
      ctrlKey: true,
    })
    await vi.waitFor(
      async () => expect(await db.outbox.where('companyKey').equals('aurora').count()).toBeGreaterThan(0),
      {
        timeout: 15_000,
      },
    )
    const entries = await db.outbox.toArray()
    expect(entries.every((e) => e.companyKey === 'aurora')).toBe(true)
    // The saved line books to Aurora's own account and VAT type, never another client's IDs.
    const body = JSON.stringify(entries.map((e) => e.body))
    expect(body).toContain('"AccountID":40')
    expect(body).toContain('"VatTypeID":101')
    expect(body).not.toMatch(/"AccountID":64[12]|"VatTypeID":51[12]/)
    // Nothing of the other clients reached Aurora's requests to main or Aurora's rows.
    const auroraCalls = JSON.stringify(test.calls.filter((c) => c.args[0] === 'aurora'))
    for (const secret of SECRET) {
      expect(auroraCalls).not.toContain(secret)
      expect(body).not.toContain(secret)
      expect(await rowsOf(db, 'aurora')).not.toContain(secret)
    }
    expect(await rowsOf(db, 'aurora')).not.toMatch(/"ID":(64[12]|51[12]|80[12]|90[12])\b/)
    // And the other clients' rows are as their pull left them.
    expect(await rowsOf(db, 'nordlys')).toBe(nordlysBefore)
  }, 60_000)

  it('says it in English', async () => {
    await mount(['en-GB'])
    await vi.waitFor(() => expect(cell(0, 'account')?.value).toBe('6540'), { timeout: 15_000 })
    await vi.waitFor(() =>
      expect(linesText()).toContain(
        'Proposed account 6540 and VAT code 1: coded to 6540 Inventar in 2 other clients',
      ),
    )
    expect(document.querySelector('.lines__source[data-source="office"]')!.textContent).toContain(
      'Office memory',
    )
  }, 60_000)

  it('puts the client’s own history of the supplier first', async () => {
    await mount(['en-GB'], { chart: { own: true } })
    await vi.waitFor(() => expect(cell(0, 'account')?.value).toBe('6800'), { timeout: 15_000 })
    expect(linesText()).toContain('used on 1 of the last 1 invoices')
    expect(document.querySelector('.lines__source')).toBeNull()
  }, 60_000)

  it('lets the client’s chart decide: a number named otherwise here is said, not proposed', async () => {
    await mount(['en-GB'], { chart: { inventar: 'Verktøy' } })
    await vi.waitFor(() =>
      expect(linesText()).toContain(
        'No account proposed: 2 other clients code this supplier to 6540 Inventar, but here that number is 6540 Verktøy.',
      ),
    )
    expect(cell(0, 'account')).toBeNull()
  }, 60_000)

  it('asks the platform’s smart booking only where the office has no history, with this invoice’s organisation number alone', async () => {
    const { test } = await mount(['nb-NO'], {
      others: false,
      suggestions: {
        offered: true,
        suggestions: [
          { AccountID: null, AccountNumber: 6540, AccountName: 'Inventar', VatTypeID: null, VatCode: '1' },
        ],
      },
    })
    await vi.waitFor(() => expect(cell(0, 'account')?.value).toBe('6540'), { timeout: 15_000 })
    expect(linesText()).toContain('plattformens smartbokføring foreslår 6540 Inventar')
    expect(document.querySelector('.lines__source[data-source="ledgerSuggestion"]')!.textContent).toContain(
      'Smartbokføring',
    )
    expect(test.calls.filter((c) => c.name === 'review.ledgerSuggestions').map((c) => c.args)).toEqual([
      ['aurora', ORG],
    ])
  }, 60_000)
})
