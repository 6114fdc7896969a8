// HTML and CSS printed to PDF by Chromium, as web applications make their invoices: Debian's Chromium
// (`/usr/bin/chromium`, or CHROMIUM_PATH) driven headless by the npm package playwright-core, `page.pdf()` on
// an A4 sheet with the page's backgrounds. The fonts come from the installed packages (DejaVu, Liberation
// Sans, Roboto), served with the HTML from an origin that exists only inside the browser, so nothing is
// fetched and the output does not depend on the machine's own fonts.
//
// One browser per process, launched on first use and shared by every document; it closes after a while
// without work, so a process that generated documents can end, and `closeChromium()` closes it at once.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { chromium, type Browser } from 'playwright-core'

const require = createRequire(import.meta.url)

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
/** The origin the documents and fonts are served from; no request leaves the browser. */
const ORIGIN = 'http://invoice.corpus.invalid'
/** How long the browser stays open without a document to print. */
const IDLE_MS = 20_000

let launched: Promise<Browser> | null = null
let busy = 0
let idle: ReturnType<typeof setTimeout> | null = null

function browser(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium is needed to print the HTML invoices, and ${CHROMIUM} does not exist: install Debian's chromium package (or set CHROMIUM_PATH)`,
    )
  return (launched ??= chromium
    .launch({ executablePath: CHROMIUM, headless: true, args: ARGS })
    .catch((e) => {
      launched = null
      throw e
    }))
}

/** Closes the shared browser (a later document launches it again). */
export async function closeChromium(): Promise<void> {
  if (idle) clearTimeout(idle)
  idle = null
  const open = launched
  launched = null
  if (open) await (await open).close()
}

function armIdleClose() {
  if (idle) clearTimeout(idle)
  idle = setTimeout(() => {
    idle = null
    if (busy === 0) void closeChromium()
  }, IDLE_MS)
  idle.unref()
}

/** A font served to the page: its family, weight, style and file. */
export interface WebFont {
  family: string
  weight: number
  style?: 'normal' | 'italic'
  file: string
}

const DEJAVU = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf')
const PDFJS_FONTS = path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')

/** The faces the HTML invoices may ask for, by CSS family name. */
export const WEB_FONTS: Record<string, WebFont[]> = {
  Roboto: [
    { family: 'Roboto', weight: 400, file: 'vfs:Roboto-Regular.ttf' },
    { family: 'Roboto', weight: 600, file: 'vfs:Roboto-Medium.ttf' },
  ],
  'Liberation Sans': [
    { family: 'Liberation Sans', weight: 400, file: path.join(PDFJS_FONTS, 'LiberationSans-Regular.ttf') },
    { family: 'Liberation Sans', weight: 700, file: path.join(PDFJS_FONTS, 'LiberationSans-Bold.ttf') },
  ],
  'DejaVu Sans': [
    { family: 'DejaVu Sans', weight: 400, file: path.join(DEJAVU, 'DejaVuSans.ttf') },
    { family: 'DejaVu Sans', weight: 700, file: path.join(DEJAVU, 'DejaVuSans-Bold.ttf') },
  ],
  'DejaVu Sans Condensed': [
    { family: 'DejaVu Sans Condensed', weight: 400, file: path.join(DEJAVU, 'DejaVuSansCondensed.ttf') },
    { family: 'DejaVu Sans Condensed', weight: 700, file: path.join(DEJAVU, 'DejaVuSansCondensed-Bold.ttf') },
  ],
  'DejaVu Serif': [
    { family: 'DejaVu Serif', weight: 400, file: path.join(DEJAVU, 'DejaVuSerif.ttf') },
    { family: 'DejaVu Serif', weight: 700, file: path.join(DEJAVU, 'DejaVuSerif-Bold.ttf') },
  ],
}

const fontBytes = new Map<string, Buffer>()
function fontFile(file: string): Buffer {
  let bytes = fontBytes.get(file)
  if (!bytes) {
    if (file.startsWith('vfs:')) {
      const vfs = require('pdfmake/build/vfs_fonts.js') as Record<string, string>
      bytes = Buffer.from(vfs[file.slice(4)]!, 'base64')
    } else bytes = readFileSync(file)
    fontBytes.set(file, bytes)
  }
  return bytes
}

const fontUrl = (font: WebFont) => `/fonts/${font.family.replace(/ /g, '-')}-${font.weight}.ttf`

/** The @font-face rules of the named families, for a page's style sheet. */
export function fontFaces(families: readonly string[]): string {
  return families
    .flatMap((name) => WEB_FONTS[name] ?? [])
    .map(
      (f) =>
        `@font-face { font-family: '${f.family}'; font-weight: ${f.weight}; font-style: ${f.style ?? 'normal'}; src: url('${fontUrl(f)}') format('truetype'); }`,
    )
    .join('\n')
}

const FONT_FILES = new Map(
  Object.values(WEB_FONTS)
    .flat()
    .map((f) => [fontUrl(f), f.file]),
)

/** Chromium's timestamps, set to the corpus's fixed date so that a seed always gives the same bytes. */
function fixedDates(pdf: Buffer): Uint8Array {
  const text = pdf.toString('latin1')
  const fixed = text.replace(
    /\/(CreationDate|ModDate) \(D:\d{14}([+-]\d\d'\d\d'|Z)?\)/g,
    (m, key: string) => {
      const stamp = "D:20260101000000+00'00'"
      const out = `/${key} (${stamp})`
      // The same length keeps the cross-reference table's offsets right.
      return out.length === m.length ? out : m
    },
  )
  return new Uint8Array(Buffer.from(fixed, 'latin1'))
}

/** Prints a page of HTML (its <title> the document's title) to A4 PDF pages, the margins its @page rule sets. */
export async function printHtml(html: string): Promise<Uint8Array> {
  busy++
  if (idle) clearTimeout(idle)
  try {
    const b = await browser()
    const page = await b.newPage()
    try {
      await page.route('**/*', async (route) => {
        const url = new URL(route.request().url())
        if (url.origin !== ORIGIN) return route.abort()
        if (url.pathname === '/invoice.html')
          return route.fulfill({ contentType: 'text/html; charset=utf-8', body: html })
        const file = FONT_FILES.get(url.pathname)
        if (file) return route.fulfill({ contentType: 'font/ttf', body: fontFile(file) })
        return route.abort()
      })
      await page.goto(`${ORIGIN}/invoice.html`, { waitUntil: 'load' })
      await page.evaluate('document.fonts.ready.then(() => undefined)')
      const pdf = await page.pdf({
        format: 'A4',
        printBackground: true,
        preferCSSPageSize: true,
        margin: { top: '0', right: '0', bottom: '0', left: '0' },
      })
      return fixedDates(pdf)
    } finally {
      await page.close()
    }
  } finally {
    busy--
    armIdleClose()
  }
}

/** Text for an HTML page: its markup characters escaped. */
export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
