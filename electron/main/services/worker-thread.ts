// Main's worker threads (the structured invoice reader, the scan station's page reader): a thread runs
// the TypeScript module beside its caller when the app runs from sources (tests, benches: tsx's loader
// is registered first), else the entry the build gives it (electron.vite.config.ts).
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker, type ResourceLimits } from 'node:worker_threads'

/**
 * The worker's module: `source` beside `callerUrl` from sources, else the build's `entry` (`name.js` in
 * out/main, found from main's bundle or one of its chunks).
 */
export function workerUrl(callerUrl: string, source: string, entry: string): URL {
  if (callerUrl.endsWith('.ts')) return new URL(source, callerUrl)
  for (const rel of [`./${entry}`, `../${entry}`]) {
    const url = new URL(rel, callerUrl)
    if (existsSync(fileURLToPath(url))) return url
  }
  throw new Error(`the worker ${entry} is missing from the build`)
}

/** Starts a worker thread on `url`; from TypeScript sources it first registers tsx's loader. */
export function spawnWorker(url: URL, resourceLimits: ResourceLimits): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url, { resourceLimits })
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href
  const code = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(url.href)}) })`
  return new Worker(code, { eval: true, resourceLimits })
}
