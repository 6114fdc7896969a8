#!/usr/bin/env node
// Builds the local platform (platform/cli.ts and its document reader) into out/platform/ with esbuild: ES
// modules for Node, npm packages left to Node's resolver, the server in a chunk of its own so the command
// line still checks its flags before the server loads. Node starts the platform from this build in about
// half the time it takes through tsx, which resolves, transforms and source-maps every TypeScript module at
// each start. The build takes about a second and is redone only when a source is newer than it.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const root = resolve(import.meta.dirname, '..')
const outDir = join(root, 'out/platform')

/** The built command line; `node out/platform/cli.js [flags]` is `npm run platform -- [flags]`. */
export const platformEntry = join(outDir, 'cli.js')

/** Everything the build is made from: the platform, what it shares with the app, and this script. */
const sources = [
  'platform',
  'document-reader',
  'common',
  'package.json',
  'package-lock.json',
  'tsconfig.node.json',
]

function newestMtime(path) {
  const s = statSync(path, { throwIfNoEntry: false })
  if (!s) return 0
  if (!s.isDirectory()) return s.mtimeMs
  let newest = s.mtimeMs
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue
    newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}

export function isPlatformBuildStale() {
  const built = statSync(platformEntry, { throwIfNoEntry: false })?.mtimeMs
  if (built === undefined) return true
  const paths = [...sources.map((p) => join(root, p)), import.meta.filename]
  return paths.some((p) => newestMtime(p) > built)
}

export async function buildPlatform() {
  const { build } = await import('esbuild')
  const result = await build({
    absWorkingDir: root,
    entryPoints: { cli: 'platform/cli.ts', 'ocr-reader': 'document-reader/reader-worker.ts' },
    outdir: outDir,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    write: false,
  })
  // Each file is written beside its place and renamed into it, so a platform starting while another
  // process rebuilds reads whole files; the entry goes last, as it names the chunks it needs.
  const files = result.outputFiles.sort(
    (a, b) => Number(a.path === platformEntry) - Number(b.path === platformEntry),
  )
  for (const file of files) {
    mkdirSync(dirname(file.path), { recursive: true })
    const temporary = `${file.path}.${process.pid}.tmp`
    writeFileSync(temporary, file.contents)
    renameSync(temporary, file.path)
  }
  // Chunks of earlier builds are no longer named by any entry.
  const written = new Set(files.map((f) => f.path))
  const chunks = join(outDir, 'chunks')
  for (const name of existsSync(chunks) ? readdirSync(chunks) : []) {
    const path = join(chunks, name)
    if (!written.has(path) && !name.endsWith('.tmp')) rmSync(path, { force: true })
  }
  return relative(root, outDir)
}

/** Builds when a source changed since the last build; answers whether it built. */
export async function ensurePlatformBuild() {
  if (!isPlatformBuildStale()) return false
  await buildPlatform()
  return true
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const t0 = performance.now()
  const dir = await buildPlatform()
  console.log(`built the local platform into ${dir} in ${Math.round(performance.now() - t0)} ms`)
}
