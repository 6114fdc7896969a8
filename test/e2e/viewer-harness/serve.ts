// Builds the viewer page with Vite (the same plugins and aliases as the renderer) and serves it on loopback
// with the app's Content Security Policy, so the pdf.js worker runs under the policy it meets in the app.
// Files handed to `fixtures` are served under /fixtures/NAME.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, normalize } from 'node:path'
import vue from '@vitejs/plugin-vue'
import { build } from 'vite'
import { contentSecurityPolicy, staticHeaders } from '../../../electron/main/static-files.ts'

const root = join(import.meta.dirname, '../../..')

export interface ViewerHarness {
  url: string
  fixtures: Map<string, { bytes: Uint8Array; type: string }>
  stop(): Promise<void>
}

export async function startViewerHarness(): Promise<ViewerHarness> {
  const outDir = await mkdtemp(join(tmpdir(), 'ledgerdesk-viewer-harness-'))
  await build({
    configFile: false,
    logLevel: 'warn',
    root: import.meta.dirname,
    base: './',
    plugins: [vue()],
    resolve: {
      alias: { '@renderer': join(root, 'renderer/src'), '@common': join(root, 'common') },
    },
    define: {
      __VUE_I18N_LEGACY_API__: 'false',
      __VUE_I18N_FULL_INSTALL__: 'true',
      __INTLIFY_PROD_DEVTOOLS__: 'false',
    },
    build: { outDir, emptyOutDir: true, sourcemap: false, minify: false, reportCompressedSize: false },
  })
  const fixtures = new Map<string, { bytes: Uint8Array; type: string }>()
  const csp = contentSecurityPolicy()
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    if (path.startsWith('/fixtures/')) {
      const fixture = fixtures.get(path.slice('/fixtures/'.length))
      if (!fixture) return void res.writeHead(404).end()
      res.writeHead(200, { 'Content-Type': fixture.type, 'Cache-Control': 'no-store' })
      return void res.end(fixture.bytes)
    }
    const file = join(outDir, normalize(path === '/' ? '/index.html' : path))
    if (!file.startsWith(outDir)) return void res.writeHead(403).end()
    readFile(file).then(
      (body) => {
        res.writeHead(200, staticHeaders(file, csp))
        res.end(body)
      },
      () => res.writeHead(404).end(),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    fixtures,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await rm(outDir, { recursive: true, force: true })
    },
  }
}
