// A new embedded database starts from a template instead of PostgreSQL's initdb: the data directory of an
// empty database with this code's schema (no rows but the migration log), dumped once with PGlite's
// `dumpDataDir` after the first new database of a schema was migrated, and loaded with `loadDataDir` for
// every new database after it. initdb and the schema take about 3.5 s of CPU; loading the template about 1 s.
// A template is named for PGlite's version and the schema's fingerprint, so changed code or a PGlite upgrade
// makes a new one, and it holds no data of any office (the seeds run after it, in every new database).
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Where templates are kept unless LEDGERDESK_PLATFORM_TEMPLATES says otherwise: the user's cache folder. */
export function defaultTemplateDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.LEDGERDESK_PLATFORM_TEMPLATES) return env.LEDGERDESK_PLATFORM_TEMPLATES
  const cache = env.XDG_CACHE_HOME || join(homedir(), '.cache')
  return join(cache, 'ledgerdesk', 'platform-templates')
}

function pgliteVersion(): string | undefined {
  try {
    // The package's exports do not include its package.json; it sits one folder above the entry.
    const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'))
    const pkg = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as {
      version?: unknown
    }
    return typeof pkg.version === 'string' ? pkg.version : undefined
  } catch {
    return undefined
  }
}

export interface DatabaseTemplate {
  /** The template file of this PGlite and schema (present or not). */
  readonly path: string
  /**
   * Writes the template's files into a missing or empty database folder; answers false when there is no
   * template (or it is damaged, then it is removed). Node writes them directly: PGlite's own `loadDataDir`
   * writes through its WebAssembly file system and took about as much CPU as initdb.
   */
  extractInto(dbDir: string): boolean
  /** Keeps a dump of a just-migrated empty database as the template (written whole, then renamed). */
  save(dump: Blob): Promise<void>
}

/** The template of this PGlite and schema; undefined where PGlite's version cannot be told (then no template). */
export function databaseTemplate(dir: string, schemaFingerprint: string): DatabaseTemplate | undefined {
  const version = pgliteVersion()
  if (!version) return undefined
  const name = `pglite-${version}-${schemaFingerprint.replace(/[^\w.-]/g, '_')}.tar`
  const path = join(dir, name)
  return {
    path,
    extractInto(dbDir) {
      // Only into a folder that is missing or empty; a folder with other files is left to initdb to judge.
      if (existsSync(dbDir) && readdirSync(dbDir).length > 0) return false
      let tar: Buffer
      try {
        tar = readFileSync(path)
      } catch {
        return false
      }
      // Extracted beside the folder and renamed into place, so a start killed halfway leaves no half database.
      const partial = `${dbDir}.${process.pid}.partial`
      try {
        extractTar(tar, partial)
        rmSync(dbDir, { recursive: true, force: true })
        renameSync(partial, dbDir)
        return true
      } catch (err) {
        rmSync(partial, { recursive: true, force: true })
        // A damaged template is dropped; the next new database makes a new one.
        rmSync(path, { force: true })
        console.error(
          `platform: the database template ${path} could not be used (${String(err)}); running initdb`,
        )
        return false
      }
    },
    async save(dump) {
      mkdirSync(dir, { recursive: true })
      const temporary = `${path}.${process.pid}.tmp`
      writeFileSync(temporary, new Uint8Array(await dump.arrayBuffer()))
      renameSync(temporary, path)
      // Templates of other schemas or PGlite versions go when nothing made a database from them for a week
      // (another checkout on this machine may still use one).
      const weekAgo = Date.now() - 7 * 24 * 3600_000
      for (const other of readdirSync(dir)) {
        const otherPath = join(dir, other)
        if (other === name || !/^pglite-.*\.tar$/.test(other)) continue
        if ((statSync(otherPath, { throwIfNoEntry: false })?.atimeMs ?? Infinity) < weekAgo)
          rmSync(otherPath, { force: true })
      }
    },
  }
}

/** Whether an embedded database's folder holds no database yet (PostgreSQL writes PG_VERSION first). */
export function isNewDatabaseDir(dbDir: string): boolean {
  return !existsSync(join(dbDir, 'PG_VERSION'))
}

/**
 * Extracts an uncompressed tar of directories and regular files (what PGlite's dumpDataDir writes) into a
 * folder. Any other entry, or a name that leaves the folder, means the file is not such a template: it throws.
 */
export function extractTar(tar: Buffer, into: string): void {
  const text = (at: number, length: number) => {
    const raw = tar.subarray(at, at + length)
    const end = raw.indexOf(0)
    return raw.subarray(0, end === -1 ? length : end).toString('utf8')
  }
  mkdirSync(into, { recursive: true })
  let at = 0
  while (at + 512 <= tar.length && tar[at] !== 0) {
    const prefix = text(at + 345, 155)
    const name = (prefix ? `${prefix}/` : '') + text(at, 100)
    const size = parseInt(text(at + 124, 12).trim() || '0', 8)
    const type = String.fromCharCode(tar[at + 156] || 48)
    const relative = name.replace(/^\/+/, '').replace(/\/+$/, '')
    if (!Number.isFinite(size) || relative.split('/').some((part) => part === '..'))
      throw new Error(`the database template has an unexpected entry '${name}'`)
    const target = join(into, relative)
    if (type === '5') mkdirSync(target, { recursive: true })
    else if (type === '0') {
      mkdirSync(dirname(target), { recursive: true })
      writeFileSync(target, tar.subarray(at + 512, at + 512 + size), { mode: 0o600 })
    } else throw new Error(`the database template has an entry of type '${type}' ('${name}')`)
    at += 512 + Math.ceil(size / 512) * 512
  }
}
