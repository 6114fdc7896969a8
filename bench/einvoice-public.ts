// The structured figure of the OCR benchmark: public EN 16931 example files (EN 16931 UBL and CII examples,
// Peppol BIS 3 / EHF, the XRechnung test suite, FeRD's ZUGFeRD samples and Factur-X profiles MINIMUM to
// EXTENDED, as XML and as PDFs that embed it) read by the local platform's OCR (analyse, as an upload is) and
// scored field by field against the values written in each file (bench/einvoice-public/manifest.json). The
// files are gathered outside the tree by scripts/gather-einvoice-public.mjs; without them the benchmark says so.
import { existsSync, readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { structuredInvoiceOf } from '../common/einvoice/ocr-answer.ts'
import { isValidOrgNumber } from '../common/norwegian.ts'
import { OcrPropertyId, type OcrAnswer } from '../common/ocr.ts'
import { analyse } from '../document-reader/index.ts'

interface Truth {
  number: string
  issueDate: string
  dueDate: string | null
  currency: string
  credit: boolean
  net: string
  vat: string | null
  total: string
  payable: string
  sellerCountry?: string
  sellerVatId: string | null
  sellerLegalId: string | null
  sellerLegalScheme: string | null
  paymentId: string | null
}

interface PublicFile {
  repository: string
  commit: string
  path: string
  family: string
  kind: 'xml' | 'pdf'
  truth: Truth
}

const FIELDS = [
  'number',
  'issueDate',
  'dueDate',
  'total',
  'net',
  'vat',
  'currency',
  'seller',
  'paymentRef',
] as const
type Field = (typeof FIELDS)[number]

const here = new URL('.', import.meta.url).pathname
export const publicCacheDir = () =>
  process.env.EINVOICE_PUBLIC_DIR ?? join(homedir(), '.cache', 'ledgerdesk', 'einvoice-public')

/** An amount as the answer writes it: to two decimals, negative on a credit note (as the supplier invoice books it). */
const money = (written: string | null, credit: boolean) => {
  const n = Number(written ?? 0) * (credit ? -1 : 1)
  return (Math.round(n * 100) / 100 || 0).toFixed(2)
}
const compact = (id: string) => id.replace(/[\s.-]/g, '').toUpperCase()

/**
 * The seller's id the answer should give: a Norwegian organisation number (VAT id `NO…MVA` or a legal id
 * under 0192 or of a Norwegian seller, when it passes MOD11) as property 1; else the foreign VAT id as the
 * first ForeignSupplierIds entry; neither when the file states neither.
 */
function expectedSeller(t: Truth): { official: string | null; foreign: string | null } {
  const vat = t.sellerVatId ? compact(t.sellerVatId) : null
  const norwegianVat = vat && /^NO\d{9}(MVA)?$/.test(vat) ? vat.slice(2, 11) : null
  const norwegianLegal =
    t.sellerLegalId &&
    (t.sellerLegalScheme === '0192' || (t.sellerLegalScheme === null && t.sellerCountry === 'NO'))
      ? t.sellerLegalId.replace(/\s/g, '')
      : null
  const official = [norwegianVat, norwegianLegal].find((n) => n && isValidOrgNumber(n)) ?? null
  if (official) return { official, foreign: null }
  // A VAT id is two letters of its country and up to 13 letters or digits (EN 16931 BR-CO-9): a tax number
  // written in its place (`DE/12/345/67890`) is no VAT id and gives none.
  const vatForm = vat && /^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(vat) && !vat.startsWith('NO') ? vat : null
  return { official: null, foreign: vatForm }
}

function fieldsOf(answer: Omit<OcrAnswer, 'UniFile'>) {
  const prop = (id: OcrPropertyId) =>
    answer.InterpretedProperties.find((p) => p.OcrPropertyId === id)?.ProposedCandidate.Value ?? null
  const invoice = structuredInvoiceOf(answer)
  return {
    structured: invoice !== null,
    number: prop(OcrPropertyId.InvoiceNumber),
    issueDate: prop(OcrPropertyId.InvoiceDate),
    dueDate: prop(OcrPropertyId.DueDate),
    total: prop(OcrPropertyId.TotalAmount),
    net: invoice ? invoice.totals.net.toFixed(2) : null,
    vat: invoice ? invoice.totals.vat.toFixed(2) : null,
    currency: invoice?.currency ?? null,
    official: prop(OcrPropertyId.OfficialNumber),
    foreign: answer.ForeignSupplierIds?.[0]?.Value ?? null,
    paymentRef: invoice?.paymentId ?? null,
  }
}

function score(file: PublicFile, got: ReturnType<typeof fieldsOf>): Record<Field, [unknown, unknown]> {
  const t = file.truth
  const seller = expectedSeller(t)
  return {
    number: [t.number, got.number],
    issueDate: [t.issueDate, got.issueDate],
    dueDate: [t.dueDate, got.dueDate],
    // Property 6 is the amount due (BT-115): after a prepayment, what is left to pay.
    total: [money(t.payable, t.credit), got.total],
    net: [money(t.net, t.credit), got.net],
    vat: [money(t.vat, t.credit), got.vat],
    currency: [t.currency, got.currency],
    seller: [
      `${seller.official ?? '-'} ${seller.foreign ?? '-'}`,
      `${got.official ?? '-'} ${got.foreign ?? '-'}`,
    ],
    paymentRef: [t.paymentId, got.paymentRef],
  }
}

const pct = (right: number, total: number) => `${((right / Math.max(total, 1)) * 100).toFixed(1)}%`

/** Reads and scores the public set; prints the figure, or that the set is absent. Returns the field accuracy. */
export async function benchPublicEInvoices(): Promise<number | null> {
  const manifest = JSON.parse(readFileSync(join(here, 'einvoice-public', 'manifest.json'), 'utf8')) as {
    files: PublicFile[]
  }
  const dir = publicCacheDir()
  const pathOf = (f: PublicFile) => join(dir, f.repository.replace('/', '+'), f.path)
  const absent = manifest.files.filter((f) => !existsSync(pathOf(f)))
  console.log(`\n== Structured e-invoices, public examples: ${manifest.files.length} files`)
  if (absent.length) {
    console.log(
      `  ABSENT: ${absent.length} of ${manifest.files.length} files are not in ${dir}; the structured figure is not measured.\n` +
        '  Gather them with `node scripts/gather-einvoice-public.mjs` (docs/platform-files-and-ocr.md).',
    )
    return null
  }
  const perField = new Map<Field, number>(FIELDS.map((f) => [f, 0]))
  const perFamily = new Map<string, { right: number; total: number; files: number }>()
  const misses: string[] = []
  let filesAllRight = 0
  const started = performance.now()
  for (const file of manifest.files) {
    const bytes = new Uint8Array(readFileSync(pathOf(file)))
    let scored: Record<Field, [unknown, unknown]>
    try {
      scored = score(file, fieldsOf(await analyse(bytes)))
    } catch (error) {
      scored = score(file, fieldsOf({ InterpretedProperties: [], OcrRawData: '' } as never))
      misses.push(`${file.path}: not read (${(error as Error).message})`)
    }
    const family = perFamily.get(file.family) ?? { right: 0, total: 0, files: 0 }
    perFamily.set(file.family, family)
    family.files++
    let allRight = true
    for (const field of FIELDS) {
      const [want, got] = scored[field]
      family.total++
      if (want === got) {
        perField.set(field, perField.get(field)! + 1)
        family.right++
      } else {
        allRight = false
        misses.push(`${file.repository} ${file.path} ${field}: want ${String(want)} got ${String(got)}`)
      }
    }
    if (allRight) filesAllRight++
  }
  const n = manifest.files.length
  for (const field of FIELDS)
    console.log(
      `  ${field.padEnd(12)} ${pct(perField.get(field)!, n).padStart(6)}  (${perField.get(field)}/${n})`,
    )
  console.log('  by family:')
  for (const [name, f] of perFamily)
    console.log(`    ${name.padEnd(30)} ${pct(f.right, f.total).padStart(6)}  (${f.files} files)`)
  const right = [...perField.values()].reduce((a, b) => a + b, 0)
  const accuracy = right / (n * FIELDS.length)
  console.log(
    `  fields exact        ${pct(right, n * FIELDS.length)}  (${right}/${n * FIELDS.length})  target 100.0%  ${accuracy === 1 ? 'PASS' : 'MISS'}`,
  )
  console.log(`  files all right     ${pct(filesAllRight, n)}  (${filesAllRight}/${n})`)
  console.log(`  ms per file ${((performance.now() - started) / n).toFixed(1)}`)
  if (misses.length) console.log(`  misses:\n    ${misses.slice(0, 60).join('\n    ')}`)
  return accuracy
}
