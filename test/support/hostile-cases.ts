// The hostile-file cases of issue 37, each run through the reader that meets it in the product: the
// embedded-file extraction (common/einvoice/embedded.ts), the invoice XML reading (common/einvoice), main's
// reader thread (einvoice-reader/structured.ts), the platform's upload check (platform/files/sniff.ts) and the scan
// station's checks (scan/sniff.ts, the XML beside a PDF in scan/pair.ts). Every file is made here by code.
// `measure` runs one case and answers its outcome (a refusal's reason), its time and how far memory peaked;
// the suite (test/node/hostile-files.test.ts) asserts them and `npm run bench:hostile` prints them.
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { embeddedFiles, embeddedInvoiceXml } from '../../common/einvoice/embedded.ts'
import { EInvoiceError, parseEInvoice } from '../../common/einvoice/index.ts'
import { structuredOcrAnswer } from '../../common/einvoice/ocr-answer.ts'
import { readPartnerXml } from '../../electron/main/services/scan/pair.ts'
import { sniff } from '../../electron/main/services/scan/sniff.ts'
import { structuredInvoiceIn } from '../../electron/main/services/einvoice-reader/structured.ts'
import { inspectDocument } from '../../platform/files/sniff.ts'
import { makeFacturX, makeUbl } from './einvoice-files.ts'
import {
  billionLaughs,
  deeplyNested,
  manyObjectsPdf,
  pdfEmbedding,
  pdfHeaderOnXml,
  truncated,
  withHugePayable,
  withReservedNames,
  xmlWithPdfHeader,
  zeroDeflate,
} from './hostile-files.ts'

const MiB = 1024 * 1024
const flate = (mib: number) => ({ contents: zeroDeflate(mib), filter: 'FlateDecode' })
const utf8 = (text: string) => new TextEncoder().encode(text)
/** A whole UBL invoice padded past `bytes` with one long text (in a comment or a note). */
const padded = (ubl: string, bytes: number, as: 'comment' | 'note') =>
  as === 'comment'
    ? ubl.replace(/<\/Invoice>\s*$/, `<!--${' '.repeat(bytes)}--></Invoice>`)
    : ubl.replace(/(<cbc:IssueDate>)/, `<cbc:Note>${'QUJD'.repeat(bytes / 4)}</cbc:Note>$1`)

export type Reader = 'embedded' | 'xml' | 'main thread' | 'platform upload' | 'scan sniff' | 'scan pair'

export interface HostileCase {
  name: string
  reader: Reader
  /** The outcome expected: a refusal's reason code, or what was read instead. */
  expect: RegExp
  /** Time and memory allowed, when not the suite's defaults. */
  maxMs?: number
  maxMb?: number
  /** The longest this thread's event loop may stand still, for readings that run in another thread. */
  maxStallMs?: number
  /** Makes the file (not measured) and answers the reading to measure, which answers its outcome. */
  prepare(): Promise<() => Promise<string>>
}

/** The outcome of reading invoice XML: the invoice's number, or the EInvoiceError's code and words. */
function xmlOutcome(xml: string | Uint8Array): string {
  try {
    const invoice = parseEInvoice(xml)
    const total = structuredOcrAnswer(invoice).InterpretedProperties.find((p) => p.OcrPropertyId === 6)
    const unread = (invoice.unreadAmounts ?? []).map((u) => `${u.term} ${u.reason}`).join(', ')
    return `read ${invoice.number}; total ${total?.ProposedCandidate.Value ?? 'not proposed'}${unread ? ` (${unread})` : ''}`
  } catch (err) {
    if (err instanceof EInvoiceError) return `${err.code}: ${err.message}`
    return `UNEXPLAINED ${(err as Error).name}: ${(err as Error).message}`
  }
}

async function embeddedOutcome(pdf: Uint8Array): Promise<string> {
  const { xml, refused } = await embeddedInvoiceXml(pdf)
  if (refused) return `${refused.code}: ${refused.message}`
  return xml ? 'invoice XML found' : 'no invoice XML'
}

async function uploadOutcome(bytes: Uint8Array, name: string): Promise<string> {
  try {
    const info = await inspectDocument(bytes, name)
    return `accepted as ${info.kind}, ${info.pages} page(s)`
  } catch (err) {
    const e = err as Error & { code?: string }
    return e.code === 'BAD_REQUEST' ? `400: ${e.message}` : `UNEXPLAINED ${e.name}: ${e.message}`
  }
}

function sniffOutcome(bytes: Uint8Array): string {
  const r = sniff(bytes)
  return r.ok ? `taken as ${r.kind}` : r.reason.code
}

async function pairOutcome(setup: (folder: string) => Promise<string>): Promise<() => Promise<string>> {
  const folder = mkdtempSync(join(tmpdir(), 'hostile-pair-'))
  const path = await setup(folder)
  return async () => {
    const read = await readPartnerXml(path, folder)
    return read === null ? 'not there' : read.ok ? `read ${read.bytes.length} bytes` : read.reason.code
  }
}

export function hostileCases(): HostileCase[] {
  return [
    // The embedded files of a PDF (embedded.ts).
    {
      name: 'deflate bomb: one stream inflating to 1 GB',
      reader: 'embedded',
      expect: /^tooLarge: The embedded file f0\.xml unpacks to more than 10 MB$/,
      prepare: async () => {
        const pdf = await pdfEmbedding([flate(1024)], 1)
        return () => embeddedOutcome(pdf)
      },
    },
    {
      name: 'one 100 MB stream named 4 times (issue: 3 s, 513 MB)',
      reader: 'embedded',
      expect: /^tooLarge:/,
      prepare: async () => {
        const pdf = await pdfEmbedding([flate(100)], 4)
        return () => embeddedOutcome(pdf)
      },
    },
    {
      name: 'six distinct 200 MB streams (issue: 19 s, 1.5 GB)',
      reader: 'embedded',
      expect: /^tooLarge:/,
      prepare: async () => {
        const pdf = await pdfEmbedding(
          Array.from({ length: 6 }, () => flate(200)),
          6,
        )
        return () => embeddedOutcome(pdf)
      },
    },
    {
      name: 'one 8 MB stream named 1,000 times',
      reader: 'embedded',
      expect: /^tooManyFiles: The PDF lists more than 100 embedded files$/,
      prepare: async () => {
        const pdf = await pdfEmbedding([flate(8)], 1000)
        return () => embeddedOutcome(pdf)
      },
    },
    {
      name: 'one 8 MB stream named 50 times',
      reader: 'embedded',
      expect: /^unpacked once: f0\.xml 8 MB$/,
      prepare: async () => {
        const pdf = await pdfEmbedding([flate(8)], 50)
        return async () => {
          const { files, refused } = await embeddedFiles(pdf)
          if (refused) return `${refused.code}: ${refused.message}`
          return `unpacked once: ${files.map((f) => `${f.name} ${f.bytes.length / MiB} MB`).join(', ')}`
        }
      },
    },
    {
      name: 'three distinct 8 MB streams',
      reader: 'embedded',
      expect: /^tooLarge: The PDF's embedded files unpack to more than 20 MB together$/,
      prepare: async () => {
        const pdf = await pdfEmbedding([flate(8), flate(8), flate(8)], 3)
        return () => embeddedOutcome(pdf)
      },
    },
    {
      name: 'name tree whose kids are itself 1,000 times',
      reader: 'embedded',
      expect: /^no invoice XML$/,
      prepare: async () => {
        const pdf = await pdfEmbedding([flate(1)], 2, 'loop')
        return () => embeddedOutcome(pdf)
      },
    },
    {
      name: 'name tree of the wrong object types',
      reader: 'embedded',
      expect: /^malformed: The PDF's embedded files cannot be read/,
      prepare: async () => {
        const pdf = await pdfEmbedding([flate(1)], 1, 'wrongType')
        return () => embeddedOutcome(pdf)
      },
    },
    {
      name: 'Factur-X cut in half',
      reader: 'embedded',
      expect: /^(no invoice XML|invoice XML found|malformed: .+)$/,
      prepare: async () => {
        const pdf = truncated(await makeFacturX())
        return () => embeddedOutcome(pdf)
      },
    },
    // Main's reader thread (einvoice-reader/structured.ts): the budgets above, and the time budget around them.
    {
      name: 'deflate bomb read for the review (100 MB × 6 names)',
      reader: 'main thread',
      expect: /^tooLarge:/,
      maxStallMs: 500,
      prepare: async () => {
        const pdf = await pdfEmbedding([flate(100)], 6)
        return async () => {
          const { refused } = await structuredInvoiceIn(pdf)
          return refused ? `${refused.code}: ${refused.message}` : 'not refused'
        }
      },
    },
    {
      name: 'PDF of 150,000 objects, read with a 2 s budget',
      reader: 'main thread',
      expect: /^timeout: Reading the file took longer than 2 s$/,
      maxStallMs: 500,
      prepare: async () => {
        const pdf = manyObjectsPdf(150_000)
        return async () => {
          const { refused } = await structuredInvoiceIn(pdf, { timeoutMs: 2000 })
          return refused ? `${refused.code}: ${refused.message}` : 'not refused'
        }
      },
    },
    // Invoice XML (common/einvoice).
    {
      name: 'billion laughs',
      reader: 'xml',
      expect: /^refused: The XML declares entities/,
      prepare: async () => {
        const xml = billionLaughs()
        return async () => xmlOutcome(xml)
      },
    },
    {
      name: '10,000 levels of nesting',
      reader: 'xml',
      expect: /^refused: The XML nests elements more than 100 deep/,
      prepare: async () => {
        const xml = deeplyNested(10_000)
        return async () => xmlOutcome(xml)
      },
    },
    {
      name: '1,000,000 levels of nesting (7 MB)',
      reader: 'xml',
      expect: /^refused: The XML nests elements more than 100 deep/,
      prepare: async () => {
        const xml = deeplyNested(1_000_000)
        return async () => xmlOutcome(xml)
      },
    },
    {
      name: 'elements named __proto__, constructor, prototype',
      reader: 'xml',
      expect: /^read 2026-1042; total 2151\.67$/,
      prepare: async () => {
        const xml = withReservedNames(await makeUbl())
        return async () => {
          const outcome = xmlOutcome(xml)
          return ({} as { polluted?: unknown }).polluted === undefined ? outcome : 'PROTOTYPE POLLUTED'
        }
      },
    },
    {
      name: '400-digit PayableAmount',
      reader: 'xml',
      expect: /^read 2026-1042; total not proposed \(BT-115 outOfRange\)$/,
      prepare: async () => {
        const xml = withHugePayable(await makeUbl())
        return async () => xmlOutcome(xml)
      },
    },
    {
      name: '11 MB XML invoice',
      reader: 'xml',
      expect: /^refused: The XML is larger than 10 MB/,
      prepare: async () => {
        const xml = utf8(padded(await makeUbl(), 11 * MiB, 'comment'))
        return async () => xmlOutcome(xml)
      },
    },
    // The slowest XML within the cap: fast-xml-parser reads about 2 MB a second of text or dense elements
    // (it builds a long text a character at a time). Bounded by the cap, not by a budget: read in main's
    // reader thread (15 s budget) and the platform's reader thread, never on an interactive thread.
    {
      name: '9.5 MB XML invoice, one long note (within the cap)',
      reader: 'xml',
      expect: /^read 2026-1042; total 2151\.67$/,
      maxMs: 15_000,
      maxMb: 400,
      prepare: async () => {
        const xml = utf8(padded(await makeUbl(), 9.5 * MiB, 'note'))
        return async () => xmlOutcome(xml)
      },
    },
    {
      name: '9.5 MB XML invoice, 370,000 small elements (within the cap)',
      reader: 'xml',
      expect: /^read 2026-1042; total 2151\.67$/,
      maxMs: 15_000,
      maxMb: 400,
      prepare: async () => {
        const ubl = await makeUbl()
        const xml = utf8(
          ubl.replace(/(<cbc:IssueDate>)/, `${'<cbc:Note>abcdef</cbc:Note>'.repeat(370_000)}$1`),
        )
        return async () => xmlOutcome(xml)
      },
    },
    // The platform's upload check (platform/files/sniff.ts): every refusal a 400 with words.
    {
      name: 'XML whose root is __proto__',
      reader: 'platform upload',
      expect: /^400: faktura\.xml: The XML is a __proto__, not an invoice/,
      prepare: async () => {
        const bytes = utf8('<?xml version="1.0"?><__proto__><ID>1</ID></__proto__>')
        return () => uploadOutcome(bytes, 'faktura.xml')
      },
    },
    {
      name: 'billion laughs',
      reader: 'platform upload',
      expect: /^400: faktura\.xml: The XML declares entities/,
      prepare: async () => {
        const bytes = utf8(billionLaughs())
        return () => uploadOutcome(bytes, 'faktura.xml')
      },
    },
    {
      name: 'polyglot: a PDF header on XML',
      reader: 'platform upload',
      expect: /^400: faktura\.pdf: the PDF is truncated or damaged/,
      prepare: async () => {
        const bytes = pdfHeaderOnXml(await makeUbl())
        return () => uploadOutcome(bytes, 'faktura.pdf')
      },
    },
    {
      name: 'polyglot: XML with a PDF header in a comment',
      reader: 'platform upload',
      expect: /^accepted as xml, 1 page\(s\)$/,
      prepare: async () => {
        const bytes = xmlWithPdfHeader(await makeUbl())
        return () => uploadOutcome(bytes, 'faktura.xml')
      },
    },
    {
      name: 'Factur-X cut in half',
      reader: 'platform upload',
      expect: /^400: faktura\.pdf: the PDF is truncated or damaged/,
      prepare: async () => {
        const bytes = truncated(await makeFacturX())
        return () => uploadOutcome(bytes, 'faktura.pdf')
      },
    },
    {
      name: '9.5 MB XML invoice, one long note (within the cap)',
      reader: 'platform upload',
      expect: /^accepted as xml, 1 page\(s\)$/,
      maxMs: 15_000,
      maxMb: 400,
      maxStallMs: 500,
      prepare: async () => {
        const bytes = utf8(padded(await makeUbl(), 9.5 * MiB, 'note'))
        return () => uploadOutcome(bytes, 'faktura.xml')
      },
    },
    {
      name: 'deflate bomb PDF (1 GB embedded)',
      reader: 'platform upload',
      expect: /^accepted as pdf, 1 page\(s\)$/,
      prepare: async () => {
        const bytes = await pdfEmbedding([flate(1024)], 1)
        return () => uploadOutcome(bytes, 'faktura.pdf')
      },
    },
    // The scan station (scan/sniff.ts, scan/pair.ts).
    {
      name: '11 MB XML invoice',
      reader: 'scan sniff',
      expect: /^xmlTooLarge$/,
      prepare: async () => {
        const bytes = utf8(padded(await makeUbl(), 11 * MiB, 'comment'))
        return async () => sniffOutcome(bytes)
      },
    },
    {
      name: 'polyglot: XML with a PDF header in a comment',
      reader: 'scan sniff',
      expect: /^truncatedPdf$/,
      prepare: async () => {
        const bytes = xmlWithPdfHeader(await makeUbl())
        return async () => sniffOutcome(bytes)
      },
    },
    {
      name: 'XML beside a PDF: a symlink to a file elsewhere',
      reader: 'scan pair',
      expect: /^linkedFile$/,
      prepare: async () => {
        const ubl = await makeUbl()
        return pairOutcome(async (folder) => {
          const elsewhere = mkdtempSync(join(tmpdir(), 'hostile-elsewhere-'))
          writeFileSync(join(elsewhere, 'secret.xml'), ubl)
          symlinkSync(join(elsewhere, 'secret.xml'), join(folder, 'faktura.xml'))
          return join(folder, 'faktura.xml')
        })
      },
    },
    {
      name: 'XML beside a PDF: 11 MB',
      reader: 'scan pair',
      expect: /^xmlTooLarge$/,
      prepare: async () => {
        const xml = padded(await makeUbl(), 11 * MiB, 'comment')
        return pairOutcome(async (folder) => {
          writeFileSync(join(folder, 'faktura.xml'), xml)
          return join(folder, 'faktura.xml')
        })
      },
    },
  ]
}

export interface Measured {
  outcome: string
  ms: number
  /** The longest this thread's event loop stood still meanwhile (the whole time, for a reading in it). */
  stallMs: number
  /** How far the JS heap and array buffers (the unpacked bytes) rose above where they were, at most. */
  peakHeapMb: number
  /** How far the process's resident memory rose above where it was, at most (worker threads included). */
  peakRssMb: number
  /**
   * How far the process's high-water mark of resident memory rose (getrusage maxrss): the peak of a reading
   * that holds this thread, which no sample sees while it runs; 0 when it stayed below an earlier peak.
   */
  maxRssRiseMb: number
}

/** Runs one prepared reading, sampling memory every 5 ms (and once after) while it runs. */
export async function measure(read: () => Promise<string>): Promise<Measured> {
  const before = process.memoryUsage()
  const maxRssBefore = process.resourceUsage().maxRSS
  let heap = 0
  let rss = 0
  const sample = () => {
    const m = process.memoryUsage()
    heap = Math.max(heap, m.heapUsed + m.arrayBuffers - before.heapUsed - before.arrayBuffers)
    rss = Math.max(rss, m.rss - before.rss)
  }
  const started = performance.now()
  let last = started
  let stall = 0
  const timer = setInterval(() => {
    const now = performance.now()
    stall = Math.max(stall, now - last)
    last = now
    sample()
  }, 5)
  try {
    const outcome = await read()
    const ended = performance.now()
    sample()
    return {
      outcome,
      ms: ended - started,
      stallMs: Math.max(stall, ended - last),
      peakHeapMb: heap / MiB,
      peakRssMb: rss / MiB,
      maxRssRiseMb: (process.resourceUsage().maxRSS - maxRssBefore) / 1024,
    }
  } finally {
    clearInterval(timer)
  }
}

/** Starts what the readers load once (pdf.js's reader thread, main's reader thread), so no case pays it. */
export async function warmUp(): Promise<void> {
  const facturX = await makeFacturX()
  await inspectDocument(facturX, 'warm-up.pdf')
  await structuredInvoiceIn(facturX)
  parseEInvoice(await makeUbl())
}

/** The figures as a table, one line a case. */
export function figuresTable(rows: { case: HostileCase; measured: Measured }[]): string {
  const cells = rows.map(({ case: c, measured: m }) => [
    c.reader,
    c.name,
    m.outcome.length > 70 ? `${m.outcome.slice(0, 67)}...` : m.outcome,
    m.ms.toFixed(0),
    m.stallMs.toFixed(0),
    m.peakHeapMb.toFixed(1),
    m.peakRssMb.toFixed(1),
    m.maxRssRiseMb.toFixed(1),
  ])
  const head = ['reader', 'case', 'outcome', 'ms', 'stall ms', 'heap+buffers MB', 'rss MB', 'max rss +MB']
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]!.length)))
  const line = (r: string[]) =>
    r.map((v, i) => (i >= 3 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join(' | ')
  return [line(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...cells.map(line)].join('\n')
}
