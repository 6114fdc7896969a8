// `files/{id}?action=ocranalyse` (spec 2.13, 4.5): the OCR result of a stored file, the whole document or
// one page (`PageNo`). Results are kept per company, file and page (0: the whole document) and answered
// again until `forceNewAnalysis=true`. OCR runs outside any transaction (a scanned page takes seconds and the embedded database serves one transaction at a
// time); concurrent identical requests share one run.
// Several processes on one database read a document once between them: a process claims the reading in
// ocr_job (a row per company, file and page) with a lease it renews while it reads; another process asked
// for the same reading waits for its result, and takes the job over once the lease ran out (the reading
// process died). A result is written only by the process that still holds the job.
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { PlatformError } from '../errors.ts'
import { OcrError } from '../../document-reader/index.ts'
import { analyseDocument } from '../../document-reader/reader-host.ts'
import { getEntityById } from '../query/index.ts'
import { readContext, type PlatformContext } from '../routes/context.ts'
import type { Tenant } from '../tenancy/tenancy.ts'
import type { FileStorage } from './storage.ts'

/** spec 2.13: the File fields an OCR result carries as `UniFile`. */
const UNI_FILE_FIELDS = [
  'ID',
  'Name',
  'Description',
  'StorageReference',
  'ContentLength',
  'Extension',
  'ContentType',
  'CreatedAt',
  'ClientId',
  'Pages',
  'PublicAvailableFile',
  'ExternalId',
  'ProcessedPercentage',
  'FullFileProcessed',
  'SplitFilePageList',
  'IsMultipageFile',
] as const

type Result = Record<string, unknown>

export interface OcrService {
  analyse(tenant: Tenant, fileId: number, pageNo: number, force: boolean): Promise<Result>
}

export interface OcrServiceOptions {
  /** How long a claim holds without being renewed (default 30 s); renewed every third of it. */
  leaseMs?: number
  /** Who claims jobs, as ocr_job.owner names it (default host name, process id and a random part). */
  owner?: string
}

export const DEFAULT_JOB_LEASE_MS = 30_000
/** How often a process waiting for another's reading looks at the job. */
const WAIT_MS = 200

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function jobOwner(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
}

export function createOcrService(
  pc: PlatformContext,
  storage: FileStorage,
  options: OcrServiceOptions = {},
): OcrService {
  const running = new Map<string, Promise<Result>>()
  const leaseMs = options.leaseMs ?? DEFAULT_JOB_LEASE_MS
  const owner = options.owner ?? jobOwner()

  /** Takes the job when nobody holds it or its holder's lease ran out; answers whether it did. */
  async function claim(companyId: number, fileId: number, pageNo: number): Promise<boolean> {
    const { rows } = await pc.store.query(
      `insert into ocr_job (company_id, file_id, page_no, status, owner, lease_until)
       values ($1, $2, $3, 'running', $4, now() + $5::double precision * interval '1 millisecond')
       on conflict (company_id, file_id, page_no) do update
         set status = 'running', owner = excluded.owner, lease_until = excluded.lease_until,
             attempts = ocr_job.attempts + 1, updated_at = now()
         where ocr_job.status <> 'running' or ocr_job.lease_until < now()
       returning attempts`,
      [companyId, fileId, pageNo, owner, leaseMs],
    )
    return rows.length > 0
  }

  async function jobStatus(companyId: number, fileId: number, pageNo: number): Promise<string | undefined> {
    const { rows } = await pc.store.query<{ status: string }>(
      'select status from ocr_job where company_id = $1 and file_id = $2 and page_no = $3',
      [companyId, fileId, pageNo],
    )
    return rows[0]?.status
  }

  /** Runs a claimed job, renewing the lease meanwhile; undefined when another process took it over. */
  async function runClaimed(tenant: Tenant, fileId: number, pageNo: number): Promise<Result | undefined> {
    const key = [tenant.companyId, fileId, pageNo, owner]
    const renew = setInterval(
      () =>
        void pc.store
          .query(
            `update ocr_job set lease_until = now() + $5::double precision * interval '1 millisecond'
              where company_id = $1 and file_id = $2 and page_no = $3 and owner = $4 and status = 'running'`,
            [...key, leaseMs],
          )
          .catch(() => {}),
      Math.max(50, Math.floor(leaseMs / 3)),
    )
    try {
      return await run(tenant, fileId, pageNo)
    } catch (err) {
      await pc.store
        .query(
          `update ocr_job set status = 'failed', updated_at = now()
            where company_id = $1 and file_id = $2 and page_no = $3 and owner = $4 and status = 'running'`,
          key,
        )
        .catch(() => {})
      throw err
    } finally {
      clearInterval(renew)
    }
  }

  /** The job done by this process or another, whichever holds it. */
  async function job(tenant: Tenant, fileId: number, pageNo: number): Promise<Result> {
    for (;;) {
      if (await claim(tenant.companyId, fileId, pageNo)) {
        const result = await runClaimed(tenant, fileId, pageNo)
        if (result) return result
      }
      await sleep(WAIT_MS)
      if ((await jobStatus(tenant.companyId, fileId, pageNo)) === 'done') {
        const kept = await stored(tenant.companyId, fileId, pageNo)
        if (kept) return kept
      }
    }
  }

  async function stored(companyId: number, fileId: number, pageNo: number): Promise<Result | undefined> {
    const { rows } = await pc.store.query<{ result: unknown }>(
      `select r.result from ocr_result r
         join "File" f on f."CompanyID" = r.company_id and f."ID" = r.file_id and f."Deleted" = false
        where r.company_id = $1 and r.file_id = $2 and r.page_no = $3`,
      [companyId, fileId, pageNo],
    )
    const raw = rows[0]?.result
    if (raw === undefined) return undefined
    return (typeof raw === 'string' ? JSON.parse(raw) : raw) as Result
  }

  async function run(tenant: Tenant, fileId: number, pageNo: number): Promise<Result | undefined> {
    const rc = await readContext(pc, tenant)
    const file = await getEntityById(rc, pc.registry.require('File'), fileId)
    if (!file) throw new PlatformError('NOT_FOUND', `File ${fileId} was not found`)
    const { rows } = await pc.store.query<{ Sha256: string | null; OrganizationNumber: string | null }>(
      `select f."Sha256", c."OrganizationNumber" from "File" f join "Company" c on c."ID" = f."CompanyID"
        where f."CompanyID" = $1 and f."ID" = $2`,
      [tenant.companyId, fileId],
    )
    const sha = rows[0]?.Sha256
    if (!sha) throw new PlatformError('NOT_FOUND', `File ${fileId} has no stored content`)
    const bytes = await storage.read(sha).catch(() => {
      throw new PlatformError('NOT_FOUND', `The content of File ${fileId} is missing from the file store`)
    })
    // The company's own bank accounts (those of its settings, not of its customers or suppliers).
    const { rows: own } = await pc.store.query<{ AccountNumber: string | null }>(
      `select "AccountNumber" from "BankAccount"
        where "CompanyID" = $1 and "CompanySettingsID" is not null and "Deleted" = false`,
      [tenant.companyId],
    )
    let analysis
    try {
      analysis = await analyseDocument(bytes, {
        // Page 0 stands for the whole document.
        pageNo: pageNo === 0 ? undefined : pageNo,
        buyerBankAccounts: own.flatMap((r) => (r.AccountNumber ? [r.AccountNumber] : [])),
        contentType: String(file.ContentType ?? ''),
        // The company's own number on the page is the buyer's, never the supplier's.
        buyerOrgNumbers: rows[0]?.OrganizationNumber ? [rows[0].OrganizationNumber] : [],
      })
    } catch (err) {
      if (err instanceof OcrError) throw new PlatformError('BAD_REQUEST', `File ${fileId}: ${err.message}`)
      throw err
    }
    const uniFile = Object.fromEntries(UNI_FILE_FIELDS.map((f) => [f, file[f] ?? null]))
    return pc.store.transaction(async (tx) => {
      // Only the holder of the job writes its result: a process whose lease ran out while it read leaves it.
      const { rows: held } = await tx.query(
        `update ocr_job set status = 'done', updated_at = now()
          where company_id = $1 and file_id = $2 and page_no = $3 and owner = $4 and status = 'running'
          returning 1`,
        [tenant.companyId, fileId, pageNo, owner],
      )
      if (!held.length) return undefined
      const { rows: ids } = await tx.query<{ id: number }>(
        `insert into ocr_result (company_id, file_id, page_no, result) values ($1, $2, $3, '{}'::jsonb)
         on conflict (company_id, file_id, page_no) do update set created_at = now()
         returning id`,
        [tenant.companyId, fileId, pageNo],
      )
      const id = ids[0]!.id
      const result: Result = {
        ...analysis,
        Id: id,
        UniFile: uniFile,
        InterpretedProperties: analysis.InterpretedProperties.map((p) => ({ ...p, OcrInterpretationId: id })),
      }
      await tx.query('update ocr_result set result = $1::jsonb where id = $2', [JSON.stringify(result), id])
      return result
    })
  }

  return {
    async analyse(tenant, fileId, pageNo, force) {
      const key = `${tenant.companyId}:${fileId}:${pageNo}`
      const inFlight = running.get(key)
      if (inFlight) return inFlight
      if (!force) {
        const kept = await stored(tenant.companyId, fileId, pageNo)
        if (kept) return kept
        const started = running.get(key)
        if (started) return started
      }
      const reading = job(tenant, fileId, pageNo).finally(() => running.delete(key))
      running.set(key, reading)
      return reading
    },
  }
}
