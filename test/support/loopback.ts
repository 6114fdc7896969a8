// Small HTTP servers on loopback that play a platform or an endpoint in a test: each is closed, its open
// connections with it, after the test that started it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach } from 'vitest'

export type Handler = (req: IncomingMessage, res: ServerResponse) => void

/** Registers the closing after each test; the function it answers starts a server and gives its base address. */
export function useLoopbackServers(): (handler: Handler) => Promise<string> {
  const servers: ReturnType<typeof createServer>[] = []
  afterEach(async () => {
    for (const s of servers.splice(0)) {
      s.closeAllConnections()
      await new Promise((r) => s.close(r))
    }
  })
  return async (handler) => {
    const server = createServer(handler)
    servers.push(server)
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  }
}

/** Answers `body` as JSON with `status`. */
export function answerJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' })
  res.end(JSON.stringify(body))
}
