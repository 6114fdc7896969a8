// `npm run platform`: flags, the printed endpoint set, `ready`, and a clean stop on SIGTERM.
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { parseCliArgs } from '../../../platform/cli.ts'

const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx')

describe('platform command line', () => {
  it('has the documented defaults', () => {
    expect(parseCliArgs([], { LEDGERDESK_PLATFORM_DIR: '/srv/ld' })).toEqual({
      port: 4100,
      host: '127.0.0.1',
      publicUrl: undefined,
      dataDir: '/srv/ld',
      seed: 'demo',
      databaseUrl: undefined,
      tokenTtl: 3600,
    })
    expect(parseCliArgs([], {}).dataDir).toMatch(/\.ledgerdesk[/\\]platform$/)
  })

  it('refuses bad flags with a message naming the flag', () => {
    const cases: [string[], RegExp][] = [
      [['--port', 'abc'], /--port/],
      [['--port', '70000'], /--port/],
      [['--seed', 'full'], /--seed/],
      [['--bogus'], /bogus/],
      [['--database', 'mysql://x'], /--database/],
      [['--token-ttl', '0'], /--token-ttl/],
      [['--public-url', 'ledger.example.no'], /--public-url must be an http/],
      [['--public-url', 'ftp://ledger.example.no/'], /--public-url must be an http/],
      [['--public-url', 'https://ledger.example.no/?a=1'], /--public-url must not have a query/],
      [['--public-url', 'https://ledger.example.no/#top'], /--public-url must not have a query or fragment/],
      [['--public-url', 'https://ledger.example.no/ledger/'], /--public-url must not have a path/],
      [['--public-url', 'https://anne:pw@ledger.example.no/'], /--public-url must not carry a user/],
    ]
    for (const [args, message] of cases) expect(() => parseCliArgs(args, {}), args.join(' ')).toThrow(message)
  })

  it('takes --public-url as the announced base URL', () => {
    const parse = (url: string) => parseCliArgs(['--public-url', url], {}).publicUrl
    expect(parse('https://ledger.example.no')).toBe('https://ledger.example.no/')
    expect(parse('https://Ledger.Example.no:443/')).toBe('https://ledger.example.no/')
    expect(parse('http://10.0.0.5:8080/')).toBe('http://10.0.0.5:8080/')
    expect(parse('https://[2001:db8::1]:8443')).toBe('https://[2001:db8::1]:8443/')
  })

  it('takes --webhook-allow-hosts as the hosts webhooks may reach although they are internal', () => {
    expect(
      parseCliArgs(['--webhook-allow-hosts', '127.0.0.1, localhost,[::1],10.20.0.0/16'], {}),
    ).toMatchObject({
      webhookAllowHosts: ['127.0.0.1', 'localhost', '[::1]', '10.20.0.0/16'],
    })
    expect(parseCliArgs([], {})).not.toHaveProperty('webhookAllowHosts')
    expect(() => parseCliArgs(['--webhook-allow-hosts', ' , '], {})).toThrow(
      /--webhook-allow-hosts needs at least one host/,
    )
    expect(() => parseCliArgs(['--webhook-allow-hosts', 'http://localhost/'], {})).toThrow(
      /--webhook-allow-hosts: 'http:\/\/localhost\/' is not a host name/,
    )
    expect(() => parseCliArgs(['--webhook-allow-hosts', '10.0.0.0/33'], {})).toThrow(/not a CIDR range/)
    const r = spawnSync(tsx, ['platform/cli.ts', '--webhook-allow-hosts', 'not a host'], {
      encoding: 'utf8',
      timeout: 20_000,
    })
    expect(r.status).toBe(2)
    expect(r.stderr).toMatch(/usage: .*\[--webhook-allow-hosts HOST\[,HOST\.\.\.\]\]/)
    expect(r.stderr).toMatch(
      /--webhook-allow-hosts 127\.0\.0\.1,localhost: webhooks and purchase events may go to/,
    )
  })

  it('exits with code 2 and a one-line message for a bad flag', () => {
    const r = spawnSync(tsx, ['platform/cli.ts', '--seed', 'full'], { encoding: 'utf8', timeout: 20_000 })
    expect(r.status).toBe(2)
    expect(r.stderr.split('\n')[0]).toMatch(/^platform: --seed must be demo or empty/)
    expect(r.stderr).not.toMatch(/\n\s+at /)
  })

  it('refuses a public URL with a path before starting, and shows the flag in the usage line', () => {
    const r = spawnSync(tsx, ['platform/cli.ts', '--public-url', 'https://ledger.example.no/ledger'], {
      encoding: 'utf8',
      timeout: 20_000,
    })
    expect(r.status).toBe(2)
    expect(r.stderr.split('\n')[0]).toMatch(/^platform: --public-url must not have a path/)
    expect(r.stderr).toMatch(/usage: .*\[--public-url https:\/\/HOST\[:PORT\]\/\]/)
  })

  it('prints every endpoint and ready, serves them, and stops on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ledgerdesk-cli-'))
    cpSync(inject('platformTemplates').demo.dataDir, dataDir, { recursive: true })
    const env = { ...process.env }
    delete env.LEDGERDESK_TEST_DATABASE_URL
    // Node itself runs the command line, so that SIGTERM reaches the platform: the tsx command relays a signal
    // to its child and, when the child does not answer within 30 ms (a loaded machine), kills it and exits 143.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'platform/cli.ts', '--port', '0', '--data-dir', dataDir],
      { env },
    )
    try {
      let out = ''
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString()
          if (/^ready$/m.test(out)) resolve()
        })
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)))
      })
      const base = /^AppFramework\s+(\S+)$/m.exec(out)?.[1]
      expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
      for (const key of ['Identity', 'Job', 'Files', 'License', 'Signalr', 'Integration', 'FrontEnd'])
        expect(out).toMatch(new RegExp(`^${key}\\s`, 'm'))
      const r = await fetch(`${base}api/endpoints`)
      expect(((await r.json()) as { AppFramework: string }).AppFramework).toBe(base)
      const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
      child.kill('SIGTERM')
      expect(await exit).toBe(0)
    } finally {
      child.kill('SIGKILL')
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
