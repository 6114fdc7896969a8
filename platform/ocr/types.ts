// Shapes of the OCR result (spec 2.13): words with boxes in pixels of the page image (top-left origin),
// interpreted properties with their candidates.

export interface OcrWord {
  Id: number
  Text: string
  Left: number
  Top: number
  Width: number
  Height: number
  PageNo: number
}

export interface OcrPageResult {
  PageNo: number
  ImageWidth: number
  ImageHeight: number
  Words: OcrWord[]
  Source: 'text-layer' | 'tesseract'
  /**
   * Degrees (0, 90, 180, 270) the page image was turned clockwise, from the page as displayed with its own
   * `/Rotate`, to be read upright: the word boxes are in that turned image. A viewer maps them back with it.
   */
  Rotation?: number
}

export interface OcrProperty {
  Id: number
  Name: string
  PropertyType: number
}

export interface InterpretationCandidate {
  Id: number
  InterpretedPropertyId: number
  HitWordId: number
  HitWordText: string
  HitWordPlacement: string
  Value: string
  Top: number
  Left: number
  Height: number
  Width: number
  ProbabilityFactor: number
  /** The page the value was read on (its box is in that page's image pixels). */
  PageNo: number
}

export interface InterpretedProperty {
  Id: number
  OcrInterpretationId: number
  OcrPropertyId: number
  ProposedCandidateId: number
  SelectedCandidateId: number | null
  ActualValue: string | null
  ProposedCandidate: InterpretationCandidate
  SelectedCandidate: InterpretationCandidate | null
  OcrProperty: OcrProperty
  InterpretationCandidates: InterpretationCandidate[]
}

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

/** PropertyType: 1 text, 2 number, 3 amount, 4 date. */
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
