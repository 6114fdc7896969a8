// Smart booking: `GET /api/biz/ledgersuggestions/{orgNumber}` (field notes "Supplier invoices, files and
// OCR": "proposed account per supplier"). The documents name the route and what it is for, not its answer;
// the answer here is a list of suggestions, most used first, each with the account by the company's own ID,
// number and name and a VAT type by ID and code:
//   [{ AccountID, AccountNumber, AccountName, VatTypeID, VatCode }]
// and `[]` when nothing is known for the organisation number.
// The suggestions come from the requesting company's own booked supplier invoices of suppliers with that
// organisation number (their cost lines: debit lines with an account), the account used on most lines
// first with the VAT code used most with it; else from a small table of common Norwegian suppliers, looked
// up in the company's own chart of accounts and VAT types. Only the requesting company's rows are read
// (every read goes through its read context, scoped to its company and the caller's roles).
import type { FastifyInstance } from 'fastify'
import { isValidOrgNumber } from '../../common/norwegian.ts'
import { SupplierInvoiceStatus } from '../../common/status.ts'
import { PlatformError } from '../errors.ts'
import { listEntities, parseListOptions, type ReadContext } from '../query/index.ts'
import { readContext, tenantOf, type PlatformContext } from '../routes/context.ts'

type Row = Record<string, unknown>

export interface LedgerSuggestion {
  AccountID: number | null
  AccountNumber: number
  AccountName: string | null
  VatTypeID: number | null
  VatCode: string | null
}

/**
 * Common Norwegian suppliers and how offices usually code them (NS 4102 accounts, SAF-T VAT codes). These
 * are examples, not verified against Brønnøysundregistrene: only numbers that pass the MOD11 check of an
 * organisation number are kept, and a test says each one does.
 */
export const COMMON_SUPPLIERS: readonly {
  orgNumber: string
  name: string
  accountNumber: number
  accountName: string
  vatCode: string
}[] = [
  {
    orgNumber: '976967631',
    name: 'Telenor Norge AS',
    accountNumber: 6900,
    accountName: 'Telefon',
    vatCode: '1',
  },
  {
    orgNumber: '981929055',
    name: 'Telia Norge AS',
    accountNumber: 6900,
    accountName: 'Telefon',
    vatCode: '1',
  },
  {
    orgNumber: '984661185',
    name: 'Posten Norge AS',
    accountNumber: 6940,
    accountName: 'Porto',
    vatCode: '0',
  },
  {
    orgNumber: '984851006',
    name: 'DNB Bank ASA',
    accountNumber: 7770,
    accountName: 'Bank- og kortgebyrer',
    vatCode: '0',
  },
  {
    orgNumber: '982101131',
    name: 'Circle K Norge AS',
    accountNumber: 7000,
    accountName: 'Drivstoff',
    vatCode: '1',
  },
].filter((s) => isValidOrgNumber(s.orgNumber))

/** Most suggestions in one answer. */
const MAX_SUGGESTIONS = 3
/** The company's latest booked invoices of the supplier that are read. */
const MAX_INVOICES = 500

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null
}
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)

async function list(rc: ReadContext, pc: PlatformContext, model: string, query: Row): Promise<Row[]> {
  return (await listEntities(rc, pc.registry.require(model), parseListOptions(query))).rows
}

/** The company's own: its booked invoices from suppliers with the organisation number, by use. */
async function fromOwnBookings(
  pc: PlatformContext,
  rc: ReadContext,
  orgNumber: string,
): Promise<LedgerSuggestion[]> {
  const suppliers = await list(rc, pc, 'Supplier', { filter: `OrgNumber eq '${orgNumber}'`, select: 'ID' })
  const ids = suppliers.map((s) => num(s.ID)).filter((id): id is number => id !== null)
  if (ids.length === 0) return []
  const invoices = await list(rc, pc, 'SupplierInvoice', {
    filter: `StatusCode eq ${SupplierInvoiceStatus.Journaled} and (${ids.map((id) => `SupplierID eq ${id}`).join(' or ')})`,
    expand: 'JournalEntry,JournalEntry.DraftLines',
    orderby: 'ID desc',
    top: MAX_INVOICES,
  })
  const uses = new Map<number, { lines: number; vat: Map<number, number> }>()
  for (const invoice of invoices) {
    const lines = ((invoice.JournalEntry as Row | null)?.DraftLines ?? []) as Row[]
    for (const line of lines) {
      const account = num(line.AccountID)
      // Cost lines: the debit side; the payables line the booking adds is the credit side.
      if (line.Deleted === true || account === null || !(Number(line.Amount) > 0)) continue
      const use = uses.get(account) ?? { lines: 0, vat: new Map<number, number>() }
      use.lines++
      const vat = num(line.VatTypeID)
      if (vat !== null) use.vat.set(vat, (use.vat.get(vat) ?? 0) + 1)
      uses.set(account, use)
    }
  }
  const ranked = [...uses.entries()]
    .sort(([a, x], [b, y]) => y.lines - x.lines || a - b)
    .slice(0, MAX_SUGGESTIONS)
  if (ranked.length === 0) return []
  const [accounts, vatTypes] = await Promise.all([
    list(rc, pc, 'Account', {
      filter: ranked.map(([id]) => `ID eq ${id}`).join(' or '),
      select: 'ID,AccountNumber,AccountName',
    }),
    list(rc, pc, 'VatType', { select: 'ID,VatCode' }),
  ])
  const accountOf = new Map(accounts.map((a) => [num(a.ID), a]))
  const vatCodeOf = new Map(vatTypes.map((v) => [num(v.ID), str(v.VatCode)]))
  const out: LedgerSuggestion[] = []
  for (const [id, use] of ranked) {
    const account = accountOf.get(id)
    if (!account || num(account.AccountNumber) === null) continue
    const [vat] = [...use.vat.entries()].sort(([a, x], [b, y]) => y - x || a - b)[0] ?? [null]
    out.push({
      AccountID: id,
      AccountNumber: num(account.AccountNumber)!,
      AccountName: str(account.AccountName),
      VatTypeID: vat,
      VatCode: vat === null ? null : (vatCodeOf.get(vat) ?? null),
    })
  }
  return out
}

/** The table's suggestion, with the account and VAT type the company's own chart has for it. */
async function fromTable(
  pc: PlatformContext,
  rc: ReadContext,
  orgNumber: string,
): Promise<LedgerSuggestion[]> {
  const known = COMMON_SUPPLIERS.find((s) => s.orgNumber === orgNumber)
  if (!known) return []
  const [[account], [vat]] = await Promise.all([
    list(rc, pc, 'Account', {
      filter: `AccountNumber eq ${known.accountNumber}`,
      select: 'ID,AccountNumber,AccountName',
      top: 1,
    }),
    list(rc, pc, 'VatType', { filter: `VatCode eq '${known.vatCode}'`, select: 'ID,VatCode', top: 1 }),
  ])
  return [
    {
      AccountID: num(account?.ID),
      AccountNumber: known.accountNumber,
      AccountName: str(account?.AccountName) ?? known.accountName,
      VatTypeID: num(vat?.ID),
      VatCode: known.vatCode,
    },
  ]
}

/** The suggestions for an organisation number in the requesting company (see above). */
export async function ledgerSuggestions(
  pc: PlatformContext,
  rc: ReadContext,
  orgNumber: string,
): Promise<LedgerSuggestion[]> {
  const own = await fromOwnBookings(pc, rc, orgNumber)
  return own.length > 0 ? own : fromTable(pc, rc, orgNumber)
}

export function registerLedgerSuggestionRoutes(app: FastifyInstance, pc: PlatformContext): void {
  app.get<{ Params: { orgNumber: string } }>('/api/biz/ledgersuggestions/:orgNumber', async (request) => {
    const orgNumber = request.params.orgNumber.replace(/\s/g, '')
    if (!/^\d{9}$/.test(orgNumber))
      throw new PlatformError(
        'BAD_REQUEST',
        `'${request.params.orgNumber}' is not an organisation number: nine digits, as ledgersuggestions/923609016`,
      )
    return ledgerSuggestions(pc, await readContext(pc, tenantOf(request)), orgNumber)
  })
}
