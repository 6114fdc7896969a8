// The scan station's part of the bridge: watched folders per company, the pipeline's rows, files
// dropped or pasted on the window, and what happened (a row changed, a batch finished).
import { z } from 'zod'

export const ScanRowState = z.enum([
  'queued',
  'uploading',
  'reading',
  'creating',
  'ready',
  'failed',
  'cancelled',
  'duplicate',
  /** A scanned batch cut into parts, each a row (and an invoice) of its own. */
  'split',
])
export type ScanRowState = z.infer<typeof ScanRowState>

/** The platform's or this computer's own words for what went wrong, as they came. */
const detail = z.object({ detail: z.string() })
const none = z.object({})

/**
 * Why a file did not become an invoice (or not yet), as a code and the parameters its wording takes. Main
 * sends these; the inbox words every code in the user's language (renderer/src/features/scan/messages-*.ts),
 * and main words those that send a file to failed/ in the note beside it (scan/reasons.ts).
 */
export const ScanReason = z.discriminatedUnion('code', [
  /** The file has no bytes. */
  z.object({ code: z.literal('empty'), params: none }),
  /** Larger than the platform's upload limit (scanMaxFileBytes). */
  z.object({ code: z.literal('tooLarge'), params: none }),
  /** Not a PDF, PNG, JPEG, TIFF or XML invoice by its content. */
  z.object({ code: z.literal('unknownType'), params: none }),
  /** XML whose root element (`root`) is not an invoice (UBL Invoice or CreditNote, CII CrossIndustryInvoice). */
  z.object({ code: z.literal('notAnInvoiceXml'), params: z.object({ root: z.string() }) }),
  z.object({ code: z.literal('truncatedPdf'), params: none }),
  z.object({ code: z.literal('encryptedPdf'), params: none }),
  /** An XML invoice larger than an invoice's XML is (MAX_INVOICE_XML_BYTES, common/einvoice/xml.ts). */
  z.object({ code: z.literal('xmlTooLarge'), params: none }),
  /** The XML beside a PDF is a link (symlink) to a file elsewhere, or its real path leaves the folder. */
  z.object({ code: z.literal('linkedFile'), params: none }),
  /** The platform refused the file or a later step. */
  z.object({ code: z.literal('refused'), params: detail }),
  /** The file could not be read when it was to be uploaded (it was gone). */
  z.object({ code: z.literal('unreadable'), params: detail }),
  /** This computer's file system refused a read or a move; the file stays where it is. */
  z.object({ code: z.literal('localFile'), params: detail }),
  /** The file was rewritten after it was taken; its new content is taken as a file of its own. */
  z.object({ code: z.literal('changed'), params: none }),
  /** Queued: the platform cannot be reached, and the queue tries again by itself. */
  z.object({ code: z.literal('waiting'), params: detail }),
  /** The same content as a file already scanned: set aside in processed/duplicates/. */
  z.object({ code: z.literal('duplicate'), params: none }),
  /** The same content as a file another user on this computer already made an invoice of. */
  z.object({ code: z.literal('duplicateElsewhere'), params: none }),
])
export type ScanReason = z.infer<typeof ScanReason>
export type ScanReasonCode = ScanReason['code']
export const ScanReasonCode = z.enum(
  ScanReason.options.map((option) => option.shape.code.value) as [ScanReasonCode, ...ScanReasonCode[]],
)

/** One file in the pipeline, as the inbox shows it. */
export const ScanRow = z.object({
  id: z.string(),
  companyKey: z.string(),
  name: z.string(),
  state: ScanRowState,
  /** Upload progress in per cent while uploading. */
  progress: z.number().nullable(),
  /** Why it failed, waits or was set aside; null for a file on its way or ready. */
  reason: ScanReason.nullable(),
  invoiceId: z.number().nullable(),
  /** For a duplicate: the invoice the first copy became. */
  duplicateOfInvoiceId: z.number().nullable(),
  supplierName: z.string().nullable(),
  supplierCreated: z.boolean(),
  invoiceNumber: z.string().nullable(),
  amount: z.number().nullable(),
  /** Where the original is now (processed/, failed/ or still in the folder). */
  location: z.string().nullable(),
  takenAt: z.string(),
  updatedAt: z.string(),
  /** A split batch: how many parts it became. */
  parts: z.number().int().optional(),
  /** A part of a split batch: the batch's name, and which part of how many. */
  splitFrom: z
    .object({ name: z.string(), part: z.number().int(), of: z.number().int() })
    .nullable()
    .optional(),
  /**
   * A PDF still on this computer, not yet uploaded and not running (waiting while the platform is out of
   * reach, cancelled, or stopped before its upload): the accountant may split it here (`scan.split`).
   */
  splittable: z.boolean().optional(),
})
export type ScanRow = z.infer<typeof ScanRow>

export const PollingMode = z.enum(['auto', 'native', 'polling'])
export type PollingMode = z.infer<typeof PollingMode>

export const ScanFolderState = z.object({
  id: z.string(),
  path: z.string(),
  root: z.boolean(),
  companyKey: z.string().nullable(),
  companyName: z.string().nullable(),
  polling: PollingMode,
  /** A scanned PDF is split into invoices at its blank pages and separator sheets. */
  splitOnSeparators: z.boolean().optional(),
  state: z.enum(['starting', 'watching', 'polling', 'unavailable', 'stopped', 'unmatched']),
  lastTakenName: z.string().nullable(),
  lastTakenAt: z.string().nullable(),
  error: z.string().nullable(),
  /**
   * A root folder's subfolders that are not watched: no company fits (`none`), or the name fits two
   * companies (`ambiguous`, with the names of the companies it fits: rename the folder so it names one).
   * A company folder whose `company` fits two companies is listed here too, under its `company`; its files
   * are not taken until it names one.
   */
  unmatched: z.array(
    z.object({
      name: z.string(),
      reason: z.enum(['none', 'ambiguous']),
      candidates: z.array(z.string()).optional(),
    }),
  ),
  /** A root folder's subfolders that were matched, each watched as a company folder. */
  children: z.array(
    z.object({ path: z.string(), companyKey: z.string(), companyName: z.string(), state: z.string() }),
  ),
})
export type ScanFolderState = z.infer<typeof ScanFolderState>

export const ScanOverview = z.object({
  folders: z.array(ScanFolderState),
  paused: z.boolean(),
  pausedReason: z.string().nullable(),
  /** scan-folders.json could not be read: the last good mappings stay in use. */
  configError: z.string().nullable(),
  /** Documents in progress per company key. */
  inProgress: z.record(z.string(), z.number()),
  configFile: z.string(),
})
export type ScanOverview = z.infer<typeof ScanOverview>

export const PathCheck = z.object({
  path: z.string(),
  exists: z.boolean(),
  readable: z.boolean(),
  writable: z.boolean(),
  network: z.boolean(),
})
export type PathCheck = z.infer<typeof PathCheck>

export const NewScanFolder = z.object({
  path: z.string().trim().min(1).max(4000),
  /** The company's Key; omitted for a root folder. */
  companyKey: z.string().min(1).max(100).optional(),
  root: z.boolean().optional(),
  polling: PollingMode.optional(),
})
export type NewScanFolder = z.infer<typeof NewScanFolder>

/** The largest file the scan station takes (the platform's upload limit). */
export const scanMaxFileBytes = 50 * 1024 * 1024

/**
 * A file's bytes over the bridge (base64). Only small files fit in one bridge message; browser mode sends
 * dropped files over the host's upload endpoint instead (DropUpload).
 */
export const DroppedFile = z.object({
  name: z.string().min(1).max(255),
  data: z.string().max(70 * 1024 * 1024),
})
export type DroppedFile = z.infer<typeof DroppedFile>

/** A dropped file staged on the browser-mode host, named by the token `scan.dropUploads` takes. */
export const DropUpload = z.object({
  token: z.string().regex(/^[\w-]{20,64}$/),
  name: z.string(),
  size: z.number().int().nonnegative(),
})
export type DropUpload = z.infer<typeof DropUpload>

/** The pages of a PDF in the queue, as small pictures for the split view (at most MAX_SPLIT_VIEW_PAGES). */
export const ScanPages = z.object({
  pageCount: z.number().int(),
  /** data: URLs of JPEG pictures, the first pages in order. */
  thumbnails: z.array(z.string().max(200_000)),
})
export type ScanPages = z.infer<typeof ScanPages>

/** The separator sheet's PDF (base64), to be saved or printed. */
export const SeparatorSheet = z.object({ name: z.string(), base64: z.string() })
export type SeparatorSheet = z.infer<typeof SeparatorSheet>

export const ScanBatch = z.object({
  companyKey: z.string(),
  companyName: z.string(),
  ready: z.number(),
  failed: z.number(),
  duplicates: z.number(),
})
export type ScanBatch = z.infer<typeof ScanBatch>

const companyKey = z.string().min(1).max(100)

export const scanCalls = {
  'scan.overview': { args: z.tuple([]), result: ScanOverview },
  'scan.rows': { args: z.tuple([companyKey]), result: z.array(ScanRow) },
  'scan.addFolder': { args: z.tuple([NewScanFolder]), result: ScanOverview },
  'scan.removeFolder': { args: z.tuple([z.string().min(1)]), result: ScanOverview },
  'scan.setPolling': { args: z.tuple([z.string().min(1), PollingMode]), result: ScanOverview },
  'scan.setSplitOnSeparators': { args: z.tuple([z.string().min(1), z.boolean()]), result: ScanOverview },
  'scan.separatorSheet': { args: z.tuple([z.enum(['nb', 'en'])]), result: SeparatorSheet },
  'scan.pages': { args: z.tuple([companyKey, z.string().min(1).max(200)]), result: ScanPages },
  /** Splits a waiting PDF where a new part begins (page numbers from 2); false when it can no longer be. */
  'scan.split': {
    args: z.tuple([
      companyKey,
      z.string().min(1).max(200),
      z.array(z.number().int().min(2).max(10_000)).min(1).max(500),
    ]),
    result: z.boolean(),
  },
  'scan.checkPath': { args: z.tuple([z.string().trim().min(1).max(4000)]), result: PathCheck },
  'scan.chooseFolder': { args: z.tuple([]), result: z.string().nullable() },
  'scan.scanNow': { args: z.tuple([z.string().min(1)]), result: ScanOverview },
  'scan.retry': { args: z.tuple([companyKey, z.string().min(1)]), result: z.boolean() },
  'scan.cancel': { args: z.tuple([companyKey]), result: z.number() },
  'scan.dropFiles': { args: z.tuple([companyKey, z.array(DroppedFile).max(1000)]), result: z.number() },
  'scan.dropUploads': {
    args: z.tuple([companyKey, z.array(DropUpload.shape.token).min(1).max(1000)]),
    result: z.number(),
  },
  'scan.dropPaths': {
    args: z.tuple([companyKey, z.array(z.string().min(1).max(4000)).max(1000)]),
    result: z.number(),
  },
  'scan.showInFolder': {
    args: z.tuple([companyKey, z.string().min(1)]),
    result: z.object({ path: z.string().nullable(), shown: z.boolean() }),
  },
} as const

export const scanEvents = {
  'scan.rowChanged': ScanRow,
  'scan.overviewChanged': ScanOverview,
  'scan.batchFinished': ScanBatch,
} as const
