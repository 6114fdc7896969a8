// Gathers the real invoices and receipts the OCR benchmark reads (bench/real-documents/manifest.json) from
// local git copies of their repositories into a cache outside the tree, at the commit the manifest names.
// The files are the repositories' own (licences of their own) and are never committed here.
//
//   node scripts/gather-real-documents.mjs [--mirrors DIR] [--out DIR]
//
// DIR defaults to $REAL_DOCUMENTS_MIRRORS, else /work/.mirror (see scripts/gather-public-files.mjs for the
// layouts looked for). The cache defaults to $REAL_DOCUMENTS_DIR, else ~/.cache/ledgerdesk/real-documents.
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { argument, gatherPublicFiles } from './gather-public-files.mjs'

const here = dirname(fileURLToPath(import.meta.url))
gatherPublicFiles({
  manifestPath: join(here, '..', 'bench', 'real-documents', 'manifest.json'),
  mirrors: argument('--mirrors') ?? process.env.REAL_DOCUMENTS_MIRRORS ?? '/work/.mirror',
  out:
    argument('--out') ??
    process.env.REAL_DOCUMENTS_DIR ??
    join(homedir(), '.cache', 'ledgerdesk', 'real-documents'),
})
