// Electron's protocol module is the one thing replaced here: the app:// handler runs against real files.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { memoryLogger } from '../logger.ts'
import { contentSecurityPolicy } from '../static-files.ts'

let handler: (request: Request) => Promise<Response>
const privileged: unknown[] = []
vi.mock('electron', () => ({
  protocol: {
    handle: (_scheme: string, fn: never) => (handler = fn),
    registerSchemesAsPrivileged: (schemes: unknown[]) => privileged.push(...schemes),
  },
}))

const { registerAppScheme, serveRenderer } = await import('./protocol.ts')

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ledgerdesk-app-protocol-'))
  await mkdir(join(dir, 'renderer/assets'), { recursive: true })
  await writeFile(join(dir, 'renderer/index.html'), '<!doctype html><title>Ledgerdesk</title>')
  await writeFile(join(dir, 'renderer/assets/app.css'), 'body{}')
  await writeFile(join(dir, 'tokens.json'), '{"secret":true}')
  serveRenderer(join(dir, 'renderer'), contentSecurityPolicy(), memoryLogger())
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('the app:// scheme', () => {
  it('is registered as standard, secure and fetch-capable', () => {
    registerAppScheme()
    expect(privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ])
  })

  it('serves the renderer with its MIME type and the CSP header', async () => {
    const page = await handler(new Request('app://ledgerdesk/index.html'))
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<title>Ledgerdesk</title>')
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('content-security-policy')).toBe(contentSecurityPolicy())
    const css = await handler(new Request('app://ledgerdesk/assets/app.css'))
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8')
  })

  it('serves nothing outside the renderer folder or for another host', async () => {
    for (const url of [
      'app://ledgerdesk/%2e%2e/tokens.json',
      'app://ledgerdesk/assets/..%2f..%2ftokens.json',
      'app://ledgerdesk/missing.js',
      'app://ledgerdesk/assets',
      'app://other/index.html',
    ]) {
      const res = await handler(new Request(url))
      expect(res.status, url).toBe(404)
      expect(await res.text()).not.toContain('secret')
    }
  })
})
