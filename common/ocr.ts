// The platform's OCR answer (spec 2.13, `files/{id}?action=ocranalyse`) and its property ids, typed once: the
// local platform builds it, main's scan pipeline reads a draft invoice's fields from it, the review proposes
// values from it and the document viewer draws its words and boxes.
import { z } from 'zod'

/** spec 2.13 OCR property ids. */
export const OcrPropertyId = {
  OfficialNumber: 1,
  Iban: 2,
  BankAccount: 3,
  Kid: 4,
  InvoiceNumber: 5,
  TotalAmount: 6,
  InvoiceDate: 7,
  DueDate: 8,
  Department: 9,
  Requisition: 10,
} as const
export type OcrPropertyId = (typeof OcrPropertyId)[keyof typeof OcrPropertyId]

export const OcrProperty = z.object({
  Id: z.number().int(),
  Name: z.string(),
  /** 1 text, 2 number, 3 amount, 4 date. */
  PropertyType: z.number().int(),
})
export type OcrProperty = z.infer<typeof OcrProperty>

/** spec 2.13: each property id with its name and type. */
export const OCR_PROPERTIES: Record<OcrPropertyId, OcrProperty> = {
  1: { Id: 1, Name: 'Official number', PropertyType: 1 },
  2: { Id: 2, Name: 'IBAN number', PropertyType: 1 },
  3: { Id: 3, Name: 'Bank account number', PropertyType: 1 },
  4: { Id: 4, Name: 'Customer identification number', PropertyType: 1 },
  5: { Id: 5, Name: 'Invoice number', PropertyType: 1 },
  6: { Id: 6, Name: 'Total amount', PropertyType: 3 },
  7: { Id: 7, Name: 'Invoice date', PropertyType: 4 },
  8: { Id: 8, Name: 'Due date', PropertyType: 4 },
  9: { Id: 9, Name: 'Department', PropertyType: 1 },
  10: { Id: 10, Name: 'Requisition', PropertyType: 1 },
}

/** Field notes: a word of `OcrRawData.AllWords`, its box in pixels of the page image (top-left origin). */
export const OcrWord = z.object({
  Id: z.number().int(),
  Text: z.string(),
  Left: z.number(),
  Top: z.number(),
  Width: z.number(),
  Height: z.number(),
  PageNo: z.number().int(),
})
export type OcrWord = z.infer<typeof OcrWord>

/** The image size a page's boxes are measured in. */
export const OcrPageSize = z.object({
  PageNo: z.number().int(),
  ImageWidth: z.number(),
  ImageHeight: z.number(),
  /**
   * Degrees (0, 90, 180, 270) the page image was turned clockwise, from the page as displayed with its own
   * `/Rotate`, to be read upright: the word boxes are in that turned image (absent: 0). A viewer maps them
   * back with it.
   */
  Rotation: z.number().int().optional(),
})
export type OcrPageSize = z.infer<typeof OcrPageSize>

/**
 * `OcrRawData`, a JSON string (field notes): every word read, and the size of every page read (the top-level
 * size is the first page's).
 */
export const OcrRawData = z.object({
  AllWords: z.array(OcrWord),
  ImageWidth: z.number(),
  ImageHeight: z.number(),
  Pages: z.array(OcrPageSize),
  /**
   * The structured invoice (EN 16931, common/einvoice) the document is or carries, when it was read from its
   * XML rather than its pages: every field and the invoice lines.
   */
  StructuredInvoice: z.unknown().optional(),
  /**
   * Why the structured invoice a PDF embeds was not read (common/einvoice/embedded.ts: `tooLarge`,
   * `tooManyFiles`, `malformed`, `unsupportedFilter`, `timeout`), when it was refused: its pages were read.
   */
  EmbeddedInvoiceRefused: z.object({ code: z.string(), message: z.string() }).optional(),
})
export type OcrRawData = z.infer<typeof OcrRawData>

export const InterpretationCandidate = z.object({
  Id: z.number().int(),
  InterpretedPropertyId: z.number().int(),
  HitWordId: z.number().int(),
  HitWordText: z.string(),
  HitWordPlacement: z.string(),
  Value: z.string(),
  Top: z.number(),
  Left: z.number(),
  Height: z.number(),
  Width: z.number(),
  /** 0..1 (field notes). */
  ProbabilityFactor: z.number().min(0).max(1),
  /** The page the value was read on (its box is in that page's image pixels); absent: the answer's page. */
  PageNo: z.number().int().optional(),
})
export type InterpretationCandidate = z.infer<typeof InterpretationCandidate>

export const InterpretedProperty = z.object({
  Id: z.number().int(),
  OcrInterpretationId: z.number().int(),
  OcrPropertyId: z.number().int(),
  ProposedCandidateId: z.number().int(),
  SelectedCandidateId: z.number().int().nullable(),
  ActualValue: z.string().nullable(),
  /** The best candidate: clients take it as the suggestion (field notes). */
  ProposedCandidate: InterpretationCandidate,
  SelectedCandidate: InterpretationCandidate.nullable(),
  OcrProperty: OcrProperty,
  InterpretationCandidates: z.array(InterpretationCandidate),
})
export type InterpretedProperty = z.infer<typeof InterpretedProperty>

/**
 * A foreign supplier's VAT id or registry number read on the document (an extension of spec 2.13, whose
 * official number is the Norwegian one): checked by its own country's rule, with its ISO 3166 country code,
 * `Value` in the VAT id's form (`SE556036079301`, `DK13585628`); `Kind` says which was printed. The scan
 * pipeline finds or creates the supplier by it.
 */
export const OcrForeignSupplierId = z.object({
  CountryCode: z.string(),
  Value: z.string(),
  Kind: z.enum(['vat', 'registry']),
  PageNo: z.number().int().optional(),
  HitWordText: z.string().optional(),
  ProbabilityFactor: z.number().min(0).max(1),
})
export type OcrForeignSupplierId = z.infer<typeof OcrForeignSupplierId>

/**
 * The OCR result of spec 2.13. Of a whole document, `PagesRead` lists the pages read and the top-level
 * `PageNo`, `ImageWidth` and `ImageHeight` describe the first of them. `UniFile` is the stored file's
 * fields, added by the file server.
 */
export const OcrAnswer = z.object({
  Id: z.number().int(),
  PageNo: z.number().int(),
  PagesRead: z.array(z.number().int()).optional(),
  ImageWidth: z.number(),
  ImageHeight: z.number(),
  OcrDataUsed: z.boolean(),
  OcrTemplateId: z.number().int().nullable(),
  Language: z.string(),
  OcrRawData: z.string(),
  UniFile: z.record(z.string(), z.unknown()).optional(),
  InterpretedProperties: z.array(InterpretedProperty),
  /** Foreign supplier ids read, the most probable first (absent: none, or a server without them). */
  ForeignSupplierIds: z.array(OcrForeignSupplierId).optional(),
})
export type OcrAnswer = z.infer<typeof OcrAnswer>

/**
 * An answer as a client meets it, from the local platform or another server: any field may be missing or
 * null, so a client reads what is there and leaves out the rest rather than guess.
 */
export type OcrAnswerInput = Lenient<OcrAnswer>
type Lenient<T> = T extends readonly (infer E)[]
  ? Lenient<E>[]
  : T extends object
    ? { [K in keyof T]?: Lenient<T[K]> | null }
    : T

/** A property's id: its `OcrProperty.Id`, or its `OcrPropertyId` when the property object does not say. */
export function ocrPropertyIdOf(property: {
  OcrProperty?: unknown
  OcrPropertyId?: unknown
}): number | undefined {
  const isId = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)
  const own = (property.OcrProperty as { Id?: unknown } | null | undefined)?.Id
  return isId(own) ? own : isId(property.OcrPropertyId) ? property.OcrPropertyId : undefined
}

/**
 * `OcrRawData` read from its JSON string (or, from some servers, an object already): null when it is missing
 * or cannot be read.
 */
export function readOcrRawData(raw: unknown): Lenient<OcrRawData> | null {
  let parsed = raw
  if (typeof raw === 'string') {
    try {
      parsed = JSON.parse(raw)
    } catch {
      return null
    }
  }
  return parsed && typeof parsed === 'object' ? (parsed as Lenient<OcrRawData>) : null
}
