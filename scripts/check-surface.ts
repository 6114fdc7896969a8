// `tsx scripts/check-surface.ts FILE`: reads what the platform in its documented mode recorded while the
// end-to-end suite ran (one JSON line per use, platform/surface/enforce.ts) and checks every undocumented use
// against the app's list of known extensions (electron/main/services/api/extensions.ts), each with its
// fallback. Prints the counts and each use, and exits 1 when a use is not on the list, or the file is missing.
// `--report` prints the table of docs/platform-needs.md ("What the app needs from the platform") from the
// same recording.
import { existsSync, readFileSync } from 'node:fs'
import { extensionFor, extensions } from '../electron/main/services/api/extensions.ts'
import type { UndocumentedUse } from '../common/platform-surface.ts'

const args = process.argv.slice(2)
const report = args.includes('--report')
const file = args.find((a) => !a.startsWith('--'))
if (!file || !existsSync(file)) {
  console.error(
    `check-surface: no recording at ${file ?? '(none given)'}; the documented-surface run recorded nothing`,
  )
  process.exit(1)
}

const uses: UndocumentedUse[] = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as UndocumentedUse)

const key = (u: UndocumentedUse) =>
  [u.kind, u.method, u.route, u.entity ?? '', u.name.toLowerCase()].join(' ')
const distinct = new Map<string, UndocumentedUse>()
for (const u of uses) if (!distinct.has(key(u))) distinct.set(key(u), u)

const documented = [...distinct.values()].filter((u) => u.kind === 'documented')
const undocumented = [...distinct.values()].filter((u) => u.kind !== 'documented')
/**
 * What changes what the app gets (a refused route or action, an ignored filter or orderby) must be listed;
 * a field or parameter the platform recorded but still answered is printed, not yet held to the list.
 */
const gates = (u: UndocumentedUse) => u.effect === 'refused' || u.effect === 'ignored'
const unlisted = undocumented.filter((u) => !extensionFor(u) && gates(u))
const unlistedRecorded = undocumented.filter((u) => !extensionFor(u) && !gates(u))

if (report) {
  console.log('| route | action | documented in |')
  console.log('|---|---|---|')
  const rows = new Map<string, string>()
  for (const u of documented)
    rows.set(`| \`${u.method} ${u.route}\` | ${u.name ? `\`${u.name}\`` : ''} | ${u.source ?? ''} |`, '')
  for (const r of [...rows.keys()].sort()) console.log(r)
  console.log()
  console.log('| use beyond the documents | what for | when the platform refuses or ignores it |')
  console.log('|---|---|---|')
  for (const e of extensions)
    console.log(
      `| ${e.kind} \`${e.method} ${e.route}\`${e.names ? ` ${e.names.map((n) => `\`${n}\``).join(', ')}` : ''} | ${e.why} | ${e.fallback} |`,
    )
  process.exit(0)
}

console.log(
  `documented surface: ${documented.length} documented routes used; ${undocumented.length} undocumented uses, ` +
    `${undocumented.length - unlisted.length - unlistedRecorded.length} on the list of extensions with a fallback; ` +
    `not on it: ${unlisted.length} refused or ignored (these fail the check), ${unlistedRecorded.length} answered anyway`,
)
for (const u of undocumented) {
  const listed = extensionFor(u)
  console.log(
    `  ${listed ? 'listed  ' : gates(u) ? 'UNLISTED' : 'answered'} ${u.effect.padEnd(8)} ${u.kind} ${u.method} ${u.route}` +
      `${u.entity ? ` ${u.entity}` : ''}${u.name ? ` ${u.name}` : ''}${u.assumed ? ' (model has more fields than documented)' : ''}`,
  )
  if (!listed && gates(u)) console.log(`           first request: ${u.request}`)
}
const unused = extensions.filter((e) => !undocumented.some((u) => extensionFor(u) === e))
if (unused.length > 0) {
  console.log(`extensions not used in this run (${unused.length}):`)
  for (const e of unused)
    console.log(`  ${e.kind} ${e.method} ${e.route}${e.names ? ` ${e.names.join(', ')}` : ''}`)
}
process.exit(unlisted.length === 0 ? 0 : 1)
