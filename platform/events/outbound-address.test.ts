// The address rule of outbound POSTs: which addresses are internal, the allow-list of local testing, and
// that the rule holds for the address each connection actually uses (a name is checked when the socket
// resolves it, so an answer that changes between a check and the connection cannot slip through).
import type * as Dns from 'node:dns'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { allowList, blockedKind, checkAllowEntry, failureText, outboundPoster } from './outbound-address.ts'

// Names under `.rebind.test` answer what the test scripts, in turn; every other name resolves as usual.
const scripted: string[] = []
vi.mock('node:dns', async (importOriginal) => {
  const dns = await importOriginal<typeof Dns>()
  const lookup = ((hostname: string, options: object, callback: (...args: unknown[]) => void) => {
    if (!hostname.endsWith('.rebind.test')) return dns.lookup(hostname, options, callback as never)
    const address = scripted.shift() ?? '127.0.0.1'
    const family = address.includes(':') ? 6 : 4
    process.nextTick(() =>
      (options as { all?: boolean }).all
        ? callback(null, [{ address, family }])
        : callback(null, address, family),
    )
  }) as typeof dns.lookup
  return { ...dns, default: { ...dns, lookup }, lookup }
})

describe('blockedKind', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['fe80::1', 'link-local'],
    ['10.1.2.3', 'private network'],
    ['172.16.0.1', 'private network'],
    ['172.31.255.254', 'private network'],
    ['192.168.1.10', 'private network'],
    ['100.64.0.1', 'private network'],
    ['100.127.255.254', 'private network'],
    ['fd12:3456::1', 'private network'],
    ['fc00::1', 'private network'],
    ['64:ff9b::10.0.0.1', 'private network'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.251', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(blockedKind(address)).toBe(kind)
  })

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '192.169.0.1',
    '2001:4860:4860::8888',
    '64:ff9b::808:808',
  ])('%s is public', (address) => {
    expect(blockedKind(address)).toBeUndefined()
  })
})

describe('the allow-list', () => {
  it('allows named hosts, addresses and CIDR ranges, by the URL host or the resolved address', () => {
    const allow = allowList(['localhost', '127.0.0.1', '[::1]', '10.20.0.0/16'])
    expect(allow.allows('LOCALHOST')).toBe(true)
    expect(allow.allows('localhost.')).toBe(true)
    expect(allow.allows('127.0.0.1')).toBe(true)
    expect(allow.allows('[::1]')).toBe(true)
    expect(allow.allows('10.20.5.6')).toBe(true)
    expect(allow.allows('hooks.office.example', '10.20.0.9')).toBe(true)
    expect(allow.allows('127.0.0.2')).toBe(false)
    expect(allow.allows('10.21.0.1')).toBe(false)
    expect(allow.allows('hooks.office.example', '192.168.0.9')).toBe(false)
    expect(allowList().allows('127.0.0.1')).toBe(false)
  })

  it('refuses entries that are not a host, an address or a CIDR range', () => {
    expect(checkAllowEntry('localhost')).toBeUndefined()
    expect(checkAllowEntry('10.0.0.0/8')).toBeUndefined()
    expect(checkAllowEntry('fd00::/8')).toBeUndefined()
    expect(checkAllowEntry('10.0.0.0/40')).toMatch(/not a CIDR range/)
    expect(checkAllowEntry('http://localhost/')).toMatch(/not a host name/)
    expect(checkAllowEntry('a/b/c')).toMatch(/not a host name/)
    expect(() => allowList(['bad host!'])).toThrow(/webhook allow-list: 'bad host!'/)
  })
})

describe('outbound POSTs', () => {
  let server: Server
  let port: number
  let requests: number
  let connections: number
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests++
      req.resume()
      req.on('end', () => res.end('ok'))
    })
    server.on('connection', () => connections++)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  beforeEach(() => {
    requests = 0
    connections = 0
    scripted.length = 0
  })

  const attempt = async (url: string, allowHosts: string[] = [], timeoutMs = 2000) => {
    const poster = outboundPoster(allowHosts)
    try {
      const status = await poster.post(
        url,
        { Authorization: 'Bearer planted' },
        '{}',
        AbortSignal.timeout(timeoutMs),
      )
      return { status }
    } catch (err) {
      return { error: failureText(err) }
    } finally {
      poster.close()
    }
  }

  it('refuses loopback addresses and names before any connection, saying why', async () => {
    expect(await attempt(`http://127.0.0.1:${port}/hook`)).toEqual({
      error: 'the address 127.0.0.1 is a loopback address and is not delivered to',
    })
    expect(await attempt(`http://localhost:${port}/hook`)).toEqual({
      error: 'the address of localhost is a loopback address and is not delivered to',
    })
    expect(await attempt(`http://[::ffff:7f00:1]:${port}/hook`)).toEqual({
      error: 'the address ::ffff:7f00:1 is a loopback address and is not delivered to',
    })
    // 2130706433 is 127.0.0.1 written as one number; the URL reads it as the address.
    expect((await attempt(`http://2130706433:${port}/hook`)).error).toMatch(
      /127\.0\.0\.1 is a loopback address/,
    )
    expect(await attempt('http://169.254.169.254/latest/meta-data/')).toEqual({
      error: 'the address 169.254.169.254 is a link-local address and is not delivered to',
    })
    expect(await attempt('https://10.0.0.1/hook')).toEqual({
      error: 'the address 10.0.0.1 is a private network address and is not delivered to',
    })
    expect(connections).toBe(0)
  })

  it('checks the address the connection itself resolves, so a name that rebinds to loopback gets nowhere', async () => {
    // First answer public, then loopback: a check that resolved on its own before connecting would pass the
    // first and connect with the second. The connection's own answer is checked, and it is the only one asked.
    scripted.push('127.0.0.1')
    expect(await attempt(`http://hooks.rebind.test:${port}/hook`)).toEqual({
      error: 'the address of hooks.rebind.test is a loopback address and is not delivered to',
    })
    scripted.push('203.0.113.7', '127.0.0.1')
    const rebinding = await attempt(`http://hooks.rebind.test:${port}/hook`, [], 300)
    expect(rebinding.status).toBeUndefined()
    expect(rebinding.error).not.toMatch(/127\.0\.0\.1/)
    expect(connections).toBe(0)
    expect(requests).toBe(0)
  })

  it('posts to an internal host the allow-list names', async () => {
    expect(await attempt(`http://127.0.0.1:${port}/hook`, ['127.0.0.1'])).toEqual({ status: 200 })
    expect(await attempt(`http://localhost:${port}/hook`, ['localhost'])).toEqual({ status: 200 })
    scripted.push('127.0.0.1')
    expect(await attempt(`http://hooks.rebind.test:${port}/hook`, ['127.0.0.0/8'])).toEqual({ status: 200 })
    expect(requests).toBe(3)
  })

  it('words a failed connection without the host and port it tried', async () => {
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const free = (probe.address() as AddressInfo).port
    await new Promise<void>((resolve) => probe.close(() => resolve()))
    const r = await attempt(`http://127.0.0.1:${free}/hook`, ['127.0.0.1'])
    expect(r).toEqual({ error: 'the connection was refused (ECONNREFUSED)' })
  })
})
