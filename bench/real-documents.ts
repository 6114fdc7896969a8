// The real-document figure of the OCR benchmark: public invoices and receipts (bench/real-documents/manifest.json:
// supplier invoices in English, French, German and Dutch with a text layer, a scanned invoice, German till
// receipts from a flatbed scanner, and a traveller's hotel bills, shop and fuel invoices, receipts and tickets
// from eight countries, scanned with the scanner's own OCR text layer), read as an upload is (analyse, the whole
// document) and scored field by field against the values printed on each, written by reading the document. The set is split once into a half
// the reader is tuned on and a holdout half that is only measured: both are reported, per kind too, but the
// misses are listed for the tune half only, so that the holdout stays unseen. A third set, `peers`, is scanned
// receipts whose date and total others recorded (the ICDAR 2019 SROIE competition's; added by
// scripts/add-peer-receipts.mjs): measured like the holdout, its misses never listed; `peers-tune`, other
// receipts of the same competition, is the tune half of that kind (misses listed). The files are gathered outside
// the tree by scripts/gather-real-documents.mjs; without them the benchmark says so.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { isValidIban } from '../common/iban.ts'
import { isValidBankAccount, isValidKid, isValidOrgNumber } from '../common/norwegian.ts'
import { OcrPropertyId, type OcrAnswer } from '../common/ocr.ts'
import { analyse, readForInterpretation, type OcrPageResult } from '../document-reader/index.ts'

interface Truth {
  number: string | null
  issueDate: string | null
  dueDate: string | null
  total: string | null
  sellerVatId: string | null
}

/**
 * tune: the half the reader is tuned on; holdout: the half only ever measured; peers: receipts whose values
 * others recorded (the SROIE competition's), only ever measured; peers-tune: other receipts of theirs, tuned on.
 */
type Half = 'tune' | 'holdout' | 'peers' | 'peers-tune'

interface RealDocument {
  repository: string
  commit: string
  path: string
  kind: 'text' | 'scan' | 'scan-ocr' | 'photo'
  language: string
  half: Half
  truth: Truth
}

const FIELDS = ['number', 'issueDate', 'dueDate', 'total', 'sellerVatId'] as const
type Field = (typeof FIELDS)[number]

const here = new URL('.', import.meta.url).pathname
export const realDocumentsDir = () =>
  process.env.REAL_DOCUMENTS_DIR ?? join(homedir(), '.cache', 'ledgerdesk', 'real-documents')

/** Targets of the holdout half (issue: >= 85 % of fields right, <= 1 % wrong, no checksum-invalid value). */
export const REAL_TARGETS = { right: 0.85, wrong: 0.01 }

/** The values an answer gives for the scored fields: the seller as its Norwegian number or first foreign id. */
export function answerFields(answer: Pick<OcrAnswer, 'InterpretedProperties' | 'ForeignSupplierIds'>) {
  const value = (id: number) =>
    answer.InterpretedProperties.find((p) => p.OcrPropertyId === id)?.ProposedCandidate.Value ?? null
  const official = value(OcrPropertyId.OfficialNumber)
  const foreign = answer.ForeignSupplierIds?.[0]?.Value ?? null
  return {
    number: value(OcrPropertyId.InvoiceNumber),
    issueDate: value(OcrPropertyId.InvoiceDate),
    dueDate: value(OcrPropertyId.DueDate),
    total: value(OcrPropertyId.TotalAmount),
    sellerVatId: foreign ?? (official ? `NO${official}MVA` : null),
  } satisfies Record<Field, string | null>
}

/** Proposals that fail their checksum (an IBAN by its own country's rule: these suppliers are foreign). */
function checksumInvalidProposals(answer: OcrAnswer): number {
  let n = 0
  for (const p of answer.InterpretedProperties) {
    const v = p.ProposedCandidate.Value
    const bad =
      (p.OcrPropertyId === OcrPropertyId.OfficialNumber && !isValidOrgNumber(v)) ||
      (p.OcrPropertyId === OcrPropertyId.BankAccount && !isValidBankAccount(v)) ||
      (p.OcrPropertyId === OcrPropertyId.Iban && !isValidIban(v)) ||
      (p.OcrPropertyId === OcrPropertyId.Kid && !isValidKid(v))
    if (bad) n++
  }
  return n
}

interface Cell {
  right: number
  wrong: number
  missing: number
}
const newCell = (): Cell => ({ right: 0, wrong: 0, missing: 0 })
const scored = (c: Cell) => c.right + c.wrong + c.missing

interface Tally {
  docs: number
  fields: Map<Field, Cell>
  /** A value proposed for a field the document does not print (not scored as wrong, counted apart). */
  unprinted: number
  invalid: number
  misses: string[]
}
const newTally = (): Tally => ({
  docs: 0,
  fields: new Map(FIELDS.map((f) => [f, newCell()])),
  unprinted: 0,
  invalid: 0,
  misses: [],
})

function total(t: Tally): Cell {
  const c = newCell()
  for (const f of t.fields.values()) {
    c.right += f.right
    c.wrong += f.wrong
    c.missing += f.missing
  }
  return c
}

const HALF_NAMES: Record<Half, string> = {
  tune: 'TUNE',
  holdout: 'HOLDOUT (never tuned)',
  peers: 'PEERS (SROIE, others)',
  'peers-tune': 'PEERS TUNE (SROIE)',
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`

function line(name: string, t: Tally) {
  const c = total(t)
  const n = scored(c)
  return `  ${name.padEnd(22)} ${String(t.docs).padStart(3)} docs  fields right ${pct(n ? c.right / n : 1).padStart(6)} (${c.right}/${n})  wrong ${c.wrong}  missing ${c.missing}  checksum-invalid ${t.invalid}  proposed where not printed ${t.unprinted}`
}

function tallyAnswer(t: Tally, doc: RealDocument, answer: OcrAnswer) {
  const got = answerFields(answer)
  t.docs++
  t.invalid += checksumInvalidProposals(answer)
  for (const field of FIELDS) {
    const want = doc.truth[field]
    const value = got[field]
    if (want === null) {
      if (value !== null) t.unprinted++
      continue
    }
    const cell = t.fields.get(field)!
    if (value === want) cell.right++
    else if (value === null) cell.missing++
    else cell.wrong++
    if (value !== want) t.misses.push(`${doc.path.split('/').pop()} ${field}: want ${want} got ${value}`)
  }
}

function readManifest(): RealDocument[] {
  const manifest = JSON.parse(readFileSync(join(here, 'real-documents', 'manifest.json'), 'utf8')) as {
    files: RealDocument[]
  }
  return manifest.files
}

/**
 * The document analysed as an upload is. With OCR_BENCH_REAL_CACHE (a folder), the pages read are kept there
 * by the document's hash and read back on the next run, so that the interpreter is measured again without
 * Tesseract reading the scans again; delete the folder when the reading itself (text layer, Tesseract) changes.
 */
async function analyseCached(bytes: Uint8Array) {
  const cacheDir = process.env.OCR_BENCH_REAL_CACHE
  if (!cacheDir) return analyse(bytes)
  const file = join(cacheDir, `${createHash('sha256').update(bytes).digest('hex')}.json`)
  let pages: OcrPageResult[]
  if (existsSync(file)) pages = JSON.parse(readFileSync(file, 'utf8')) as OcrPageResult[]
  else {
    pages = await readForInterpretation(bytes)
    mkdirSync(cacheDir, { recursive: true })
    writeFileSync(file, JSON.stringify(pages))
  }
  return analyse(bytes, { pages })
}

/** Reads and scores the real documents; returns the holdout half's figures (null when the set is absent). */
export async function benchRealDocuments(): Promise<{ right: number; wrong: number } | null> {
  const files = readManifest()
  const dir = realDocumentsDir()
  const present = files.filter((f) => existsSync(join(dir, f.repository.replace('/', '+'), f.path)))
  if (present.length === 0) {
    console.log(
      `\n== Real documents: absent (${dir}); gather them with node scripts/gather-real-documents.mjs`,
    )
    return null
  }
  const halves = (process.env.OCR_BENCH_REAL_HALVES ?? 'tune,holdout,peers-tune,peers').split(',') as Half[]
  const byHalf = new Map<Half, Tally>(halves.map((h) => [h, newTally()]))
  const byKind = new Map<string, Tally>()
  for (const doc of present) {
    const tally = byHalf.get(doc.half)
    if (!tally) continue
    const bytes = new Uint8Array(readFileSync(join(dir, doc.repository.replace('/', '+'), doc.path)))
    let answer: OcrAnswer
    try {
      answer = { ...(await analyseCached(bytes)), UniFile: null } as unknown as OcrAnswer
    } catch (err) {
      console.log(`  ${doc.path}: not read (${(err as Error).message})`)
      continue
    }
    tallyAnswer(tally, doc, answer)
    const kindKey = `${doc.half} ${doc.kind}`
    if (!byKind.has(kindKey)) byKind.set(kindKey, newTally())
    tallyAnswer(byKind.get(kindKey)!, doc, answer)
  }
  console.log(`\n== Real documents: ${present.length} of ${files.length} present (${dir})`)
  for (const [half, t] of byHalf) console.log(line(HALF_NAMES[half], t))
  for (const [key, t] of [...byKind].sort(([a], [b]) => a.localeCompare(b))) console.log(line(`  ${key}`, t))
  for (const [half, t] of byHalf) {
    console.log(`  per field, ${half}:`)
    for (const [field, c] of t.fields)
      console.log(
        `    ${field.padEnd(12)} right ${c.right}/${scored(c)}  wrong ${c.wrong}  missing ${c.missing}`,
      )
  }
  for (const half of ['tune', 'peers-tune'] as const) {
    const misses = byHalf.get(half)?.misses ?? []
    if (misses.length) console.log(`  ${half} half misses:\n    ${misses.join('\n    ')}`)
  }
  const holdout = byHalf.get('holdout')
  if (!holdout) return null
  const c = total(holdout)
  const n = scored(c) || 1
  const right = c.right / n
  const wrong = c.wrong / n
  const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS')
  console.log(
    `  holdout: fields right ${pct(right)} target >= ${pct(REAL_TARGETS.right)} ${mark(right >= REAL_TARGETS.right)}; wrong ${pct(wrong)} target <= ${pct(REAL_TARGETS.wrong)} ${mark(wrong <= REAL_TARGETS.wrong)}; checksum-invalid ${holdout.invalid} target 0 ${mark(holdout.invalid === 0)}`,
  )
  return { right, wrong }
}
