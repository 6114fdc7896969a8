// Scan state from before it was kept per user: `DATA/scan/<env>/ledger/*.jsonl` and
// `DATA/scan/<env>/dropped/<company key>/`. The first user who signs in to the environment afterwards
// takes it over into their own folder, once: a marker written before anything moves names that user (a
// crash mid-way is finished by them, never split with another), each ledger is merged line by line into
// theirs (written whole, fsynced and renamed, then the old one unlinked) and each dropped folder is
// renamed. Paths in the ledgers that pointed into the old dropped folders are rewritten to the new ones,
// so a file left at its move step is found where it now is.
import { mkdir, open, readdir, readFile, rename, rm, rmdir, unlink } from 'node:fs/promises'
import { join, sep } from 'node:path'
import type { Logger } from '../../logger.ts'
import { exists, freePath, writeDurably } from './files.ts'

export const ADOPTION_MARKER = 'adopted-by.json'

interface Marker {
  subject: string
  at: string
  /** Old dropped folder (its name under dropped/) → the folder it moves to. */
  dropped: Record<string, string>
}

export interface AdoptionResult {
  /** Who holds the old state: this user (adopted now or before), another user, or nobody (none was left). */
  heldBy: string | null
  ledgers: number
  dropped: number
}

const list = (dir: string) =>
  readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })

async function syncFolder(path: string) {
  const dir = await open(path, 'r')
  await dir.sync().catch(() => undefined)
  await dir.close()
}

/**
 * Takes the environment's old, shared scan state over into `userDir` (DATA/scan/<env>/users/<user>) when
 * this user is the first to sign in since the upgrade, or finishes an adoption this user began.
 */
export async function adoptLegacyState(opts: {
  envDir: string
  userDir: string
  subject: string
  log: Logger
}): Promise<AdoptionResult> {
  const { envDir, userDir, subject, log } = opts
  const legacyLedgers = join(envDir, 'ledger')
  const legacyDropped = join(envDir, 'dropped')
  const markerPath = join(envDir, ADOPTION_MARKER)
  const ledgerFiles = (await list(legacyLedgers)).filter((d) => d.isFile() && d.name.endsWith('.jsonl'))
  const droppedDirs = await list(legacyDropped)
  let marker: Marker | null = null
  try {
    marker = JSON.parse(await readFile(markerPath, 'utf8')) as Marker
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  if (!ledgerFiles.length && !droppedDirs.length) {
    await removeIfEmpty(legacyLedgers)
    await removeIfEmpty(legacyDropped)
    return { heldBy: marker?.subject ?? null, ledgers: 0, dropped: 0 }
  }
  if (marker && marker.subject !== subject) return { heldBy: marker.subject, ledgers: 0, dropped: 0 }

  if (!marker) {
    // The plan is fixed before anything moves, so a crash mid-way resumes with the same target folders.
    const dropped: Record<string, string> = {}
    for (const d of droppedDirs) {
      const target = join(userDir, 'dropped', d.name)
      dropped[d.name] = (await exists(target)) ? await freePath(target, 'from-before-per-user') : target
    }
    marker = { subject, at: new Date().toISOString(), dropped }
    await writeDurably(markerPath, JSON.stringify(marker, null, 2) + '\n')
    await syncFolder(envDir)
  }
  const plan = marker.dropped

  const rewrite = (path: unknown) => {
    if (typeof path !== 'string') return path
    for (const [name, target] of Object.entries(plan)) {
      const from = join(legacyDropped, name)
      if (path === from) return target
      if (path.startsWith(from + sep)) return target + path.slice(from.length)
    }
    return path
  }

  const userLedgers = join(userDir, 'ledger')
  await mkdir(userLedgers, { recursive: true })
  for (const f of ledgerFiles) {
    const from = join(legacyLedgers, f.name)
    const to = join(userLedgers, f.name)
    const old = (await readFile(from, 'utf8')).split('\n').flatMap((raw) => {
      if (!raw.trim()) return []
      try {
        const line = JSON.parse(raw) as { e?: Record<string, unknown>; d?: Record<string, unknown> }
        const rec = line.e ?? line.d
        if (rec)
          for (const k of ['originalPath', 'folder', 'destination']) if (k in rec) rec[k] = rewrite(rec[k])
        return [JSON.stringify(line)]
      } catch {
        // A torn last line from a kill mid-append: the change it held never counted as done.
        return []
      }
    })
    const current = (await readFile(to, 'utf8').catch(() => '')).split('\n').filter((l) => l.trim())
    // The old lines come first (they are older); a line already merged by an interrupted adoption is
    // kept once, so running this again after a crash neither loses nor repeats a line.
    const seen = new Set(old)
    const merged = [...old, ...current.filter((l) => !seen.has(l))]
    const tmp = `${to}.adopting`
    await writeDurably(tmp, merged.length ? merged.join('\n') + '\n' : '')
    await rename(tmp, to)
    await syncFolder(userLedgers)
    await unlink(from)
    await syncFolder(legacyLedgers)
  }

  let movedDropped = 0
  for (const d of droppedDirs) {
    const target = plan[d.name] ?? join(userDir, 'dropped', d.name)
    await moveInto(join(legacyDropped, d.name), target, log)
    movedDropped++
  }

  // Leftovers of an old compaction (`*.tmp`): the ledger they were made from is already merged.
  for (const d of await list(legacyLedgers))
    if (d.name.endsWith('.tmp')) await rm(join(legacyLedgers, d.name))
  await removeIfEmpty(legacyLedgers)
  await removeIfEmpty(legacyDropped)
  log.info('scan: took over the scan ledgers and dropped files kept before scan state was per user', {
    environment: envDir,
    subject,
    ledgers: ledgerFiles.length,
    dropped: movedDropped,
  })
  return { heldBy: subject, ledgers: ledgerFiles.length, dropped: movedDropped }
}

/** Renames `from` to `to`; when `to` is there already (a crash mid-way), moves what is left one by one. */
async function moveInto(from: string, to: string, log: Logger): Promise<void> {
  await mkdir(join(to, '..'), { recursive: true })
  if (!(await exists(to))) {
    await rename(from, to)
    return
  }
  for (const d of await list(from)) {
    const src = join(from, d.name)
    if (d.isDirectory()) {
      await moveInto(src, join(to, d.name), log)
      continue
    }
    let dest = join(to, d.name)
    if (await exists(dest)) {
      dest = await freePath(to, d.name)
      log.warn('scan: a dropped file from before per-user scan state kept beside one of the same name', {
        file: src,
        movedTo: dest,
      })
    }
    await rename(src, dest)
  }
  await rmdir(from)
}

async function removeIfEmpty(dir: string) {
  await rmdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT' && error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error
  })
}
