// Gathers the public structured e-invoice examples the OCR benchmark reads (bench/einvoice-public/manifest.json)
// from local git copies of their repositories into a cache outside the tree, at the commit the manifest names.
// The files are the repositories' own (licences of their own) and are never committed here.
//
//   node scripts/gather-einvoice-public.mjs [--mirrors DIR] [--out DIR]
//
// A repository `owner/name` is looked for as a bare mirror `DIR/owner+name/repo` or a clone `DIR/owner/name`
// (`git clone https://github.com/owner/name DIR/owner/name`); DIR defaults to $EINVOICE_MIRRORS, else
// /work/.mirror. The cache defaults to $EINVOICE_PUBLIC_DIR, else ~/.cache/ledgerdesk/einvoice-public.
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { argument, gatherPublicFiles } from './gather-public-files.mjs'

const here = dirname(fileURLToPath(import.meta.url))
gatherPublicFiles({
  manifestPath: join(here, '..', 'bench', 'einvoice-public', 'manifest.json'),
  mirrors: argument('--mirrors') ?? process.env.EINVOICE_MIRRORS ?? '/work/.mirror',
  out:
    argument('--out') ??
    process.env.EINVOICE_PUBLIC_DIR ??
    join(homedir(), '.cache', 'ledgerdesk', 'einvoice-public'),
})
