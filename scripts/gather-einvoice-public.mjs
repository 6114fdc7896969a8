// Gathers the public structured e-invoice examples the OCR benchmark reads (bench/einvoice-public/manifest.json)
// from local git copies of their repositories into a cache outside the tree, at the commit the manifest names.
// The files are the repositories' own (licences of their own) and are never committed here.
//
//   node scripts/gather-einvoice-public.mjs [--mirrors DIR] [--out DIR]
//
// A repository `owner/name` is looked for as a bare mirror `DIR/owner+name/repo` or a clone `DIR/owner/name`
// (`git clone https://github.com/owner/name DIR/owner/name`); DIR defaults to $EINVOICE_MIRRORS, else
// /work/.mirror. The cache defaults to $EINVOICE_PUBLIC_DIR, else ~/.cache/ledgerdesk/einvoice-public.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const arg = (name) => {
  const i = process.argv.indexOf(name)
  return i > 0 ? process.argv[i + 1] : undefined
}
const mirrors = arg('--mirrors') ?? process.env.EINVOICE_MIRRORS ?? '/work/.mirror'
const defaultCache = () =>
  process.env.EINVOICE_PUBLIC_DIR ?? join(homedir(), '.cache', 'ledgerdesk', 'einvoice-public')
const out = arg('--out') ?? defaultCache()
const manifest = JSON.parse(
  readFileSync(join(here, '..', 'bench', 'einvoice-public', 'manifest.json'), 'utf8'),
)

function gitDirOf(repository) {
  const [owner, name] = repository.split('/')
  for (const dir of [join(mirrors, `${owner}+${name}`, 'repo'), join(mirrors, owner, name, '.git')])
    if (existsSync(dir)) return dir
  return null
}

let copied = 0
const missing = new Set()
for (const file of manifest.files) {
  const gitDir = gitDirOf(file.repository)
  if (!gitDir) {
    missing.add(file.repository)
    continue
  }
  let bytes
  try {
    bytes = execFileSync('git', ['--git-dir', gitDir, 'show', `${file.commit}:${file.path}`], {
      maxBuffer: 64 * 1024 * 1024,
    })
  } catch {
    // The mirror is older or newer than the manifest's commit: that commit's file is what the truth is of.
    console.error(`not at ${file.commit.slice(0, 10)}: ${file.repository} ${file.path}`)
    missing.add(file.repository)
    continue
  }
  const to = join(out, file.repository.replace('/', '+'), file.path)
  mkdirSync(dirname(to), { recursive: true })
  writeFileSync(to, bytes)
  copied++
}
console.log(`${copied} of ${manifest.files.length} files in ${out}`)
for (const repository of missing)
  console.log(
    `missing: ${repository} (git clone https://github.com/${repository} ${join(mirrors, repository)})`,
  )
process.exitCode = copied === manifest.files.length ? 0 : 1
