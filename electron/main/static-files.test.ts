import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, mimeTypeFor, resolveStaticPath } from './static-files.ts'

const root = resolve('/srv/ledgerdesk/out/renderer')

describe('serving the built renderer', () => {
  it('maps URL paths to files inside the renderer folder', () => {
    expect(resolveStaticPath(root, '/')).toBe(join(root, 'index.html'))
    expect(resolveStaticPath(root, '/index.html')).toBe(join(root, 'index.html'))
    expect(resolveStaticPath(root, '/assets/index-abc.js')).toBe(join(root, 'assets', 'index-abc.js'))
    expect(resolveStaticPath(root, '/assets/n%C3%B8kkel.png')).toBe(join(root, 'assets', 'nøkkel.png'))
  })

  it('refuses paths that would leave the folder, however they are spelled', () => {
    for (const path of [
      '/../secret.key',
      '/assets/../../secret.key',
      '/%2e%2e/secret.key',
      '/%2E%2E%2Fsecret.key',
      '/assets/..%2f..%2fsecret.key',
      '/..%5c..%5csecret.key',
      '/assets\\..\\..\\secret.key',
      '/index.html%00.png',
      '/%E0%A4%A',
      '/.env',
      '/assets/.git/config',
    ]) {
      expect(resolveStaticPath(root, path), path).toBeUndefined()
    }
  })

  it('sends the right MIME types', () => {
    expect(mimeTypeFor('index.html')).toBe('text/html; charset=utf-8')
    expect(mimeTypeFor('a.JS')).toBe('text/javascript; charset=utf-8')
    expect(mimeTypeFor('a.css')).toBe('text/css; charset=utf-8')
    expect(mimeTypeFor('a.woff2')).toBe('font/woff2')
    expect(mimeTypeFor('a.svg')).toBe('image/svg+xml')
    expect(mimeTypeFor('a.unknown')).toBe('application/octet-stream')
  })

  it('builds a CSP with strict scripts and the bridge socket in connect-src', () => {
    const csp = contentSecurityPolicy({ connectSrc: ['ws://127.0.0.1:4300'] })
    expect(csp).toContain("script-src 'self';")
    expect(csp).toContain("connect-src 'self' ws://127.0.0.1:4300;")
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain('unsafe-eval')
    expect(contentSecurityPolicy()).toContain("connect-src 'self';")
  })
})
