// File moves of the scan station: the original goes to processed/YYYY-MM/, processed/duplicates/ or
// failed/ beside a reason file, never overwriting a file of the same name.
import { access, copyFile, mkdir, rename, stat, unlink, writeFile, open } from 'node:fs/promises'
import { basename, dirname, extname, join } from 'node:path'

export const PROCESSED = 'processed'
export const FAILED = 'failed'
export const DUPLICATES = 'duplicates'

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  )

export function monthFolder(folder: string, when = new Date()): string {
  const month = `${when.getFullYear()}-${String(when.getMonth() + 1).padStart(2, '0')}`
  return join(folder, PROCESSED, month)
}

/** A free path for `name` in `dir`: `name`, then `name (2)`, `name (3)` ... */
export async function freePath(dir: string, name: string): Promise<string> {
  const ext = extname(name)
  const stem = basename(name, ext)
  for (let n = 1; ; n++) {
    const candidate = join(dir, n === 1 ? name : `${stem} (${n})${ext}`)
    if (!(await exists(candidate))) return candidate
  }
}

/**
 * Moves `from` to `to` (creating the folder). A move that already happened (the source is gone and the
 * destination is there, as after a kill between the rename and its record) counts as done. Across file
 * systems (EXDEV: processed/ on another mount) the file is copied, fsynced and renamed into place before
 * the original is unlinked, so a kill at any instant leaves at least one whole copy.
 */
export async function moveTo(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true })
  try {
    await rename(from, to)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' && (await exists(to))) return
    if (code !== 'EXDEV') throw error
    await copyAcross(from, to)
  }
}

async function copyAcross(from: string, to: string) {
  // A name the watcher and a later freePath never take for a document.
  const part = `${to}.part`
  await copyFile(from, part)
  const fh = await open(part, 'r')
  try {
    await fh.sync()
  } finally {
    await fh.close()
  }
  await rename(part, to)
  await syncFolder(dirname(to))
  await unlink(from)
}

async function syncFolder(path: string) {
  const dir = await open(path, 'r')
  await dir.sync().catch(() => undefined)
  await dir.close()
}

export async function writeDurably(path: string, text: string | Uint8Array): Promise<void> {
  await writeFile(path, text)
  const fh = await open(path, 'r')
  await fh.sync().catch(() => undefined)
  await fh.close()
}

export async function sizeOf(path: string): Promise<number | null> {
  try {
    return (await stat(path)).size
  } catch {
    return null
  }
}

export { exists }
