// The scan service as main runs it: scan-folders.json read at start and again when it changes, a root
// folder's subfolders matched to companies by organisation number or name (the rest listed unmatched),
// files becoming ready rows, a batch notification, dropped files, and a folder added from Settings.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppNotification, EventName } from '../../../common/bridge/contract.ts'
import type { ScanOverview, ScanRow } from '../../../common/bridge/scan.ts'
import { generateInvoice } from '../../../document-reader/corpus/generate.ts'
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { createCompaniesService } from '../../../electron/main/services/companies.ts'
import { createScanService } from '../../../electron/main/services/scan/service.ts'
import { api as call, startTestPlatform, type TestPlatform } from '../../support/platform.ts'
import { scanMark, type ScanPlatform } from '../../../electron/main/services/scan/platform.ts'
import { createPipeline } from '../../../electron/main/services/scan/pipeline.ts'
import { duplicateRow } from '../../../electron/main/services/scan/rows.ts'
import { DUPLICATES, PROCESSED } from '../../../electron/main/services/scan/files.ts'
import { createHash } from 'node:crypto'
import { quietLog, scanPlatformFor } from './support.ts'

let p: TestPlatform
beforeAll(async () => {
  p = await startTestPlatform()
})
afterAll(async () => p?.close())

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const access = (email: string) => ({
  authUrl: p.urls.auth,
  filesUrl: p.urls.files,
  email,
  password: DEMO_PASSWORD,
})
async function until<T>(
  what: () => T | undefined | false | Promise<T | undefined | false>,
  ms = 20_000,
): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await what()
    if (v) return v
    if (Date.now() > end) throw new Error('timed out waiting')
    await sleep(50)
  }
}

/**
 * A scan station on `dataDir` shared by Anne and Per (the demo users): the rows it announced, and a
 * sign-in that switches the signed-in user (`clearRows`: the window starts over with the new user's rows).
 */
function twoUserStation(dataDir: string, options: { localRetryMs?: number; clearRows?: boolean } = {}) {
  const user = (u: { email: string; globalIdentity: string }) => ({
    globalIdentity: u.globalIdentity,
    client: scanPlatformFor(access(u.email)),
  })
  const users = { anne: user(DEMO_USERS.anne), per: user(DEMO_USERS.per) }
  let current = users.anne
  const companies = createCompaniesService({ api: async () => current.client.api })
  const rows = new Map<string, ScanRow>()
  const scan = createScanService({
    dataDir,
    log: quietLog,
    emit: (name: EventName, payload: unknown) => {
      if (name === 'scan.rowChanged') rows.set((payload as ScanRow).id, payload as ScanRow)
    },
    notifier: { notify: () => undefined },
    dialogs: { openFiles: async () => [], chooseFolder: async () => null },
    api: async () => current.client.api,
    companies: () => companies.list(),
    locale: async () => 'en',
    pollMs: 100,
    ...(options.localRetryMs !== undefined ? { localRetryMs: options.localRetryMs } : {}),
  })
  const signIn = (u: typeof current) => {
    current = u
    if (options.clearRows) rows.clear()
    return scan.sessionChanged({
      status: 'signedIn',
      environmentId: 'local-sandbox',
      user: { GlobalIdentity: u.globalIdentity },
    })
  }
  return { users, rows, scan, signIn }
}

describe('scan service', () => {
  it('watches the mapped folders of the signed-in environment and follows scan-folders.json', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scan-data-'))
    const root = mkdtempSync(join(tmpdir(), 'scan-root-'))
    mkdirSync(join(root, '924 956 488 Nordlys'))
    mkdirSync(join(root, 'Fjordbygg Rørlegger'))
    mkdirSync(join(root, 'Ukjent firma'))
    // Nordlys by number, Fjordbygg by name: refused rather than guessed.
    mkdirSync(join(root, '924956488 Fjordbygg Rørlegger'))
    // A link to a company's folder is not a folder of the root.
    symlinkSync(join(root, 'Fjordbygg Rørlegger'), join(root, '949687058 lenke'))
    writeFileSync(
      join(dataDir, 'scan-folders.json'),
      JSON.stringify({ stableSeconds: 0.2, environments: { 'local-sandbox': [{ path: root, root: true }] } }),
    )
    const { api } = scanPlatformFor({
      authUrl: p.urls.auth,
      filesUrl: p.urls.files,
      email: 'anne.accountant@demo.test',
      password: DEMO_PASSWORD,
    })
    const companies = createCompaniesService({ api: async () => api })
    const rows = new Map<string, ScanRow>()
    const notes: AppNotification[] = []
    let overview: ScanOverview | null = null
    const scan = createScanService({
      dataDir,
      log: quietLog,
      emit: (name: EventName, payload: unknown) => {
        if (name === 'scan.rowChanged') rows.set((payload as ScanRow).id, payload as ScanRow)
        if (name === 'scan.overviewChanged') overview = payload as ScanOverview
      },
      notifier: { notify: (n) => notes.push(n) },
      dialogs: { openFiles: async () => [], chooseFolder: async () => null },
      api: async () => api,
      companies: () => companies.list(),
      locale: async () => 'nb',
      pollMs: 100,
    })
    await scan.start()
    await scan.sessionChanged({ status: 'signedIn', environmentId: 'local-sandbox' })

    const first = (await scan.overview()).folders[0]!
    expect(first.root).toBe(true)
    expect(first.children.map((c) => c.companyName).sort()).toEqual([
      'Fjordbygg Rørlegger AS',
      'Nordlys Bakeri AS',
    ])
    expect(first.unmatched.sort((x, y) => x.name.localeCompare(y.name))).toEqual([
      {
        name: '924956488 Fjordbygg Rørlegger',
        reason: 'ambiguous',
        candidates: ['Fjordbygg Rørlegger AS', 'Nordlys Bakeri AS'],
      },
      { name: 'Ukjent firma', reason: 'none' },
    ])

    const invoice = await generateInvoice(901)
    writeFileSync(join(root, '924 956 488 Nordlys', 'faktura.pdf'), invoice.pdf)
    const ready = await until(() => [...rows.values()].find((r) => r.state === 'ready'))
    expect(ready.companyKey).toBe(DEMO_COMPANIES.nordlys.key)
    expect(ready.invoiceId).toBeGreaterThan(0)
    expect(ready.amount).toBeGreaterThan(0)
    await until(() => notes.length === 1)
    expect(notes[0]!.body).toMatch(/^1 faktura klar for kontroll i Nordlys Bakeri AS$/)
    expect((await scan.rows(DEMO_COMPANIES.nordlys.key)).map((r) => r.state)).toEqual(['ready'])
    // Another company's rows never include it.
    expect(await scan.rows(DEMO_COMPANIES.fjordbygg.key)).toEqual([])

    // Dropped bytes join the same pipeline; the same content again is a duplicate with a link.
    await scan.dropFiles(DEMO_COMPANIES.nordlys.key, [
      { name: 'e-post.pdf', data: Buffer.from(invoice.pdf).toString('base64') },
    ])
    const dup = await until(() => [...rows.values()].find((r) => r.state === 'duplicate'))
    expect(dup.duplicateOfInvoiceId).toBe(ready.invoiceId)

    // A dropped folder's symlinks are not followed: a loop does not copy its file forty times.
    const dropped = mkdtempSync(join(tmpdir(), 'scan-dropped-'))
    writeFileSync(join(dropped, 'a-faktura.pdf'), (await generateInvoice(903)).pdf)
    symlinkSync(dropped, join(dropped, 'loop'))
    expect(await scan.dropPaths(DEMO_COMPANIES.nordlys.key, [dropped])).toBe(1)

    // IT edits scan-folders.json: a folder for Aurora directly; the service follows without a restart.
    const aurora = mkdtempSync(join(tmpdir(), 'scan-aurora-'))
    writeFileSync(
      join(dataDir, 'scan-folders.json'),
      JSON.stringify({
        stableSeconds: 0.2,
        environments: {
          'local-sandbox': [
            { path: root, root: true },
            { path: aurora, company: '952 965 891' },
          ],
        },
      }),
    )
    await until(() =>
      overview?.folders.some((f) => f.companyName === 'Aurora Arkitekter AS' && f.state === 'watching'),
    )
    writeFileSync(join(aurora, 'tom.pdf'), '')
    const failed = await until(() => [...rows.values()].find((r) => r.state === 'failed'))
    expect(failed.reason).toEqual({ code: 'empty', params: {} })
    // The note is written just after the row says failed (the entry is recorded first): waited for.
    expect(await until(() => existsSync(join(aurora, 'failed', 'tom.pdf.reason.txt')))).toBe(true)

    // A broken file keeps the last good mappings and says why.
    writeFileSync(join(dataDir, 'scan-folders.json'), '{ "environments": ')
    await until(() => overview?.configError)
    expect((await scan.overview()).folders).toHaveLength(2)

    // Settings adds a folder: validated, written to the file.
    const fjord = mkdtempSync(join(tmpdir(), 'scan-fjord-'))
    expect(await scan.checkPath(fjord)).toMatchObject({
      exists: true,
      readable: true,
      writable: true,
      network: false,
    })
    expect(await scan.checkPath(join(fjord, 'finnes-ikke'))).toMatchObject({ exists: false })
    const after = await scan.addFolder({ path: fjord, companyKey: DEMO_COMPANIES.fjordbygg.key })
    expect(after.folders.find((f) => f.path === fjord)?.companyName).toBe('Fjordbygg Rørlegger AS')
    const saved = JSON.parse(readFileSync(join(dataDir, 'scan-folders.json'), 'utf8'))
    expect(saved.environments['local-sandbox'].map((m: { path: string }) => m.path)).toContain(fjord)
    await scan.stop()
  }, 90_000)

  it('never sends a folder named like two clients to either: its files stay, and Settings names both', async () => {
    // Two clients whose names differ only by a hyphen (the demo's Nordlys and Fjordbygg, renamed so).
    const dataDir = mkdtempSync(join(tmpdir(), 'scan-data-'))
    const root = mkdtempSync(join(tmpdir(), 'scan-root-'))
    const direct = mkdtempSync(join(tmpdir(), 'scan-direct-'))
    for (const name of ['Fjord Bygg AS', 'Fjord-Bygg AS', '949687058 Fjord-Bygg']) mkdirSync(join(root, name))
    writeFileSync(
      join(dataDir, 'scan-folders.json'),
      JSON.stringify({
        stableSeconds: 0.2,
        environments: {
          'local-sandbox': [
            { path: root, root: true },
            { path: direct, company: 'Fjord Bygg' },
          ],
        },
      }),
    )
    const { api } = scanPlatformFor(access(DEMO_USERS.anne.email))
    const companies = createCompaniesService({ api: async () => api })
    const renamed: Record<string, string> = {
      [DEMO_COMPANIES.nordlys.key]: 'Fjord Bygg AS',
      [DEMO_COMPANIES.fjordbygg.key]: 'Fjord-Bygg AS',
    }
    const rows = new Map<string, ScanRow>()
    const scan = createScanService({
      dataDir,
      log: quietLog,
      emit: (name: EventName, payload: unknown) => {
        if (name === 'scan.rowChanged') rows.set((payload as ScanRow).id, payload as ScanRow)
      },
      notifier: { notify: () => undefined },
      dialogs: { openFiles: async () => [], chooseFolder: async () => null },
      api: async () => api,
      companies: async () => (await companies.list()).map((c) => ({ ...c, Name: renamed[c.Key] ?? c.Name })),
      locale: async () => 'en',
      pollMs: 100,
    })
    try {
      await scan.start()
      await scan.sessionChanged({ status: 'signedIn', environmentId: 'local-sandbox' })
      const [rootState, directState] = (await scan.overview()).folders
      const both = ['Fjord Bygg AS', 'Fjord-Bygg AS']
      expect(rootState!.unmatched.sort((x, y) => x.name.localeCompare(y.name))).toEqual([
        { name: 'Fjord Bygg AS', reason: 'ambiguous', candidates: both },
        { name: 'Fjord-Bygg AS', reason: 'ambiguous', candidates: both },
      ])
      // With its organisation number the folder names one of them.
      expect(rootState!.children.map((c) => c.companyKey)).toEqual([DEMO_COMPANIES.fjordbygg.key])
      expect(directState).toMatchObject({
        state: 'unmatched',
        companyKey: null,
        unmatched: [{ name: 'Fjord Bygg', reason: 'ambiguous', candidates: both }],
      })

      const refused = [
        join(root, 'Fjord Bygg AS', 'faktura-a.pdf'),
        join(root, 'Fjord-Bygg AS', 'faktura-b.pdf'),
        join(direct, 'faktura-c.pdf'),
      ]
      for (const [n, file] of refused.entries()) writeFileSync(file, (await generateInvoice(911 + n)).pdf)
      writeFileSync(join(root, '949687058 Fjord-Bygg', 'faktura-d.pdf'), (await generateInvoice(915)).pdf)
      // The folder that names one company is taken (so the station was running all along) ...
      const ready = await until(() => [...rows.values()].find((r) => r.state === 'ready'))
      expect(ready.companyKey).toBe(DEMO_COMPANIES.fjordbygg.key)
      expect(ready.name).toBe('faktura-d.pdf')
      await scan.scanNow(rootState!.id)
      await scan.scanNow(directState!.id)
      await sleep(1_000)
      // ... and nothing of the refused ones was sent to either client: the files stay where they were.
      expect([...rows.values()].map((r) => r.name)).toEqual(['faktura-d.pdf'])
      for (const file of refused) expect(existsSync(file), file).toBe(true)
    } finally {
      await scan.stop()
    }
  }, 90_000)

  it('calls a file dropped again under its own name a duplicate of its invoice, and sends it once (issue #33)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scan-again-'))
    const nordlys = DEMO_COMPANIES.nordlys.key
    const { users, rows, scan, signIn } = twoUserStation(dataDir)
    await scan.start()
    await signIn(users.anne)
    const invoice = await generateInvoice(951)
    const hash = createHash('sha256').update(invoice.pdf).digest('hex')
    const data = Buffer.from(invoice.pdf).toString('base64')
    const sent = async () =>
      Number(
        (
          await p.store.query<{ n: number }>(`select count(*)::int as n from "File" where "Sha256" = $1`, [
            hash,
          ])
        ).rows[0]!.n,
      )

    await scan.dropFiles(nordlys, [{ name: 'faktura-igjen.pdf', data }])
    const ready = await until(() =>
      [...rows.values()].find((r) => r.name === 'faktura-igjen.pdf' && r.state === 'ready'),
    )
    expect(ready.invoiceNumber).toBeTruthy()
    expect(await sent()).toBe(1)

    // The same bytes under the same name, as a new user drops a file a second time.
    await scan.dropFiles(nordlys, [{ name: 'faktura-igjen.pdf', data }])
    const dup = await until(() =>
      [...rows.values()].find((r) => r.name === 'faktura-igjen.pdf' && r.state === 'duplicate'),
    )
    expect(dup).toMatchObject({
      reason: { code: 'duplicate', params: {} },
      duplicateOfInvoiceId: ready.invoiceId,
      // What the link names the invoice by: the first file's number and supplier.
      invoiceNumber: ready.invoiceNumber,
      supplierName: ready.supplierName,
    })
    expect(dup.location).toContain(join(PROCESSED, DUPLICATES))
    expect(existsSync(dup.location!)).toBe(true)
    // Two rows of the name in the queue, one ready and one duplicate; one file on the platform.
    const listed = (await scan.rows(nordlys)).filter((r) => r.name === 'faktura-igjen.pdf')
    expect(listed.map((r) => r.state).sort()).toEqual(['duplicate', 'ready'])
    await sleep(300)
    expect(await sent()).toBe(1)
    const drafts = await call(
      p.urls.base,
      'GET',
      `api/biz/supplierinvoices?filter=contains(Comment,'${scanMark(hash)}')&select=ID`,
      { token: await p.token(DEMO_USERS.anne.email), companyKey: nordlys },
    )
    expect((drafts.body as { ID: number }[]).map((d) => d.ID)).toEqual([ready.invoiceId])
    await scan.stop()
  }, 90_000)

  it("keeps scan state per user: another user on the station neither sees nor sends the first one's files", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scan-users-'))
    const nordlys = DEMO_COMPANIES.nordlys.key
    const { users, rows, scan, signIn } = twoUserStation(dataDir)
    await scan.start()
    await signIn(users.anne)
    const [first, second] = await Promise.all([generateInvoice(931), generateInvoice(932)])
    await scan.dropFiles(nordlys, [{ name: 'anne-1.pdf', data: Buffer.from(first.pdf).toString('base64') }])
    await until(() => [...rows.values()].find((r) => r.name === 'anne-1.pdf' && r.state === 'ready'))
    // Anne's next file is still queued when Per signs in on the same station.
    scan.pipeline!.pause('held for the test')
    await scan.dropFiles(nordlys, [{ name: 'anne-2.pdf', data: Buffer.from(second.pdf).toString('base64') }])
    await scan.sessionChanged({ status: 'signedOut', reason: null } as never)
    await signIn(users.per)

    expect(await scan.rows(nordlys)).toEqual([])
    await expect(scan.rows(DEMO_COMPANIES.aurora.key)).rejects.toMatchObject({ code: 'SCAN_UNKNOWN_COMPANY' })
    await sleep(1500)
    const secondSha = createHash('sha256').update(second.pdf).digest('hex')
    const token = await p.token(DEMO_USERS.anne.email)
    const marked = async () =>
      (
        await call(
          p.urls.base,
          'GET',
          `api/biz/supplierinvoices?filter=contains(Comment,'${scanMark(secondSha)}')&select=ID`,
          { token, companyKey: nordlys },
        )
      ).body as unknown[]
    expect(await marked()).toHaveLength(0)

    // Anne back: her queued file goes on, with her token, and becomes one invoice.
    await signIn(users.anne)
    const names = async () => (await scan.rows(nordlys)).map((r) => `${r.name}:${r.state}`).sort()
    await until(async () => (await names()).includes('anne-2.pdf:ready'))
    expect(await names()).toEqual(['anne-1.pdf:ready', 'anne-2.pdf:ready'])
    expect(await marked()).toHaveLength(1)
    await scan.stop()
  }, 90_000)

  it('never makes a second invoice of a file whose invoice another user on the station made and could not move', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scan-shared-'))
    const shared = mkdtempSync(join(tmpdir(), 'scan-shared-folder-'))
    const nordlys = DEMO_COMPANIES.nordlys.key
    writeFileSync(
      join(dataDir, 'scan-folders.json'),
      JSON.stringify({
        stableSeconds: 0.2,
        environments: {
          'local-sandbox': [{ path: shared, company: DEMO_COMPANIES.nordlys.organizationNumber }],
        },
      }),
    )
    const { users, rows, scan, signIn } = twoUserStation(dataDir, { localRetryMs: 10, clearRows: true })
    const invoice = await generateInvoice(941)
    const hash = createHash('sha256').update(invoice.pdf).digest('hex')
    const token = await p.token(DEMO_USERS.anne.email)
    const marked = async () =>
      (
        await call(
          p.urls.base,
          'GET',
          `api/biz/supplierinvoices?filter=contains(Comment,'${scanMark(hash)}')&select=ID`,
          { token, companyKey: nordlys },
        )
      ).body as { ID: number }[]

    // Anne's scan of the shared folder: the invoice is made, the move refused (processed/ is blocked).
    writeFileSync(join(shared, PROCESSED), 'in the way')
    await scan.start()
    await signIn(users.anne)
    writeFileSync(join(shared, 'felles.pdf'), invoice.pdf)
    const stuck = await until(() => [...rows.values()].find((r) => r.state === 'failed'))
    expect(stuck.reason?.code).toBe('localFile')
    expect(stuck.invoiceId).toBeGreaterThan(0)

    // Per signs in on the same station; the folder is fine again, the file still there.
    unlinkSync(join(shared, PROCESSED))
    await scan.sessionChanged({ status: 'signedOut', reason: null } as never)
    await signIn(users.per)
    const dup = await until(() => [...rows.values()].find((r) => r.state === 'duplicate'))
    expect(dup).toMatchObject({
      name: 'felles.pdf',
      reason: { code: 'duplicateElsewhere', params: {} },
      // Per may open the invoice (an approver in Nordlys): linked. Nothing else of Anne's.
      duplicateOfInvoiceId: stuck.invoiceId,
      supplierName: null,
      invoiceNumber: null,
      amount: null,
    })
    expect(existsSync(join(shared, PROCESSED, DUPLICATES, 'felles.pdf'))).toBe(true)
    expect((await scan.rows(nordlys)).map((r) => `${r.name}:${r.state}`)).toEqual(['felles.pdf:duplicate'])
    expect(await marked()).toHaveLength(1)

    // Anne back: Retry finishes her entry (its original was set aside by Per's scan), still one invoice.
    await signIn(users.anne)
    await scan.retry(nordlys, hash)
    const ready = await until(async () => (await scan.rows(nordlys)).find((r) => r.state === 'ready'))
    expect(ready.invoiceId).toBe(stuck.invoiceId)
    expect(await marked()).toHaveLength(1)
    await scan.stop()
  }, 90_000)

  it("asks the platform by the scan mark when another user's run began the invoice without recording it", async () => {
    const env = mkdtempSync(join(tmpdir(), 'scan-began-'))
    const ledgerOf = (who: string) => join(env, 'users', who, 'ledger')
    const nordlys = DEMO_COMPANIES.nordlys.key
    const invoice = await generateInvoice(942)
    const hash = createHash('sha256').update(invoice.pdf).digest('hex')
    const anne = scanPlatformFor(access(DEMO_USERS.anne.email)).platform
    // Anne's station dies right after the platform made the draft: her ledger says the create began.
    const annes = createPipeline({
      platform: {
        ...anne,
        createInvoice: async (c, d) => {
          await anne.createInvoice(c, d)
          throw new Error('the station went down')
        },
      },
      ledgerDir: ledgerOf('anne'),
      log: quietLog,
      locale: () => 'en',
      events: {},
    })
    const folderA = mkdtempSync(join(tmpdir(), 'scan-began-a-'))
    writeFileSync(join(folderA, 'faktura.pdf'), invoice.pdf)
    await annes.take({ companyKey: nordlys, path: join(folderA, 'faktura.pdf'), folder: folderA })
    await annes.idle()
    expect((await annes.entries(nordlys))[0]).toMatchObject({
      step: 'invoice',
      started: 'invoice',
      invoiceId: null,
    })
    await annes.close()

    // Per takes the same content from elsewhere: his pipeline finds Anne's draft, no second one.
    const per = scanPlatformFor(access(DEMO_USERS.per.email)).platform
    const pers = createPipeline({
      platform: per,
      ledgerDir: ledgerOf('per'),
      otherLedgerDirs: async () => [ledgerOf('anne')],
      log: quietLog,
      locale: () => 'en',
      events: {},
    })
    const folderP = mkdtempSync(join(tmpdir(), 'scan-began-p-'))
    copyFileSync(join(folderA, 'faktura.pdf'), join(folderP, 'kopi.pdf'))
    expect(await pers.take({ companyKey: nordlys, path: join(folderP, 'kopi.pdf'), folder: folderP })).toBe(
      'queued',
    )
    await pers.idle()
    const token = await p.token(DEMO_USERS.anne.email)
    const marked = (
      await call(
        p.urls.base,
        'GET',
        `api/biz/supplierinvoices?filter=contains(Comment,'${scanMark(hash)}')&select=ID`,
        { token, companyKey: nordlys },
      )
    ).body as { ID: number }[]
    expect(marked).toHaveLength(1)
    expect((await pers.entries(nordlys))[0]).toMatchObject({ state: 'done', invoiceId: marked[0]!.ID })
    await pers.close()

    // A third user who may not open that invoice sees only that another user on this computer made it.
    const hidden = new Proxy({} as ScanPlatform, {
      get: (_, name) =>
        name === 'canSeeInvoice'
          ? async () => false
          : () => {
              throw new Error(`the platform was asked (${String(name)})`)
            },
    })
    const duplicates: ScanRow[] = []
    const siris = createPipeline({
      platform: hidden,
      ledgerDir: ledgerOf('siri'),
      otherLedgerDirs: async () => [ledgerOf('anne'), ledgerOf('per')],
      log: quietLog,
      locale: () => 'nb',
      events: { duplicateFound: (c, d, o) => duplicates.push(duplicateRow(c, d, o)) },
    })
    const folderS = mkdtempSync(join(tmpdir(), 'scan-began-s-'))
    writeFileSync(join(folderS, 'igjen.pdf'), invoice.pdf)
    expect(await siris.take({ companyKey: nordlys, path: join(folderS, 'igjen.pdf'), folder: folderS })).toBe(
      'duplicate',
    )
    expect(duplicates[0]).toMatchObject({
      reason: { code: 'duplicateElsewhere', params: {} },
      duplicateOfInvoiceId: null,
      supplierName: null,
      amount: null,
    })
    expect((await siris.duplicates(nordlys))[0]!.elsewhere).toEqual({
      invoiceId: marked[0]!.ID,
      visible: false,
    })
    await siris.close()
  }, 90_000)
})
