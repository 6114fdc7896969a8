// Serving the built renderer (Electron's app:// handler and the browser-mode HTTP host): map a URL path
// to a file inside the renderer folder, never outside it, with the right MIME type and CSP.
import { extname, resolve, sep } from 'node:path'

/**
 * The file a URL path names inside `root`, or undefined when the path is malformed or would leave `root`
 * (`..`, encoded `%2e%2e%2f`, backslashes, NUL) or names a dotfile.
 */
export function resolveStaticPath(root: string, pathname: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return undefined
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined
  const segments = decoded.split('/').filter((s) => s !== '')
  if (segments.some((s) => s === '..' || s.startsWith('.'))) return undefined
  const base = resolve(root)
  const file = resolve(base, segments.length === 0 ? 'index.html' : segments.join(sep))
  return file.startsWith(base + sep) ? file : undefined
}

const mimeTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.eot': 'application/vnd.ms-fontobject',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
}

export function mimeTypeFor(file: string): string {
  return mimeTypes[extname(file).toLowerCase()] ?? 'application/octet-stream'
}

/**
 * The app's Content Security Policy. Scripts only from the app itself; styles may be inline because
 * PrimeVue injects its theme as <style> elements; `connectSrc` adds the browser-mode bridge socket.
 */
export function contentSecurityPolicy(options: { connectSrc?: string[] } = {}): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...(options.connectSrc ?? [])].join(' '),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ')
}

/** Headers sent with every file of the app, in both modes. */
export function staticHeaders(file: string, csp: string): Record<string, string> {
  return {
    'Content-Type': mimeTypeFor(file),
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    // The browser-mode address carries the session secret; never send it on as a referrer.
    'Referrer-Policy': 'no-referrer',
    // index.html changes with every build; hashed assets could be cached, but loopback makes that moot.
    'Cache-Control': 'no-store',
  }
}
