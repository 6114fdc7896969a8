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

export type FolderMatch = { ok: true; company: CompanyRef } | { ok: false; reason: 'none' | 'ambiguous' }

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
 * The company a folder (or a root's subfolder) names: by Key, whole organisation number or name. A name
 * that fits two companies is refused, never guessed.
 */
export function matchFolder(label: string, companies: readonly CompanyRef[]): FolderMatch {
  const text = label.trim().toLowerCase()
  const byKey = companies.find((c) => c.Key.toLowerCase() === text)
  if (byKey) return { ok: true, company: byKey }
  const fits = new Set<CompanyRef>()
  const numbers = orgNumbersIn(label)
  for (const c of companies)
    if (c.OrganizationNumber && numbers.includes(digitsOnly(c.OrganizationNumber))) fits.add(c)
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
  const bare = (s: string) => s.replace(/ (as|asa)$/, '')
  // The name is what is left once the organisation numbers are taken out (`924 956 488 Nordlys`).
  const name = norm(label.replace(/\d+(?: \d+)*/g, (run) => (orgNumbersIn(run).length ? ' ' : run)))
  if (name.length >= 4) {
    const byName =
      companies.find((c) => norm(c.Name) === name) ?? companies.find((c) => bare(norm(c.Name)) === bare(name))
    if (byName) fits.add(byName)
  }
  if (fits.size === 1) return { ok: true, company: [...fits][0]! }
  return { ok: false, reason: fits.size ? 'ambiguous' : 'none' }
}

/** The company a folder names, or null when none or more than one fits (see matchFolder). */
export function matchCompany(label: string, companies: readonly CompanyRef[]): CompanyRef | null {
  const m = matchFolder(label, companies)
  return m.ok ? m.company : null
}
