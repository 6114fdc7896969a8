// The families of the OCR corpus and their split into TUNED and UNSEEN.
//
// The split is fixed here, once, and never moved: the interpreter may be tuned on the TUNED families (their
// documents and misses may be looked at), never on the UNSEEN ones. The UNSEEN figure of `npm run bench:ocr`
// is the one that counts: it says how the interpreter does on invoices laid out by code it was not fitted
// to, as accountants' clients' invoices are. Moving a family from UNSEEN to TUNED after looking at its misses
// would turn that figure into another fitted one, so a family that has been seen can only be replaced by a
// new unseen one, never promoted.
import { generateHardDocument, HARD_KINDS, type HardKind } from './hard.ts'
import type { CorpusDocument } from './families/facts.ts'
import { generateJspdfTemplate } from './families/jspdf-template.ts'
import { generateLayout, LAYOUT_FAMILIES } from './families/layouts.ts'
import { generateMicroinvoice } from './families/microinvoice.ts'
import { generatePdfInvoice } from './families/pdf-invoice.ts'

export type { CorpusDocument } from './families/facts.ts'

export interface Family {
  name: string
  kind: string
  /** Who laid the documents out: our own generator or a third-party library (npm package name). */
  source: 'own' | string
  generate(seed: number): Promise<CorpusDocument>
}

function hardFamily(kind: HardKind): Family {
  return {
    name: `hard-${kind}`,
    kind,
    source: 'own',
    async generate(seed) {
      const { kind: k, ...doc } = await generateHardDocument(kind, seed)
      return { ...doc, family: `hard-${k}`, kind: k }
    },
  }
}

function layoutFamily(name: string): Family {
  const layout = LAYOUT_FAMILIES.find((l) => l.name === name)
  if (!layout) throw new Error(`no layout family named ${name}`)
  return { name, kind: 'layout', source: 'own', generate: (seed) => generateLayout(layout, seed) }
}

/** The families the interpreter may be tuned on: the harder corpus's kinds and five own layouts. */
export const TUNED_FAMILIES: readonly Family[] = [
  ...HARD_KINDS.map(hardFamily),
  layoutFamily('own-label-above-nb'),
  layoutFamily('own-two-column-nn'),
  layoutFamily('own-header-table-sv'),
  layoutFamily('own-totals-table-en'),
  layoutFamily('own-beside-de'),
]

/** The families the interpreter is never tuned on: every third-party library and three own layouts. */
export const UNSEEN_FAMILIES: readonly Family[] = [
  { name: 'lib-microinvoice', kind: 'library', source: 'microinvoice', generate: generateMicroinvoice },
  {
    name: 'lib-jspdf-template',
    kind: 'library',
    source: 'jspdf-invoice-template-nodejs',
    generate: generateJspdfTemplate,
  },
  {
    name: 'lib-pdf-invoice',
    kind: 'library',
    source: '@h1dd3nsn1p3r/pdf-invoice',
    generate: generatePdfInvoice,
  },
  layoutFamily('own-right-block-da'),
  layoutFamily('own-label-above-fr'),
  layoutFamily('own-two-column-nl'),
]

export const ALL_FAMILIES: readonly Family[] = [...TUNED_FAMILIES, ...UNSEEN_FAMILIES]

export function isUnseen(name: string): boolean {
  return UNSEEN_FAMILIES.some((f) => f.name === name)
}
