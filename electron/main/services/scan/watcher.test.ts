// The folder watcher with temporary folders, natively and by polling: a file is handed on once, only when
// its size and time have held still and it can be opened; temporary and hidden files and the app's own
// folders are left alone; a folder that vanishes is unavailable and is watched again when it returns.
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createFolderWatcher, isIgnoredName, type WatchState } from './watcher.ts'
import { memoryLogger } from '../../logger.ts'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const STABLE = 300

async function until(what: () => boolean, ms = 8000) {
  const end = Date.now() + ms
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out waiting')
    await sleep(20)
  }
}

const stops: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop()
})

describe.each(['native', 'polling'] as const)('folder watcher (%s)', (mode) => {
  async function watched(
    opts: { folder?: string; probe?: (p: string) => Promise<void>; stableMs?: number } = {},
  ) {
    const folder = opts.folder ?? mkdtempSync(join(tmpdir(), `scan-watch-${mode}-`))
    const taken: { path: string; bytes: string }[] = []
    const states: WatchState[] = []
    const w = createFolderWatcher({
      folder,
      polling: mode,
      stableMs: opts.stableMs ?? STABLE,
      pollMs: 100,
      healthMs: 150,
      log: memoryLogger(),
      onStable: (path) => taken.push({ path, bytes: readFileSync(path, 'latin1') }),
      onState: (s) => states.push(s),
      ...(opts.probe ? { probe: opts.probe } : {}),
    })
    await w.start()
    stops.push(() => w.stop())
    await until(() => w.state === (mode === 'polling' ? 'polling' : 'watching'))
    return { folder, taken, states, w }
  }

  it('takes files present at start-up and new ones, each once', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'scan-watch-'))
    writeFileSync(join(folder, 'before.pdf'), '%PDF-1.4 before')
    const { taken } = await watched({ folder })
    writeFileSync(join(folder, 'after.pdf'), '%PDF-1.4 after')
    await until(() => taken.length === 2)
    await sleep(STABLE * 2)
    expect(taken.map((t) => t.path.split('/').pop()).sort()).toEqual(['after.pdf', 'before.pdf'])
  })

  // A busy machine can stretch a short pause past the stable time: these two use a long one.
  const LONG = 1500

  it('waits for a slow, chunked write to finish', async () => {
    const { folder, taken } = await watched({ stableMs: LONG })
    const path = join(folder, 'slow.pdf')
    writeFileSync(path, '%PDF-1.4 ')
    for (let i = 0; i < 4; i++) {
      await sleep(LONG / 5)
      appendFileSync(path, `chunk ${i} `)
      expect(taken).toEqual([])
    }
    await until(() => taken.length === 1)
    expect(taken[0]!.bytes).toBe('%PDF-1.4 chunk 0 chunk 1 chunk 2 chunk 3 ')
    await sleep(LONG)
    expect(taken).toHaveLength(1)
  })

  it('takes a file renamed into the folder, and never the temporary name it was written under', async () => {
    const { folder, taken } = await watched()
    const outside = mkdtempSync(join(tmpdir(), 'scan-outside-'))
    writeFileSync(join(outside, 'moved.pdf'), '%PDF-1.4 moved')
    writeFileSync(join(folder, 'download.pdf.part'), '%PDF-1.4 partial')
    renameSync(join(outside, 'moved.pdf'), join(folder, 'moved.pdf'))
    await sleep(STABLE)
    renameSync(join(folder, 'download.pdf.part'), join(folder, 'download.pdf'))
    await until(() => taken.length === 2)
    expect(taken.map((t) => t.path.split('/').pop()).sort()).toEqual(['download.pdf', 'moved.pdf'])
  })

  it('restarts the wait when a duplex scanner rewrites the file', async () => {
    const { folder, taken } = await watched({ stableMs: LONG })
    const path = join(folder, 'duplex.pdf')
    writeFileSync(path, '%PDF-1.4 front side only')
    await sleep(LONG * 0.4)
    writeFileSync(path, '%PDF-1.4 front side and back side')
    await sleep(LONG * 0.4)
    expect(taken).toEqual([])
    await until(() => taken.length === 1)
    expect(taken[0]!.bytes).toBe('%PDF-1.4 front side and back side')
  })

  it('takes a locked file later instead of failing it', async () => {
    let locked = true
    const probe = async (path: string) => {
      if (locked && path.endsWith('locked.pdf'))
        throw Object.assign(new Error('resource busy or locked'), { code: 'EBUSY' })
    }
    const { folder, taken } = await watched({ probe })
    writeFileSync(join(folder, 'locked.pdf'), '%PDF-1.4 locked')
    await sleep(STABLE * 3)
    expect(taken).toEqual([])
    locked = false
    await until(() => taken.length === 1)
  })

  it('leaves hidden and temporary files and its own folders alone', async () => {
    const { folder, taken } = await watched()
    mkdirSync(join(folder, 'processed'), { recursive: true })
    mkdirSync(join(folder, 'failed'), { recursive: true })
    for (const name of ['.hidden.pdf', '~$lock.pdf', 'a.tmp', 'b.crdownload', 'c.part'])
      writeFileSync(join(folder, name), '%PDF-1.4')
    writeFileSync(join(folder, 'processed', 'done.pdf'), '%PDF-1.4')
    writeFileSync(join(folder, 'failed', 'bad.pdf'), 'x')
    writeFileSync(join(folder, 'real.pdf'), '%PDF-1.4 real')
    await until(() => taken.length === 1)
    await sleep(STABLE * 2)
    expect(taken.map((t) => t.path.split('/').pop())).toEqual(['real.pdf'])
  })

  it('never follows a symlink: a link to a file, to a folder or to itself is not taken', async () => {
    const { folder, taken } = await watched()
    const outside = mkdtempSync(join(tmpdir(), 'scan-link-target-'))
    writeFileSync(join(outside, 'elsewhere.pdf'), '%PDF-1.4 elsewhere')
    symlinkSync(join(outside, 'elsewhere.pdf'), join(folder, 'link.pdf'))
    symlinkSync(outside, join(folder, 'link-folder'))
    symlinkSync(join(folder, 'loop.pdf'), join(folder, 'loop.pdf'))
    writeFileSync(join(folder, 'real.pdf'), '%PDF-1.4 real')
    await until(() => taken.length >= 1)
    await sleep(STABLE * 3)
    expect(taken.map((t) => t.path.split('/').pop())).toEqual(['real.pdf'])
  })

  it('shows a vanished folder as unavailable and picks it up again when it returns', async () => {
    const { folder, taken, states, w } = await watched()
    rmSync(folder, { recursive: true, force: true })
    await until(() => w.state === 'unavailable')
    mkdirSync(folder)
    writeFileSync(join(folder, 'back.pdf'), '%PDF-1.4 back')
    await until(() => taken.length === 1)
    expect(w.state).toBe(mode === 'polling' ? 'polling' : 'watching')
    expect(states).toContain('unavailable')
  })
})

describe('ignored names', () => {
  it('knows the temporary files of office programs, browsers and scanners', () => {
    for (const name of ['~$Faktura.docx', '.DS_Store', 'x.part', 'x.TMP', 'x.crdownload', 'a.pdf.reason.txt'])
      expect(isIgnoredName(name), name).toBe(true)
    for (const name of ['Faktura 2026-01.pdf', 'scan0001.tif', 'kvittering.jpeg'])
      expect(isIgnoredName(name), name).toBe(false)
  })
})
