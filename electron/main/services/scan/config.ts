// scan-folders.json in the data folder: the folder mappings per environment (a folder per company, or a
// root folder with one subfolder per company), the stable time and the concurrency. The app reads it at
// start and again whenever it changes, so IT can provision a scan station; Settings writes it too
// (write, fsync, rename). A file that cannot be read keeps the last good mappings and says why.
import { watch, type FSWatcher } from 'chokidar'
import { mkdir, open, readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { digitsOnly } from '../../../../common/norwegian.ts'

export const scanFoldersFileName = 'scan-folders.json'

export const FolderMapping = z.object({
  /** Stable id of the mapping (made from the path when omitted). */
  id: z.string().min(1).max(200).optional(),
  path: z.string().min(1).max(4000),
  /** The company of a folder: its Key, organisation number or name. Omitted for a root folder. */
  company: z.string().min(1).max(200).optional(),
  /** A root folder holds one subfolder per company, matched by name or organisation number. */
  root: z.boolean().optional(),
  /** auto: polling on network shares, native events elsewhere. */
  polling: z.enum(['auto', 'native', 'polling']).optional(),
  /** A scanned PDF is split into invoices at its blank pages and separator sheets (default off). */
  splitOnSeparators: z.boolean().optional(),
})
export type FolderMapping = z.infer<typeof FolderMapping>

export const ScanFoldersFile = z.object({
  /** Seconds a file's size and time must hold still before it is taken (default 2). */
  stableSeconds: z.number().min(0.1).max(600).optional(),
  /** Files in the pipeline at once (default 3). */
  concurrency: z.number().int().min(1).max(16).optional(),
  /** Mappings per environment id (`local-sandbox`, or the id of an added environment). */
  environments: z.record(z.string(), z.array(FolderMapping)).default({}),
})
export type ScanFoldersFile = z.infer<typeof ScanFoldersFile>

export const mappingId = (m: FolderMapping) => m.id ?? `${m.root ? 'root' : 'folder'}:${m.path}`

export type ConfigRead = { ok: true; config: ScanFoldersFile } | { ok: false; error: string }

export async function readScanFolders(dataDir: string): Promise<ConfigRead> {
  let text: string
  try {
    text = await readFile(join(dataDir, scanFoldersFileName), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, config: { environments: {} } }
    return { ok: false, error: (error as Error).message }
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return { ok: false, error: `${scanFoldersFileName} is not valid JSON: ${(error as Error).message}` }
  }
  const parsed = ScanFoldersFile.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return {
      ok: false,
      error: `${scanFoldersFileName}: ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    }
  }
  return { ok: true, config: parsed.data }
}

export async function writeScanFolders(dataDir: string, config: ScanFoldersFile): Promise<void> {
  await mkdir(dataDir, { recursive: true })
  const file = join(dataDir, scanFoldersFileName)
  const tmp = `${file}.${process.pid}.tmp`
  const fh = await open(tmp, 'w')
  await fh.writeFile(JSON.stringify(config, null, 2) + '\n')
  await fh.sync()
  await fh.close()
  await rename(tmp, file)
}

/** Calls `onChange` when scan-folders.json is created, changed or removed. */
export function watchScanFolders(dataDir: string, onChange: () => void): FSWatcher {
  const w = watch(join(dataDir, scanFoldersFileName), {
    ignoreInitial: true,
    awaitWriteFinish: { stabilityThreshold: 150 },
  })
  w.on('all', () => onChange())
  return w
}

export interface CompanyRef {
  Key: string
  Name: string
  OrganizationNumber: string | null
}

/**
 * What a folder name matched: one company, none, or more than one (`ambiguous`, with the companies it fits,
 * so the refusal can name them).
 */
export type FolderMatch =
  | { ok: true; company: CompanyRef }
  | { ok: false; reason: 'none' }
  | { ok: false; reason: 'ambiguous'; candidates: CompanyRef[] }

/**
 * The whole organisation numbers in a folder name: nine digits written together or spaced 3-3-3
 * (`924 956 488 Nordlys`), never nine digits inside a longer number (`1924956488`, `12 924 956 488`).
 */
export function orgNumbersIn(label: string): string[] {
  const found: string[] = []
  // A run of digits with single spaces between groups, then judged as a whole and by its groups.
  for (const run of label.match(/\d+(?: \d+)*/g) ?? []) {
    if (/^\d{9}$/.test(run) || /^\d{3} \d{3} \d{3}$/.test(run)) found.push(run.replace(/ /g, ''))
    else if (!/^\d{1,3}( \d{3})+$/.test(run))
      // Not one number spaced in threes (`12 924 956 488` is eleven digits): its groups stand alone.
      for (const part of run.split(' ')) if (/^\d{9}$/.test(part)) found.push(part)
  }
  return found
}

/**
 * Norwegian legal forms as the last word of a company's name. `AS` and `ASA` (and the rest) are different
 * companies' forms: a folder that writes one matches only a company of that form, a folder without one
 * matches the name whatever its form.
 */
const LEGAL_FORMS = new Set(['as', 'asa', 'ans', 'da', 'enk', 'nuf', 'sa', 'ks', 'iks'])

/** A name as compared: lower case, any run of spaces and punctuation one space (`Fjord-Bygg` = `fjord bygg`). */
const normalName = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

/** A normalised name split into the name and its legal form, when it ends in one. */
function legalForm(name: string): { bare: string; form: string | null } {
  const at = name.lastIndexOf(' ')
  const last = name.slice(at + 1)
  return at > 0 && LEGAL_FORMS.has(last)
    ? { bare: name.slice(0, at), form: last }
    : { bare: name, form: null }
}

/**
 * The companies a folder's name (its organisation numbers taken out) names: every company whose whole name
 * it is, and only when none is, every company whose name it is without the legal form, where the folder's
 * form (if it writes one) is the company's. All of them, never the first: two companies that differ only in
 * punctuation or in a form the folder leaves out are both named, and the caller refuses the folder.
 */
function companiesNamed(name: string, companies: readonly CompanyRef[]): CompanyRef[] {
  const whole = companies.filter((c) => normalName(c.Name) === name)
  if (whole.length) return whole
  const folder = legalForm(name)
  return companies.filter((c) => {
    const company = legalForm(normalName(c.Name))
    return company.bare === folder.bare && (!folder.form || !company.form || folder.form === company.form)
  })
}

/**
 * The company a folder (or a root's subfolder) names: by Key, whole organisation number or name. A name
 * that fits two companies is refused, never guessed, and the refusal names them. A name beside an
 * organisation number only confirms it: `924956488 Fjord Bygg` is the company with that number even when
 * another company's name is `Fjord-Bygg AS`.
 */
export function matchFolder(label: string, companies: readonly CompanyRef[]): FolderMatch {
  const text = label.trim().toLowerCase()
  const byKey = companies.find((c) => c.Key.toLowerCase() === text)
  if (byKey) return { ok: true, company: byKey }
  const numbers = orgNumbersIn(label)
  const byNumber = companies.filter(
    (c) => c.OrganizationNumber && numbers.includes(digitsOnly(c.OrganizationNumber)),
  )
  // The name is what is left once the organisation numbers are taken out (`924 956 488 Nordlys`).
  const name = normalName(label.replace(/\d+(?: \d+)*/g, (run) => (orgNumbersIn(run).length ? ' ' : run)))
  const byName = name.length >= 4 ? companiesNamed(name, companies) : []
  const fits = byName.some((c) => byNumber.includes(c)) ? byNumber : [...new Set([...byNumber, ...byName])]
  if (fits.length === 1) return { ok: true, company: fits[0]! }
  return fits.length ? { ok: false, reason: 'ambiguous', candidates: fits } : { ok: false, reason: 'none' }
}
