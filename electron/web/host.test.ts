import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memoryLogger } from '../main/logger.ts'
import { startWebHost, type WebHost } from './host.ts'

let dir: string
let host: WebHost

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ledgerdesk-host-'))
  await mkdir(join(dir, 'renderer/assets'), { recursive: true })
  await writeFile(join(dir, 'renderer/index.html'), '<!doctype html><title>Ledgerdesk</title>')
  await writeFile(join(dir, 'renderer/assets/app.js'), 'console.log(1)')
  await writeFile(join(dir, 'secret.txt'), 'outside the renderer')
  host = await startWebHost({
    port: 0,
    dataDir: join(dir, 'data'),
    rendererDir: join(dir, 'renderer'),
    log: memoryLogger(),
  })
})
afterAll(async () => {
  await host?.close()
  await rm(dir, { recursive: true, force: true })
})

/** A raw GET, so paths reach the server exactly as written (no client-side normalisation). */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: host.port, path, headers }, (res) => {
        let body = ''
        res.on('data', (c: Buffer) => (body += c.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      })
      req.on('error', reject)
      req.end()
    },
  )
}

describe('the browser-mode host', () => {
  it('prints an address on 127.0.0.1 that carries a 256-bit secret', () => {
    const url = new URL(host.url)
    expect(url.origin).toBe(host.origin)
    expect(url.hostname).toBe('127.0.0.1')
    expect(Buffer.from(url.searchParams.get('session')!, 'base64url')).toHaveLength(32)
    expect(url.hash).toBe('#/')
  })

  it('serves the renderer with the CSP that allows its own bridge socket', async () => {
    const page = await get('/')
    expect(page.status).toBe(200)
    expect(page.body).toContain('<title>Ledgerdesk</title>')
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['content-security-policy']).toContain(
      `connect-src 'self' ws://127.0.0.1:${host.port};`,
    )
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    const script = await get('/assets/app.js')
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8')
  })

  it('never serves a file outside the renderer folder', async () => {
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
    ]) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
      expect(res.body).not.toContain('outside the renderer')
    }
    expect((await get('/missing.js')).status).toBe(404)
  })

  it('answers only requests addressed to 127.0.0.1:<port> (no DNS rebinding)', async () => {
    const res = await get('/', { Host: `attacker.example:${host.port}` })
    expect(res.status).toBe(421)
    expect(res.body).not.toContain('<title>')
  })

  it('explains when the renderer has not been built', async () => {
    await expect(
      startWebHost({
        port: 0,
        dataDir: join(dir, 'data2'),
        rendererDir: join(dir, 'nowhere'),
        log: memoryLogger(),
      }),
    ).rejects.toMatchObject({ code: 'RENDERER_NOT_BUILT' })
  })
})
