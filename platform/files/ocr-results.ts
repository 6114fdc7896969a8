// `files/{id}?action=ocranalyse` (spec 2.13, 4.5): the OCR result of a stored file, the whole document or
// one page (`PageNo`). Results are kept per company, file and page (0: the whole document) and answered
// again until `forceNewAnalysis=true`. OCR runs outside any transaction (a scanned page takes seconds and the embedded database serves one transaction at a
// time); concurrent identical requests share one run.
import { PlatformError } from '../errors.ts'
import { OcrError } from '../ocr/index.ts'
import { analyseDocument } from '../ocr/reader-host.ts'
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

export function createOcrService(pc: PlatformContext, storage: FileStorage): OcrService {
  const running = new Map<string, Promise<Result>>()

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

  async function run(tenant: Tenant, fileId: number, pageNo: number): Promise<Result> {
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
      const job = run(tenant, fileId, pageNo).finally(() => running.delete(key))
      running.set(key, job)
      return job
    },
  }
}
