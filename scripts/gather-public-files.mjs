// Copies the files a manifest of public files names (repository, commit, path) from local git copies of their
// repositories into a cache outside the tree, at the commit the manifest names. The files are the
// repositories' own (licences of their own) and are never committed here.
//
// A repository `owner/name` is looked for as a bare mirror `DIR/owner+name/repo` or a clone `DIR/owner/name`
// (`git clone https://github.com/owner/name DIR/owner/name`).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** The value following `name` on the command line, if any. */
export const argument = (name) => {
  const i = process.argv.indexOf(name)
  return i > 0 ? process.argv[i + 1] : undefined
}

function gitDirOf(mirrors, repository) {
  const [owner, name] = repository.split('/')
  for (const dir of [join(mirrors, `${owner}+${name}`, 'repo'), join(mirrors, owner, name, '.git')])
    if (existsSync(dir)) return dir
  return null
}

/** Gathers every file of the manifest into `out`; sets the exit code to 1 unless all were copied. */
export function gatherPublicFiles({ manifestPath, mirrors, out }) {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
  let copied = 0
  const missing = new Set()
  for (const file of manifest.files) {
    const gitDir = gitDirOf(mirrors, file.repository)
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
}
