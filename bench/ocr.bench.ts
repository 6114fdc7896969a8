// OCR benchmark. The harder corpus (platform/ocr/corpus/hard.ts: several pages, turned pages, photos, faxes,
// table layouts, payment slips, label wording, distractors, credit notes, foreign suppliers) is read whole and
// scored per kind and per field: right, wrong, missing, checksum-invalid, time per page, and the calibration
// of ProbabilityFactor. The original corpus of text PDFs and image-only variants stays as a regression set.
// Sizes: OCR_BENCH_KINDS (comma list, default all), OCR_BENCH_PER_KIND (default 12), OCR_BENCH_TEXT (default
// 200) and OCR_BENCH_SCANNED (default 30) for the regression set (0 skips it).
import os from 'node:os'
import {
  isValidBankAccount,
  isValidKid,
  isValidNorwegianIban,
  isValidOrgNumber,
} from '../common/norwegian.ts'
import { generateInvoice, type GeneratedInvoice } from '../platform/ocr/corpus/generate.ts'
import {
  CORE_PROPERTIES,
  generateHardDocument,
  HARD_KINDS,
  type HardDocument,
  type HardKind,
} from '../platform/ocr/corpus/hard.ts'
import { scanVariant } from '../platform/ocr/corpus/scan.ts'
import { normaliseForeignVatId, normaliseIban } from '../platform/ocr/foreign.ts'
import { OCR_PROPERTIES, OcrPropertyId } from '../common/ocr.ts'
import { analyse, closeOcr, interpret, readDocument } from '../platform/ocr/index.ts'

const TEXT_DOCS = Number(process.env.OCR_BENCH_TEXT ?? 200)
const SCANNED_DOCS = Number(process.env.OCR_BENCH_SCANNED ?? 30)
const SEED_BASE = Number(process.env.OCR_BENCH_SEED ?? 1000)

const KINDS = (process.env.OCR_BENCH_KINDS?.split(',').filter(Boolean) ?? [...HARD_KINDS]) as HardKind[]
const PER_KIND = Number(process.env.OCR_BENCH_PER_KIND ?? 12)

const TARGETS = { textFields: 0.98, scannedFields: 0.9, textMsPerPage: 150, scannedSPerPage: 5 }
const HARD_TARGETS = {
  overall: 0.97,
  perKind: 0.9,
  wrong: 0.005,
  textMsPerPage: 150,
  scannedSPerPage: 3,
  calibration: 0.99,
}
const PROPS = Object.values(OcrPropertyId)

interface Tally {
  docs: number
  docsAllRight: number
  perField: Map<number, { right: number; total: number }>
  invalid: number
  pageMs: number[]
  misses: string[]
}

function newTally(): Tally {
  return {
    docs: 0,
    docsAllRight: 0,
    perField: new Map(PROPS.map((p) => [p, { right: 0, total: 0 }])),
    invalid: 0,
    pageMs: [],
    misses: [],
  }
}

function checksumInvalid(prop: number, value: string): boolean {
  if (prop === OcrPropertyId.OfficialNumber) return !isValidOrgNumber(value)
  if (prop === OcrPropertyId.BankAccount) return !isValidBankAccount(value)
  if (prop === OcrPropertyId.Iban) return !isValidNorwegianIban(value)
  if (prop === OcrPropertyId.Kid) return !isValidKid(value)
  return false
}

async function score(t: Tally, inv: GeneratedInvoice, bytes: Uint8Array, label: string) {
  const started = performance.now()
  const [page] = await readDocument(bytes, { pages: [1] })
  // Half the corpus passes the buyer's org number, as the platform does; the other half relies on layout.
  const props = interpret(page!, { buyerOrgNumbers: inv.seed % 2 === 0 ? [inv.buyerOrgNumber] : [] })
  t.pageMs.push(performance.now() - started)
  const got = new Map(props.map((p) => [p.OcrPropertyId, p.ProposedCandidate.Value]))
  let allRight = true
  for (const prop of PROPS) {
    const want = inv.truth[prop]
    const value = got.get(prop) ?? null
    const cell = t.perField.get(prop)!
    cell.total++
    if (value === want) cell.right++
    else {
      allRight = false
      if (t.misses.length < 25)
        t.misses.push(
          `${label} seed ${inv.seed} ${inv.layout}/${inv.font} #${prop}: want ${want} got ${value}`,
        )
    }
    if (value !== null && checksumInvalid(prop, value)) t.invalid++
  }
  t.docs++
  if (allRight) t.docsAllRight++
}

function fieldAccuracy(t: Tally): number {
  let right = 0
  let total = 0
  for (const c of t.perField.values()) {
    right += c.right
    total += c.total
  }
  return total ? right / total : 1
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`
const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS')

function report(name: string, t: Tally, fieldTarget: number, timeLine: string, timeOk: boolean) {
  console.log(`\n== ${name}: ${t.docs} documents`)
  for (const prop of PROPS) {
    const c = t.perField.get(prop)!
    console.log(
      `  ${String(prop).padStart(2)} ${OCR_PROPERTIES[prop].Name.padEnd(32)} ${pct(c.right / c.total).padStart(6)}  (${c.right}/${c.total})`,
    )
  }
  const acc = fieldAccuracy(t)
  console.log(`  fields exact        ${pct(acc)}  target >= ${pct(fieldTarget)}  ${mark(acc >= fieldTarget)}`)
  console.log(`  documents all right ${pct(t.docsAllRight / t.docs)}  (${t.docsAllRight}/${t.docs})`)
  console.log(`  checksum-invalid proposals ${t.invalid}  target 0  ${mark(t.invalid === 0)}`)
  console.log(`  ${timeLine}  ${mark(timeOk)}`)
  if (t.misses.length) console.log(`  first misses:\n    ${t.misses.join('\n    ')}`)
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0)

// ---------- the harder corpus ----------

interface FieldCell {
  right: number
  wrong: number
  missing: number
  invalid: number
}
interface KindTally {
  docs: number
  fields: Map<number, FieldCell>
  textMs: number[]
  scanMs: number[]
  /** CPU time of the process (every thread, Tesseract's included) per scanned page: steadier under load. */
  scanCpuMs: number[]
  misses: string[]
}
const newKindTally = (): KindTally => ({
  docs: 0,
  fields: new Map(CORE_PROPERTIES.map((p) => [p, { right: 0, wrong: 0, missing: 0, invalid: 0 }])),
  textMs: [],
  scanMs: [],
  scanCpuMs: [],
  misses: [],
})

/** A proposal whose check digits fail (Norwegian or foreign form). */
function hardChecksumInvalid(prop: number, value: string): boolean {
  if (prop === OcrPropertyId.OfficialNumber) return !isValidOrgNumber(value) && !normaliseForeignVatId(value)
  if (prop === OcrPropertyId.Iban) return !normaliseIban(value)
  if (prop === OcrPropertyId.BankAccount) return !isValidBankAccount(value)
  if (prop === OcrPropertyId.Kid) return !isValidKid(value)
  return false
}

const calibration: { probability: number; right: boolean }[] = []

async function scoreHard(t: KindTally, doc: HardDocument) {
  const started = performance.now()
  const cpuBefore = process.cpuUsage()
  const result = await analyse(doc.bytes, {
    // Half the corpus passes the company's own numbers, as the platform does; the other half relies on layout.
    buyerOrgNumbers: doc.seed % 2 === 0 ? [doc.buyerOrgNumber] : [],
    buyerBankAccounts: doc.seed % 2 === 0 ? [doc.buyerBankAccount] : [],
  })
  const ms = performance.now() - started
  const perPage = ms / Math.max(1, result.PagesRead.length)
  ;(doc.scanned ? t.scanMs : t.textMs).push(perPage)
  const cpu = process.cpuUsage(cpuBefore)
  if (doc.scanned) t.scanCpuMs.push((cpu.user + cpu.system) / 1000 / Math.max(1, result.PagesRead.length))
  const got = new Map(result.InterpretedProperties.map((p) => [p.OcrPropertyId, p.ProposedCandidate]))
  // A foreign supplier's VAT id (the truth's official number) is answered apart, with its country.
  const foreignId = result.ForeignSupplierIds?.[0]
  for (const prop of CORE_PROPERTIES) {
    const want = doc.truth.fields[prop]
    const candidate =
      got.get(prop) ??
      (prop === OcrPropertyId.OfficialNumber && foreignId
        ? { Value: foreignId.Value, ProbabilityFactor: foreignId.ProbabilityFactor, PageNo: foreignId.PageNo }
        : undefined)
    const value = candidate?.Value ?? null
    const cell = t.fields.get(prop)!
    if (value === want) cell.right++
    else if (value === null) cell.missing++
    else cell.wrong++
    if (candidate) calibration.push({ probability: candidate.ProbabilityFactor, right: value === want })
    if (value !== null && hardChecksumInvalid(prop, value)) cell.invalid++
    // Property 1 is the Norwegian organisation number: a foreign id there is a checksum-invalid proposal.
    const official = got.get(prop)?.Value
    if (prop === OcrPropertyId.OfficialNumber && official && !isValidOrgNumber(official)) cell.invalid++
    if (value !== want && t.misses.length < 12)
      t.misses.push(
        `${doc.kind} seed ${doc.seed} [${doc.variant}] #${prop}: want ${want} got ${value}${candidate ? ` (p ${candidate.ProbabilityFactor}, page ${candidate.PageNo})` : ''}`,
      )
  }
  t.docs++
}

function sumCells(cells: Iterable<FieldCell>): FieldCell {
  const s = { right: 0, wrong: 0, missing: 0, invalid: 0 }
  for (const c of cells) {
    s.right += c.right
    s.wrong += c.wrong
    s.missing += c.missing
    s.invalid += c.invalid
  }
  return s
}

function reportHard(tallies: Map<HardKind, KindTally>) {
  const row = (name: string, c: FieldCell, extra = '') => {
    const total = c.right + c.wrong + c.missing
    return `  ${name.padEnd(34)} ${pct(c.right / total).padStart(6)}  right ${String(c.right).padStart(4)}  wrong ${String(c.wrong).padStart(3)}  missing ${String(c.missing).padStart(3)}  invalid ${c.invalid}${extra}`
  }
  console.log(`\n== Harder corpus by kind (${CORE_PROPERTIES.length} properties per document)`)
  const all: FieldCell[] = []
  const textMs: number[] = []
  const scanMs: number[] = []
  const scanCpuMs: number[] = []
  let kindsOk = true
  for (const [kind, t] of tallies) {
    const c = sumCells(t.fields.values())
    all.push(c)
    textMs.push(...t.textMs)
    scanMs.push(...t.scanMs)
    scanCpuMs.push(...t.scanCpuMs)
    const acc = c.right / (c.right + c.wrong + c.missing)
    kindsOk &&= acc >= HARD_TARGETS.perKind
    const time = [
      t.textMs.length ? `${mean(t.textMs).toFixed(0)} ms/text page` : '',
      t.scanMs.length
        ? `${(mean(t.scanMs) / 1000).toFixed(2)} s/scanned page (CPU ${(mean(t.scanCpuMs) / 1000).toFixed(2)} s)`
        : '',
    ]
      .filter(Boolean)
      .join(', ')
    console.log(row(`${kind} (${t.docs})`, c, `  ${time}  ${mark(acc >= HARD_TARGETS.perKind)}`))
  }
  console.log(`\n== Harder corpus by field`)
  for (const prop of CORE_PROPERTIES) {
    const c = sumCells([...tallies.values()].map((t) => t.fields.get(prop)!))
    console.log(row(`${String(prop).padStart(2)} ${OCR_PROPERTIES[prop].Name}`, c))
  }
  const total = sumCells(all)
  const n = total.right + total.wrong + total.missing
  const acc = total.right / n
  const wrongShare = total.wrong / n
  console.log(
    `\n  fields right        ${pct(acc)}  target >= ${pct(HARD_TARGETS.overall)}  ${mark(acc >= HARD_TARGETS.overall)}`,
  )
  console.log(`  every kind          target >= ${pct(HARD_TARGETS.perKind)}  ${mark(kindsOk)}`)
  console.log(
    `  wrong values        ${pct(wrongShare)} (${total.wrong}/${n})  target <= ${pct(HARD_TARGETS.wrong)}  ${mark(wrongShare <= HARD_TARGETS.wrong)}`,
  )
  console.log(`  checksum-invalid    ${total.invalid}  target 0  ${mark(total.invalid === 0)}`)
  if (textMs.length) {
    const ms = mean(textMs)
    console.log(
      `  ms per text page    ${ms.toFixed(1)}  target <= ${HARD_TARGETS.textMsPerPage}  ${mark(ms <= HARD_TARGETS.textMsPerPage)}`,
    )
  }
  if (scanMs.length) {
    const s = mean(scanMs) / 1000
    console.log(
      `  s per scanned page  ${s.toFixed(2)}  target <= ${HARD_TARGETS.scannedSPerPage}  ${mark(s <= HARD_TARGETS.scannedSPerPage)}`,
    )
    // Wall time grows with the machine's load; the CPU time a page takes (all threads) hardly does.
    console.log(
      `  CPU s per scanned page ${(mean(scanCpuMs) / 1000).toFixed(2)}  (machine load ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`,
    )
  }
  const sure = calibration.filter((c) => c.probability >= 0.9)
  const sureRight = sure.filter((c) => c.right).length
  const share = sure.length ? sureRight / sure.length : 1
  console.log(
    `  calibration: ${pct(share)} right among ${sure.length} proposals with ProbabilityFactor >= 0.9 (of ${calibration.length})  target >= ${pct(HARD_TARGETS.calibration)}  ${mark(share >= HARD_TARGETS.calibration)}`,
  )
  const misses = [...tallies.values()].flatMap((t) => t.misses)
  if (misses.length) console.log(`  misses (up to 12 per kind):\n    ${misses.join('\n    ')}`)
}

async function hard() {
  const tallies = new Map<HardKind, KindTally>()
  for (const kind of KINDS) {
    const t = newKindTally()
    tallies.set(kind, t)
    for (let i = 0; i < PER_KIND; i++) await scoreHard(t, await generateHardDocument(kind, SEED_BASE + i))
  }
  if (tallies.size) reportHard(tallies)
}

async function main() {
  // The first document pays for loading pdf.js and fonts; it is read once before timing starts.
  const warm = await generateInvoice(SEED_BASE - 1)
  await readDocument(warm.pdf)

  try {
    await hard()
  } finally {
    await closeOcr()
  }

  const text = newTally()
  for (let i = 0; i < TEXT_DOCS; i++) {
    const inv = await generateInvoice(SEED_BASE + i)
    await score(text, inv, inv.pdf, 'text')
  }
  const textMs = mean(text.pageMs)
  if (TEXT_DOCS > 0)
    report(
      'Text PDFs',
      text,
      TARGETS.textFields,
      `ms per text page ${textMs.toFixed(1)}  target <= ${TARGETS.textMsPerPage}`,
      textMs <= TARGETS.textMsPerPage,
    )

  const scanned = newTally()
  try {
    for (let i = 0; i < SCANNED_DOCS; i++) {
      const inv = await generateInvoice(SEED_BASE + 5000 + i)
      const bytes = await scanVariant(inv.pdf, inv.seed)
      await score(scanned, inv, bytes, 'scan')
    }
  } finally {
    await closeOcr()
  }
  if (SCANNED_DOCS > 0) {
    // The first scanned page also starts the Tesseract worker; it is reported apart from the steady state.
    const steady = scanned.pageMs.slice(1)
    const s = mean(steady.length ? steady : scanned.pageMs) / 1000
    report(
      'Image-only PDFs',
      scanned,
      TARGETS.scannedFields,
      `s per scanned page ${s.toFixed(2)} (first, with worker start: ${(scanned.pageMs[0]! / 1000).toFixed(2)})  target <= ${TARGETS.scannedSPerPage}`,
      s <= TARGETS.scannedSPerPage,
    )
  }
}

await main()
