// What the scan pipeline asks of the platform, over the app's one API client. Every call that creates
// something has a question beside it that finds what an earlier, interrupted run already created: a
// supplier by organisation number, an invoice by the scan mark written into it when it was created, and a
// file on that invoice by its attachment list (spec 4.5) and its bytes' SHA-256. A file is never searched
// for among the company's files: the spec documents no such list, and the real service answers a filter on
// a field it does not know with every row (field notes), so the station keeps each upload's id itself.
import { createHash } from 'node:crypto'
import { GenericStatus } from '../../../../common/status.ts'
import { isTransient } from '../../../../common/transient.ts'
import type { ApiClient } from '../api/client.ts'
import { ApiError, apiErrorFrom } from '../api/errors.ts'
import { fileIdOf, uploadFile } from '../api/files.ts'
import { ifOffered } from '../api/offered.ts'
import type { ReadFields } from './ledger.ts'
import type { OcrAnswerInput } from '../../../../common/ocr.ts'

export interface ScanPlatform {
  /** Uploads the bytes; `onProgress` hears the share sent so far, in per cent. */
  upload(
    companyKey: string,
    file: { bytes: Uint8Array; name: string; contentType?: string },
    signal?: AbortSignal,
    onProgress?: (percent: number) => void,
  ): Promise<number>
  read(companyKey: string, fileId: number, signal?: AbortSignal): Promise<OcrAnswerInput>
  findSupplier(companyKey: string, orgNumber: string): Promise<number | null>
  /**
   * The new supplier's id, or null where the platform does not create suppliers on their own: the spec
   * documents no supplier route but GET (4.5), and a graph write creates a nested object that carries
   * `_createguid` (spec conventions; field notes "Graph writes"). The supplier is then created inside the
   * draft invoice (`DraftInvoice.supplierId` null) and read back from it (`supplierOfInvoice`).
   */
  createSupplier(companyKey: string, fields: ReadFields, note: string): Promise<number | null>
  /**
   * Adds the note once; `fresh` (a supplier just created) skips asking for its notes first. Where the
   * platform does not list a supplier's comments the note is posted without asking: the pipeline asks only
   * when its ledger has no record of posting it (`supplierNoted`).
   */
  markSupplier(companyKey: string, supplierId: number, note: string, fresh?: boolean): Promise<void>
  /**
   * The placeholder supplier for invoices whose organisation number could not be read; null when it is not
   * there yet and the platform creates suppliers only inside an invoice (as `createSupplier`).
   */
  unknownSupplier(companyKey: string, name: string): Promise<number | null>
  /** The draft an earlier run made of this content: one whose scan mark the platform answers back. */
  findInvoice(companyKey: string, sha256: string): Promise<number | null>
  /** Whether the signed-in user may open this invoice (another user on the station made it). */
  canSeeInvoice(companyKey: string, invoiceId: number): Promise<boolean>
  createInvoice(companyKey: string, invoice: DraftInvoice): Promise<number>
  /** The supplier a draft names (the one its graph created, where `createSupplier` answered null). */
  supplierOfInvoice(companyKey: string, invoiceId: number): Promise<number | null>
  /** Whether the file is among the invoice's attachments (spec 4.5 attachment list). */
  isLinked(companyKey: string, fileId: number, invoiceId: number): Promise<boolean>
  /**
   * A file attached to the invoice whose bytes have this SHA-256, downloaded and checked one by one; null
   * when none has. What answers here is this content, never a file taken on the platform's word.
   */
  findAttached(companyKey: string, invoiceId: number, sha256: string): Promise<number | null>
  link(companyKey: string, fileId: number, invoiceId: number): Promise<void>
}

export interface DraftInvoice {
  /** Null: the draft creates its supplier from `fields` (or as `unknownSupplierName`) in the same write. */
  supplierId: number | null
  /** The placeholder supplier's name, for a draft that creates it and has no organisation number read. */
  unknownSupplierName?: string
  /** The scan station's note, the label of the bank account a created supplier gets. */
  supplierNote?: string
  fields: ReadFields
  sha256: string
  fileName: string
}

/** The mark a scanned draft carries, so that a run interrupted after creating it finds it again. */
export const scanMark = (sha256: string) => `scan:sha256:${sha256}`

type Row = Record<string, unknown>
const idOf = (row: Row | undefined): number | null => (row && typeof row.ID === 'number' ? row.ID : null)
const quote = (value: string) => `'${value.replace(/'/g, "''")}'`

/**
 * The platform has no route to create a supplier on its own: only that answer (404, or 405) sends the
 * supplier into the invoice's graph. Any other refusal (a field it does not accept, no right) is the
 * answer to show.
 */
const noSupplierRoute = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 405)

/** A new supplier as a graph writes it: the fields read from the document, its bank account and country. */
function supplierGraph(fields: ReadFields, note: string, name?: string): Row {
  const bank =
    fields.bankAccount || fields.iban
      ? [{ _createguid: 'bank', AccountNumber: fields.bankAccount, IBAN: fields.iban, Label: note }]
      : []
  return {
    ...(fields.orgNumber ? { OrgNumber: fields.orgNumber } : {}),
    Info: {
      _createguid: 'info',
      Name: name ?? fields.supplierName ?? `${fields.orgNumber ?? ''}`,
      ...(bank.length ? { BankAccounts: bank } : {}),
      // A foreign supplier's country, where the spec's business relation can hold it.
      ...(fields.supplierCountry
        ? { InvoiceAddress: { _createguid: 'address', CountryCode: fields.supplierCountry } }
        : {}),
    },
  }
}

/** How the scan platform's parts reach the platform. */
interface PlatformDeps {
  api(): Promise<ApiClient>
  /** The file server's base URL (`files` of /api/endpoints). */
  filesUrl(): Promise<string>
}

const listOf =
  (deps: PlatformDeps) => async (companyKey: string, path: string, query: Record<string, string | number>) =>
    (await deps.api()).get<Row[]>(path, { companyKey, query })

/** The file calls: upload, OCR, and the links between a file and an invoice. */
function fileCalls(
  deps: PlatformDeps,
): Pick<ScanPlatform, 'upload' | 'read' | 'isLinked' | 'findAttached' | 'link'> {
  /** The ids of the invoice's attachments: rows of the attachment list, by `Id` or `ID` as a file answers. */
  const attachedTo = async (companyKey: string, invoiceId: number): Promise<number[]> => {
    const rows = await (
      await deps.api()
    ).get<unknown>(`api/biz/files/SupplierInvoice/${invoiceId}`, { companyKey })
    return Array.isArray(rows) ? rows.map(fileIdOf).filter((id): id is number => id !== null) : []
  }

  /** The SHA-256 of a file's bytes (`files/{id}?action=download` answers a URL to them); null when gone. */
  const contentHashOf = async (companyKey: string, fileId: number): Promise<string | null> => {
    const api = await deps.api()
    const url = await api.get<unknown>(`api/biz/files/${fileId}`, {
      companyKey,
      query: { action: 'download' },
    })
    if (typeof url !== 'string' || url === '') return null
    // The URL is the server's word: fetched only from the environment's own servers, up to a cap.
    const answer = await api.fetchServerUrl(url, `the download address of file ${fileId}`)
    // A file server that fails now is asked again later; a file it does not have is not this content.
    if (answer.status >= 500)
      throw apiErrorFrom(answer.status, {
        Message: `File ${fileId} could not be downloaded (${answer.status})`,
      })
    if (answer.status >= 400) return null
    return createHash('sha256').update(answer.bytes).digest('hex')
  }

  return {
    async upload(companyKey, file, signal, onProgress) {
      return uploadFile(await deps.api(), await deps.filesUrl(), companyKey, file, {
        ...(signal ? { signal } : {}),
        ...(onProgress ? { onProgress } : {}),
      })
    },

    async read(companyKey, fileId, signal) {
      return (await deps.api()).get<OcrAnswerInput>(`api/biz/files/${fileId}`, {
        companyKey,
        query: { action: 'ocranalyse' },
        signal,
        timeoutMs: 120_000,
      })
    },

    async isLinked(companyKey, fileId, invoiceId) {
      return (await attachedTo(companyKey, invoiceId)).includes(fileId)
    },

    async findAttached(companyKey, invoiceId, sha256) {
      for (const fileId of await attachedTo(companyKey, invoiceId))
        if ((await contentHashOf(companyKey, fileId)) === sha256) return fileId
      return null
    },

    async link(companyKey, fileId, invoiceId) {
      await (
        await deps.api()
      ).post(`api/biz/files/${fileId}`, undefined, {
        companyKey,
        query: { action: 'link', entitytype: 'SupplierInvoice', entityid: invoiceId },
      })
    },
  }
}

/** The supplier calls: found by organisation number, created with the station's note, the unknown one. */
function supplierCalls(
  deps: PlatformDeps,
): Pick<ScanPlatform, 'findSupplier' | 'createSupplier' | 'markSupplier' | 'unknownSupplier'> {
  const list = listOf(deps)
  return {
    async findSupplier(companyKey, orgNumber) {
      const rows = await list(companyKey, 'api/biz/suppliers', {
        // A duplicate merged into another supplier is deactivated (50001): its invoices go to the one kept.
        filter: `OrgNumber eq ${quote(orgNumber)} and StatusCode ne ${GenericStatus.Inactive}`,
        // The filtered fields come back, so the client can tell a platform that ignored the filter.
        select: 'ID,OrgNumber,StatusCode',
        orderby: 'ID',
        top: 1,
      })
      return idOf(rows[0])
    },

    async createSupplier(companyKey, fields, note) {
      const api = await deps.api()
      try {
        const id = idOf(await api.post<Row>('api/biz/suppliers', supplierGraph(fields, note), { companyKey }))
        if (id === null) throw new Error('The platform answered a new supplier without an id')
        return id
      } catch (error) {
        if (noSupplierRoute(error)) return null
        throw error
      }
    },

    async markSupplier(companyKey, supplierId, note, fresh = false) {
      const api = await deps.api()
      if (!fresh) {
        // Only the POST of a comment is documented. Not listed, the note is posted: the ledger's record
        // keeps this app from posting it twice, and only a note whose answer was lost before the record
        // was written is posted a second time (a rare duplicate note, harmless on a supplier).
        const comments = await ifOffered(() =>
          api.get<Row[]>(`api/biz/comments/Supplier/${supplierId}`, { companyKey }),
        )
        if (comments?.some((c) => c.Text === note)) return
      }
      await api.post(`api/biz/comments/Supplier/${supplierId}`, { Text: note }, { companyKey })
    },

    async unknownSupplier(companyKey, name) {
      const api = await deps.api()
      const rows = await api.get<Row[]>('api/biz/suppliers', {
        companyKey,
        query: { filter: `Info.Name eq ${quote(name)}`, expand: 'Info', orderby: 'ID', top: 5 },
      })
      // Only a supplier that carries the name: a platform that ignored the filter answers others too.
      const found = idOf(
        rows.find((r) => {
          const info = r.Info as { Name?: unknown } | null | undefined
          return typeof info?.Name === 'string' && info.Name.toLowerCase() === name.toLowerCase()
        }),
      )
      if (found !== null) return found
      try {
        const created = await api.post<Row>(
          'api/biz/suppliers',
          { Info: { _createguid: 'info', Name: name } },
          { companyKey },
        )
        return idOf(created)!
      } catch (error) {
        if (noSupplierRoute(error)) return null
        throw error
      }
    },
  }
}

/** The draft invoice calls: made once with the scan mark, found by it, and whether this user may open one. */
function invoiceCalls(
  deps: PlatformDeps,
): Pick<ScanPlatform, 'findInvoice' | 'canSeeInvoice' | 'createInvoice' | 'supplierOfInvoice'> {
  const list = listOf(deps)
  return {
    async findInvoice(companyKey, sha256) {
      const mark = scanMark(sha256)
      // The mark is written into the draft's Comment when it is made. A platform that does not filter on
      // that field answers other invoices: only a row that carries the mark is this content's draft.
      const rows = await list(companyKey, 'api/biz/supplierinvoices', {
        filter: `contains(Comment,${quote(mark)})`,
        select: 'ID,Comment',
        orderby: 'ID',
        top: 10,
      })
      return idOf(rows.find((r) => typeof r.Comment === 'string' && r.Comment.includes(mark)))
    },

    async canSeeInvoice(companyKey, invoiceId) {
      try {
        await (
          await deps.api()
        ).get<Row>(`api/biz/supplierinvoices/${invoiceId}`, {
          companyKey,
          query: { select: 'ID' },
        })
        return true
      } catch (error) {
        if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return false
        throw error
      }
    },

    async createInvoice(companyKey, invoice) {
      const f = invoice.fields
      const body: Row = {
        ...(invoice.supplierId !== null
          ? { SupplierID: invoice.supplierId }
          : {
              Supplier: {
                _createguid: 'supplier',
                ...supplierGraph(
                  f,
                  invoice.supplierNote ?? '',
                  f.orgNumber ? undefined : invoice.unknownSupplierName,
                ),
              },
            }),
        Comment: `${invoice.fileName}\n${scanMark(invoice.sha256)}`,
      }
      if (f.orgNumber) body.SupplierOrgNumber = f.orgNumber
      if (f.invoiceNumber) body.InvoiceNumber = f.invoiceNumber
      if (f.invoiceDate) body.InvoiceDate = f.invoiceDate
      if (f.dueDate) body.PaymentDueDate = f.dueDate
      if (f.amount !== null) {
        body.TaxInclusiveAmount = f.amount
        body.TaxInclusiveAmountCurrency = f.amount
      }
      if (f.kid) body.PaymentID = f.kid
      if (f.bankAccount && !f.kid) body.PaymentInformation = f.bankAccount
      const api = await deps.api()
      if (f.bankAccount) {
        // The supplier's own bank account row, when the account read is one of its accounts. The bank
        // account list is not documented: where the platform does not offer it (or ignores the filter), the
        // draft carries the account as PaymentInformation only.
        const rows = await api
          .get<Row[]>('api/biz/bankaccounts', {
            companyKey,
            query: { filter: `AccountNumber eq ${quote(f.bankAccount)}`, select: 'ID,AccountNumber', top: 1 },
          })
          .catch((error: unknown) => {
            if (error instanceof ApiError && !isTransient(error)) return [] as Row[]
            throw error
          })
        const bankId = idOf(rows[0])
        if (bankId !== null) body.BankAccountID = bankId
      }
      const created = await api.post<Row>('api/biz/supplierinvoices', body, { companyKey })
      const id = idOf(created)
      if (id === null) throw new Error('The platform answered a new supplier invoice without an id')
      return id
    },

    async supplierOfInvoice(companyKey, invoiceId) {
      const rows = await list(companyKey, 'api/biz/supplierinvoices', {
        filter: `ID eq ${invoiceId}`,
        select: 'ID,SupplierID',
        top: 1,
      })
      const row = rows.find((r) => r.ID === invoiceId)
      return typeof row?.SupplierID === 'number' ? row.SupplierID : null
    },
  }
}

export function createScanPlatform(deps: PlatformDeps): ScanPlatform {
  return { ...fileCalls(deps), ...supplierCalls(deps), ...invoiceCalls(deps) }
}

/**
 * Errors that mean "not now" (signed out, offline, platform busy), never "this file is bad": the one rule
 * the outbox and the connection probe follow too.
 */
export { isTransient } from '../../../../common/transient.ts'
