// A scan station upgraded from the layout before scan state was per user: its shared ledgers and dropped
// files are taken over by the first user who signs in, so a file left at its move step still becomes one
// invoice and content seen before is still a duplicate. The take-over survives a crash half-way.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EventName } from '../../../common/bridge/contract.ts'
import type { ScanRow } from '../../../common/bridge/scan.ts'
import { generateInvoice } from '../../../document-reader/corpus/generate.ts'
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { createCompaniesService } from '../../../electron/main/services/companies.ts'
import { memoryLogger } from '../../../electron/main/logger.ts'
import { adoptLegacyState } from '../../../electron/main/services/scan/adopt.ts'
import { monthFolder, moveTo } from '../../../electron/main/services/scan/files.ts'
import { readLedgerFile } from '../../../electron/main/services/scan/ledger.ts'
import { createPipeline } from '../../../electron/main/services/scan/pipeline.ts'
import { scanMark } from '../../../electron/main/services/scan/platform.ts'
import { createScanService } from '../../../electron/main/services/scan/service.ts'
import { api as call, startTestPlatform, type TestPlatform } from '../../support/platform.ts'
import { quietLog, scanPlatformFor } from './support.ts'

let p: TestPlatform
beforeAll(async () => {
  p = await startTestPlatform()
})
afterAll(async () => p?.close())

const nordlys = DEMO_COMPANIES.nordlys.key
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
async function until<T>(what: () => T | undefined | false | Promise<T | undefined | false>, ms = 20_000) {
  const end = Date.now() + ms
  for (;;) {
    const v = await what()
    if (v) return v
    if (Date.now() > end) throw new Error('timed out waiting')
    await sleep(50)
  }
}
const access = (email: string) => ({
  authUrl: p.urls.auth,
  filesUrl: p.urls.files,
  email,
  password: DEMO_PASSWORD,
})

describe('scan state from before it was per user', () => {
  it('is taken over by the first user who signs in: a file left at its move becomes one invoice, seen content a duplicate', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scan-legacy-'))
    const env = join(dataDir, 'scan', 'local-sandbox')
    const legacyDrop = join(env, 'dropped', nordlys)
    mkdirSync(legacyDrop, { recursive: true })
    const [done, stuck] = await Promise.all([generateInvoice(7301), generateInvoice(7302)])
    writeFileSync(join(legacyDrop, 'ferdig.pdf'), done.pdf)
    writeFileSync(join(legacyDrop, 'halvveis.pdf'), stuck.pdf)

    // The previous version's pipeline: one ledger per company under DATA/scan/<env>/ledger. The first
    // file finishes; the station is killed while the second one's original is being moved (its invoice
    // is made and linked).
    const anne = scanPlatformFor(access(DEMO_USERS.anne.email))
    let atMove: () => void = () => undefined
    const killedAtMove = new Promise<void>((resolve) => (atMove = resolve))
    const before = createPipeline({
      platform: anne.platform,
      ledgerDir: join(env, 'ledger'),
      log: quietLog,
      locale: () => 'en',
      events: {},
      files: {
        move: async (from, to) => {
          if (!from.endsWith('halvveis.pdf')) return moveTo(from, to)
          atMove()
          return new Promise<void>(() => undefined)
        },
      },
    })
    await before.take({ companyKey: nordlys, path: join(legacyDrop, 'ferdig.pdf'), folder: legacyDrop })
    await before.idle()
    await before.take({ companyKey: nordlys, path: join(legacyDrop, 'halvveis.pdf'), folder: legacyDrop })
    await killedAtMove
    const old = await before.entries(nordlys)
    expect(old.map((e) => `${e.name}:${e.state}:${e.step}`).sort()).toEqual([
      'ferdig.pdf:done:finished',
      'halvveis.pdf:creating:move',
    ])
    await before.close()

    const token = await p.token(DEMO_USERS.anne.email)
    const marked = async (hash: string) =>
      (
        await call(
          p.urls.base,
          'GET',
          `api/biz/supplierinvoices?filter=contains(Comment,'${scanMark(hash)}')&select=ID`,
          { token, companyKey: nordlys },
        )
      ).body as { ID: number }[]
    expect(await marked(sha(stuck.pdf))).toHaveLength(1)

    // The upgrade: Anne signs in first.
    const log = memoryLogger()
    const rows = new Map<string, ScanRow>()
    const companies = createCompaniesService({ api: async () => anne.api })
    const scan = createScanService({
      dataDir,
      log,
      emit: (name: EventName, payload: unknown) => {
        if (name === 'scan.rowChanged') rows.set((payload as ScanRow).id, payload as ScanRow)
      },
      notifier: { notify: () => undefined },
      dialogs: { openFiles: async () => [], chooseFolder: async () => null },
      api: async () => anne.api,
      companies: () => companies.list(),
      locale: async () => 'en',
      pollMs: 100,
    })
    await scan.start()
    await scan.sessionChanged({
      status: 'signedIn',
      environmentId: 'local-sandbox',
      user: { GlobalIdentity: DEMO_USERS.anne.globalIdentity },
    })
    const mine = join(env, 'users', DEMO_USERS.anne.globalIdentity)

    // The unfinished file resumes at its move, where its folder now is, and stays one invoice.
    const names = async () => (await scan.rows(nordlys)).map((r) => `${r.name}:${r.state}`).sort()
    await until(async () => (await names()).includes('halvveis.pdf:ready'))
    const stuckEntry = old.find((e) => e.name === 'halvveis.pdf')!
    expect((await scan.rows(nordlys)).find((r) => r.name === 'halvveis.pdf')?.invoiceId).toBe(
      stuckEntry.invoiceId,
    )
    expect(await marked(sha(stuck.pdf))).toHaveLength(1)
    expect(existsSync(join(monthFolder(join(mine, 'dropped', nordlys)), 'halvveis.pdf'))).toBe(true)

    // The finished one's content dropped again is a duplicate of its invoice, not a second invoice.
    await scan.dropFiles(nordlys, [{ name: 'igjen.pdf', data: Buffer.from(done.pdf).toString('base64') }])
    const dup = await until(() => [...rows.values()].find((r) => r.state === 'duplicate'))
    expect(dup.duplicateOfInvoiceId).toBe(old.find((e) => e.name === 'ferdig.pdf')!.invoiceId)
    expect(await marked(sha(done.pdf))).toHaveLength(1)

    // Moved, not copied: the old folders are gone, the marker names who took them, and the log says so.
    expect(existsSync(join(env, 'ledger'))).toBe(false)
    expect(existsSync(join(env, 'dropped'))).toBe(false)
    expect(JSON.parse(readFileSync(join(env, 'adopted-by.json'), 'utf8')).subject).toBe(
      DEMO_USERS.anne.globalIdentity,
    )
    expect(log.entries.some((e) => e.level === 'info' && /took over the scan ledgers/.test(e.message))).toBe(
      true,
    )
    await scan.stop()
  }, 90_000)

  it('finishes a take-over a crash interrupted without losing or repeating a line, and only for its user', async () => {
    const env = mkdtempSync(join(tmpdir(), 'scan-legacy-crash-'))
    const user = join(env, 'users', 'anne')
    const key = 'company-a'
    const legacyDrop = join(env, 'dropped', key)
    mkdirSync(join(env, 'ledger'), { recursive: true })
    mkdirSync(legacyDrop, { recursive: true })
    writeFileSync(join(legacyDrop, 'venter.pdf'), 'pdf bytes')
    const line = (n: number, extra: object = {}) =>
      JSON.stringify({
        e: {
          sha256: `s${n}`,
          state: 'queued',
          step: 'upload',
          originalPath: join(legacyDrop, `f${n}.pdf`),
          ...extra,
        },
      })
    // The last line was torn by a kill while it was appended.
    writeFileSync(
      join(env, 'ledger', `${key}.jsonl`),
      [line(1), line(2), line(3)].join('\n') + '\n{"e":{"sha',
    )
    // The crash came after the merged ledger was written and before the old one was unlinked; this user
    // has also recorded a line of their own since.
    mkdirSync(join(user, 'ledger'), { recursive: true })
    const first = await adoptLegacyState({ envDir: env, userDir: user, subject: 'anne', log: quietLog })
    expect(first).toMatchObject({ heldBy: 'anne', ledgers: 1, dropped: 1 })
    const merged = readFileSync(join(user, 'ledger', `${key}.jsonl`), 'utf8')
    mkdirSync(join(env, 'ledger'))
    writeFileSync(join(env, 'ledger', `${key}.jsonl`), [line(1), line(2), line(3)].join('\n') + '\n')
    writeFileSync(join(user, 'ledger', `${key}.jsonl`), merged + line(4) + '\n')

    // Another user signing in meanwhile takes nothing: the marker names who finishes it.
    const per = join(env, 'users', 'per')
    expect(
      await adoptLegacyState({ envDir: env, userDir: per, subject: 'per', log: quietLog }),
    ).toMatchObject({
      heldBy: 'anne',
      ledgers: 0,
    })
    expect(existsSync(join(per, 'ledger'))).toBe(false)

    await adoptLegacyState({ envDir: env, userDir: user, subject: 'anne', log: quietLog })
    const lines = readFileSync(join(user, 'ledger', `${key}.jsonl`), 'utf8')
      .trim()
      .split('\n')
    expect(lines).toHaveLength(4)
    const { entries } = await readLedgerFile(join(user, 'ledger', `${key}.jsonl`))
    expect([...entries.keys()].sort()).toEqual(['s1', 's2', 's3', 's4'])
    // Paths into the old dropped folder point where its files now are.
    expect(entries.get('s1')!.originalPath).toBe(join(user, 'dropped', key, 'f1.pdf'))
    expect(readdirSync(join(user, 'dropped', key))).toEqual(['venter.pdf'])
    expect(existsSync(join(env, 'ledger'))).toBe(false)
  })
})
