// Adds receipts whose values were written down by others to the real-document manifest
// (bench/real-documents/manifest.json), as its `peers` set: the scanned receipts of the ICDAR 2019 SROIE
// competition's key-information task (Malaysian shops and restaurants, English and Malay), each with the date
// and total its publishers recorded. The reader was never tuned on them, and their misses are never listed.
//
//   node scripts/add-peer-receipts.mjs [--mirrors DIR] [--count N] [--tune M]
//
// The receipts are taken from a git copy of zzzDavid/ICDAR-2019-SROIE (data/img/NNN.jpg, data/key/NNN.json) at
// the commit named below, ordered by the hash of their path, never by looking: the first N of its 626 (default
// 150) are the `peers` set, only ever measured; the next M (default 150) are `peers-tune`, receipts of the same
// tills the reader may be tuned on (their misses are listed), so that what is learnt from them is proved on
// the first N. A
// recorded date is turned into yyyy-mm-dd day first (the country's order; `10/12/2017` is 10 December), month
// names in English or Malay, month first only where day first gives no date (`12/28/2017`: a few tills print the
// American order; where both orders give a date, the country's is taken). A date that is no calendar date, or a
// total that is not an amount, is not scored.
// Running it again replaces the peers set.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { argument } from './gather-public-files.mjs'

const REPOSITORY = 'zzzDavid/ICDAR-2019-SROIE'
const COMMIT = '27be4271b251c256f695acbade9a801bffe85994'
const here = dirname(fileURLToPath(import.meta.url))
const manifestPath = join(here, '..', 'bench', 'real-documents', 'manifest.json')
const mirrors = argument('--mirrors') ?? process.env.REAL_DOCUMENTS_MIRRORS ?? '/work/.mirror'
const count = Number(argument('--count') ?? 150)
const tuneCount = Number(argument('--tune') ?? 150)

const MONTHS = {
  JAN: 1,
  FEB: 2,
  MAR: 3,
  MAC: 3,
  APR: 4,
  MAY: 5,
  MEI: 5,
  JUN: 6,
  JUL: 7,
  AUG: 8,
  OGO: 8,
  SEP: 9,
  OCT: 10,
  OKT: 10,
  NOV: 11,
  DEC: 12,
  DIS: 12,
}

/** A calendar date as yyyy-mm-dd, or null. */
function isoDate(year, month, day) {
  const y = year < 100 ? 2000 + year : year
  const d = new Date(Date.UTC(y, month - 1, day))
  if (d.getUTCFullYear() !== y || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** The recorded date as yyyy-mm-dd, day first; null where it is not one. */
export function recordedDate(text) {
  const t = text.trim().replace(/^\((.*)\)$/, '$1')
  let m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(t)
  if (m) return isoDate(+m[1], +m[2], +m[3])
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(t)
  // Day first; a date that is none that way (`12/28/2017`) was printed month first, as a few tills do.
  if (m) return isoDate(+m[3], +m[2], +m[1]) ?? isoDate(+m[3], +m[1], +m[2])
  m = /^(\d{1,2})[ \-/]([A-Za-z]{3})[A-Za-z]*[ \-/](\d{2}|\d{4})$/.exec(t)
  if (m) return MONTHS[m[2].toUpperCase()] ? isoDate(+m[3], MONTHS[m[2].toUpperCase()], +m[1]) : null
  m = /^([A-Za-z]{3})[A-Za-z]* (\d{1,2}), (\d{4})$/.exec(t)
  if (m) return MONTHS[m[1].toUpperCase()] ? isoDate(+m[3], MONTHS[m[1].toUpperCase()], +m[2]) : null
  m = /^(\d{8})$/.exec(t)
  if (m)
    return t.startsWith('20')
      ? isoDate(+t.slice(0, 4), +t.slice(4, 6), +t.slice(6))
      : isoDate(+t.slice(4), +t.slice(2, 4), +t.slice(0, 2))
  return null
}

/** The recorded total with two decimals (currency and thousands marks dropped); null where it is none. */
export function recordedTotal(text) {
  const t = text.replace(/^(RM|\$)\s*/i, '').replace(/,(?=\d{3}\b)/g, '')
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null
  return Number(t).toFixed(2)
}

function gitDir() {
  const dir = join(mirrors, REPOSITORY.replace('/', '+'), 'repo')
  if (existsSync(dir)) return dir
  const clone = join(mirrors, ...REPOSITORY.split('/'), '.git')
  if (existsSync(clone)) return clone
  throw new Error(`no git copy of ${REPOSITORY} in ${mirrors}`)
}

const git = (...args) => execFileSync('git', ['--git-dir', gitDir(), ...args], { encoding: 'utf8' })

/** Replaces the manifest's peers sets with `count` + `tuneCount` receipts of the repository at COMMIT. */
function addPeerReceipts() {
  const hashOf = (path) => createHash('sha256').update(`${REPOSITORY}:${path}`).digest('hex')
  const images = git('ls-tree', '-r', '--name-only', COMMIT, 'data/img')
    .split('\n')
    .filter((p) => /^data\/img\/\d+\.jpg$/.test(p))
    .sort((a, b) => hashOf(a).localeCompare(hashOf(b)))
    .slice(0, count + tuneCount)
  const halfOf = new Map(images.map((path, i) => [path, i < count ? 'peers' : 'peers-tune']))

  const files = []
  for (const path of [...images].sort()) {
    const key = JSON.parse(
      git('show', `${COMMIT}:${path.replace('/img/', '/key/').replace(/\.jpg$/, '.json')}`),
    )
    files.push({
      repository: REPOSITORY,
      commit: COMMIT,
      path,
      kind: 'scan',
      language: 'en',
      half: halfOf.get(path),
      truth: {
        number: null,
        issueDate: recordedDate(String(key.date ?? '')),
        dueDate: null,
        total: recordedTotal(String(key.total ?? '')),
        sellerVatId: null,
      },
    })
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
  manifest.files = [...manifest.files.filter((f) => !f.half.startsWith('peers')), ...files]
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 1)}\n`)
  for (const half of ['peers', 'peers-tune']) {
    const set = files.filter((f) => f.half === half)
    const scored = (field) => set.filter((f) => f.truth[field] !== null).length
    console.log(
      `${set.length} receipts of ${REPOSITORY} in the manifest's ${half} set: ${scored('issueDate')} dates, ${scored('total')} totals scored`,
    )
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) addPeerReceipts()
