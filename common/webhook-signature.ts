// Signed webhooks (spec 6.2): the header `Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>`,
// where the HMAC (secret = the plan's signing key) covers "<t>.<exact raw body>". Web Crypto only, so
// the same helper runs in Node 20, browsers and workers: the platform signs with it, integrators and
// tests verify with it.

export const SIGNATURE_HEADER = 'Service-Signature'

export type VerifyResult = { ok: true; timestamp: number } | { ok: false; reason: string }

export interface VerifyOptions {
  /** The `Service-Signature` header value as received. */
  header: string | null | undefined
  /** The exact raw request body (text as received, before any JSON parsing). */
  body: string
  /** The Eventplan's signing key. */
  key: string
  /** Largest accepted distance between `t` and now, in seconds (replay protection). Default 300. */
  toleranceSeconds?: number
  /** Current time in milliseconds (default Date.now()). */
  now?: number
}

const encoder = new TextEncoder()

function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('')
}

async function hmacHex(key: string, message: string): Promise<string> {
  const cryptoKey = await globalThis.crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  return toHex(await globalThis.crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message)))
}

/** Compares two strings in time that depends only on their lengths, not on where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length
  const n = Math.max(a.length, b.length)
  for (let i = 0; i < n; i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0)
  return diff === 0
}

/** The lowercase hex HMAC-SHA256 of "<t>.<body>" (spec 6.2 steps 2-3). */
export function webhookSignature(body: string, key: string, t: number | string): Promise<string> {
  return hmacHex(key, `${t}.${body}`)
}

/** The full header value `t=<t>,v1=<signature>` for a body; `t` in unix seconds (default now). */
export async function signWebhook(
  body: string,
  key: string,
  t: number = Math.floor(Date.now() / 1000),
): Promise<string> {
  return `t=${t},v1=${await webhookSignature(body, key, t)}`
}

/** Reads `t` and every `v1` of a header (spec 6.2 step 1: split on `,`, then on the first `=`). */
export function parseSignatureHeader(header: string): { t?: string; v1: string[] } {
  const out: { t?: string; v1: string[] } = { v1: [] }
  for (const part of header.split(',')) {
    const at = part.indexOf('=')
    if (at < 0) continue
    const name = part.slice(0, at).trim()
    const value = part.slice(at + 1).trim()
    if (name === 't') out.t ??= value
    else if (name === 'v1') out.v1.push(value)
  }
  return out
}

/** Verifies a received webhook (spec 6.2): signature over the raw body, and timestamp within tolerance. */
export async function verifyWebhook(options: VerifyOptions): Promise<VerifyResult> {
  const { header, body, key } = options
  const tolerance = options.toleranceSeconds ?? 300
  if (!header) return { ok: false, reason: 'missing signature header' }
  const parsed = parseSignatureHeader(header)
  if (parsed.t === undefined || !/^\d+$/.test(parsed.t))
    return { ok: false, reason: 'missing or invalid timestamp' }
  if (parsed.v1.length === 0) return { ok: false, reason: 'no v1 signature' }
  const timestamp = Number(parsed.t)
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000)
  if (Math.abs(nowSeconds - timestamp) > tolerance) {
    return { ok: false, reason: `timestamp outside the tolerance of ${tolerance} seconds` }
  }
  // The payload uses the timestamp exactly as the header carries it.
  const expected = await webhookSignature(body, key, parsed.t)
  // Every candidate is compared, so the time taken does not reveal which one (if any) matched.
  let match = false
  for (const candidate of parsed.v1) if (constantTimeEqual(candidate.toLowerCase(), expected)) match = true
  return match ? { ok: true, timestamp } : { ok: false, reason: 'signature mismatch' }
}
