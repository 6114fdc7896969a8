// Where outbound POSTs (webhooks, purchase events) may go. An endpoint is chosen by whoever writes an
// Eventplan, with an `Authorization` of their choosing, and the delivery log shows how each attempt ended:
// without a rule, the platform would post into the network it runs in (its own loopback services, the
// cloud's metadata address 169.254.169.254, the office LAN) and the log would map what answers there.
// So a connection is refused when the address it would reach is loopback, link-local, private (RFC 1918,
// fc00::/7, shared 100.64.0.0/10), unspecified, multicast or reserved. The check runs on the addresses
// the connection itself resolves and uses (the `lookup` of the connection), so a name that resolves to a
// public address when asked first and to an internal one a moment later (DNS rebinding) gains nothing.
// For local testing the platform is started with an allow-list (`webhookAllowHosts`,
// `--webhook-allow-hosts 127.0.0.1,localhost`): host names, addresses or CIDR ranges posted to anyway.
import { lookup as dnsLookup } from 'node:dns'
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'

type Family = 'ipv4' | 'ipv6'
type Kind = 'loopback' | 'link-local' | 'private network' | 'unspecified' | 'multicast' | 'reserved'

const V4: readonly [Kind, string, number][] = [
  ['unspecified', '0.0.0.0', 8],
  ['private network', '10.0.0.0', 8],
  ['private network', '100.64.0.0', 10],
  ['loopback', '127.0.0.0', 8],
  ['link-local', '169.254.0.0', 16],
  ['private network', '172.16.0.0', 12],
  ['reserved', '192.0.0.0', 24],
  ['private network', '192.168.0.0', 16],
  ['reserved', '198.18.0.0', 15],
  ['multicast', '224.0.0.0', 4],
  // 240.0.0.0/4 holds the broadcast address 255.255.255.255.
  ['reserved', '240.0.0.0', 4],
]

const V6: readonly [Kind, string, number][] = [
  ['unspecified', '::', 128],
  ['loopback', '::1', 128],
  ['private network', 'fc00::', 7],
  ['link-local', 'fe80::', 10],
  // Site-local, deprecated but still routed inside some networks.
  ['private network', 'fec0::', 10],
  ['multicast', 'ff00::', 8],
]

/** One BlockList per kind, so a refusal can say which kind of address it met. */
const blocked: readonly [Kind, BlockList][] = (() => {
  const lists = new Map<Kind, BlockList>()
  const add = (kind: Kind, address: string, prefix: number, family: Family) => {
    let list = lists.get(kind)
    if (!list) lists.set(kind, (list = new BlockList()))
    list.addSubnet(address, prefix, family)
  }
  for (const [kind, address, prefix] of V4) {
    add(kind, address, prefix, 'ipv4')
    // The same range reached through a NAT64 gateway (64:ff9b::/96). IPv4-mapped addresses
    // (::ffff:10.0.0.1) are matched by the IPv4 rule itself.
    add(kind, `64:ff9b::${address}`, 96 + prefix, 'ipv6')
  }
  for (const [kind, address, prefix] of V6) add(kind, address, prefix, 'ipv6')
  return [...lists]
})()

const familyOf = (address: string): Family | undefined =>
  isIP(address) === 4 ? 'ipv4' : isIP(address) === 6 ? 'ipv6' : undefined

/** The kind of address outbound POSTs do not go to, or undefined for a public address. */
export function blockedKind(address: string): Kind | undefined {
  const family = familyOf(address)
  if (!family) return undefined
  return blocked.find(([, list]) => list.check(address, family))?.[0]
}

/** A host as a URL names it, comparable with an allow-list entry: no brackets, no trailing dot, lower case. */
const bareHost = (host: string) =>
  host
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase()

/** The allow-list of local testing: host names, addresses and CIDR ranges posted to whatever they are. */
export interface AllowList {
  allows(host: string, address?: string): boolean
}

/** Checks one allow-list entry; answers what is wrong with it, or undefined. */
export function checkAllowEntry(entry: string): string | undefined {
  const [address, prefix, extra] = entry.split('/')
  if (extra !== undefined || !address) return `'${entry}' is not a host name, an address or a CIDR range`
  if (prefix === undefined) {
    return isIP(address) ||
      /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i.test(address)
      ? undefined
      : `'${entry}' is not a host name, an address or a CIDR range`
  }
  const bits = isIP(address) === 4 ? 32 : isIP(address) === 6 ? 128 : 0
  if (!bits || !/^\d{1,3}$/.test(prefix) || Number(prefix) > bits)
    return `'${entry}' is not a CIDR range (an address, '/', and a prefix length up to ${bits || 128})`
  return undefined
}

export function allowList(entries: readonly string[] = []): AllowList {
  const names = new Set<string>()
  const ranges = new BlockList()
  for (const raw of entries) {
    const entry = bareHost(raw.trim())
    if (!entry) continue
    const problem = checkAllowEntry(entry)
    if (problem) throw new Error(`webhook allow-list: ${problem}`)
    const [address, prefix] = entry.split('/')
    const family = familyOf(address!)
    if (family)
      ranges.addSubnet(
        address!,
        prefix === undefined ? (family === 'ipv4' ? 32 : 128) : Number(prefix),
        family,
      )
    else names.add(entry)
  }
  const inRange = (address: string) => {
    const family = familyOf(address)
    return family !== undefined && ranges.check(address, family)
  }
  return {
    allows(host, address) {
      const bare = bareHost(host)
      return names.has(bare) || inRange(bare) || (address !== undefined && inRange(address))
    },
  }
}

const ARTICLE: Record<Kind, string> = {
  loopback: 'a loopback',
  'link-local': 'a link-local',
  'private network': 'a private network',
  unspecified: 'an unspecified',
  multicast: 'a multicast',
  reserved: 'a reserved',
}

/** A connection the address rule refused; its message is what the delivery log shows. */
export class RefusedAddress extends Error {
  constructor(host: string, address: string, kind: Kind) {
    const literal = bareHost(host) === address.toLowerCase()
    super(
      `the address ${literal ? address : `of ${bareHost(host)}`} is ${ARTICLE[kind]} address and is not delivered to`,
    )
    this.name = 'RefusedAddress'
  }
}

/** The refusal for a URL's host when it is an address literal (a connection to one resolves nothing). */
export function refusedLiteral(host: string, allow: AllowList): RefusedAddress | undefined {
  const bare = bareHost(host)
  const kind = blockedKind(bare)
  return kind && !allow.allows(bare) ? new RefusedAddress(bare, bare, kind) : undefined
}

/**
 * A `lookup` for outbound sockets: resolves as the system does, then refuses the connection when any address
 * the name resolves to is one the rule refuses (one internal answer among public ones is enough to be
 * suspicious, and the socket may pick any of them).
 */
export function guardedLookup(allow: AllowList): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, [])
      for (const { address } of addresses) {
        const kind = blockedKind(address)
        if (kind && !allow.allows(hostname, address))
          return callback(
            Object.assign(new RefusedAddress(hostname, address, kind), { code: 'EREFUSED_ADDRESS' }),
            [],
          )
      }
      if (options.all) return callback(null, addresses)
      const first = addresses[0]
      if (!first)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), [])
      callback(null, first.address, first.family)
    })
  }
}

export interface OutboundPoster {
  /** POSTs `body` and answers the status code once the answer was read; rejects on any failure. */
  post(url: string, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<number>
  close(): void
}

/** http(s) POSTs whose every connection passes the address rule; keep-alive agents of their own. */
export function outboundPoster(allowHosts: readonly string[] = []): OutboundPoster {
  const allow = allowList(allowHosts)
  const lookup = guardedLookup(allow)
  const agents = {
    'http:': new HttpAgent({ keepAlive: true, lookup }),
    'https:': new HttpsAgent({ keepAlive: true, lookup }),
  }
  return {
    post(url, headers, body, signal) {
      const target = new URL(url)
      const refused = refusedLiteral(target.hostname, allow)
      if (refused) return Promise.reject(refused)
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest
      return new Promise<number>((resolve, reject) => {
        const req = send(
          target,
          {
            method: 'POST',
            headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
            agent: target.protocol === 'https:' ? agents['https:'] : agents['http:'],
            signal,
          },
          (res: IncomingMessage) => {
            res.on('error', reject)
            res.on('end', () => resolve(res.statusCode ?? 0))
            // Cut off before its end (the timeout, a reset): the attempt failed, whatever the status said.
            res.on('close', () => {
              if (!res.complete) reject(Object.assign(new Error('answer cut off'), { code: 'ECONNRESET' }))
            })
            res.resume()
          },
        )
        req.on('error', reject)
        req.end(body)
      })
    },
    close() {
      agents['http:'].destroy()
      agents['https:'].destroy()
    },
  }
}

const WORDS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed while sending',
  EHOSTUNREACH: 'the address cannot be reached',
  ENETUNREACH: 'the network cannot be reached',
  ETIMEDOUT: 'the connection timed out',
  ENOTFOUND: 'the host name is not known',
  EAI_AGAIN: 'the host name could not be resolved now',
  HPE_INVALID_CONSTANT: 'the answer is not HTTP',
}

/**
 * How a failed attempt is worded in the delivery log: the refusal of the address rule as it is, else a
 * sentence and the error code, never the library's message (which names the host and port it tried).
 */
export function failureText(err: unknown): string {
  if (err instanceof RefusedAddress) return err.message
  const code = (err as { code?: unknown }).code
  const name = typeof code === 'string' ? code : ''
  if (WORDS[name]) return `${WORDS[name]} (${name})`
  if (/^(ERR_TLS_|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_|ERR_SSL_)/.test(name))
    return `the TLS connection failed (${name})`
  return name ? `the request failed (${name})` : 'the request failed'
}
