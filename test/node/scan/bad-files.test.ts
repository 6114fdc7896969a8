// Files that cannot become invoices go to failed/ with a reason in the user's language, without a call to
// the platform; the ledger survives a torn last line; network shares are recognised for polling.
import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openLedger } from '../../../electron/main/services/scan/ledger.ts'
import { isNetworkPath, mountTypeOf } from '../../../electron/main/services/scan/network.ts'
import { createPipeline } from '../../../electron/main/services/scan/pipeline.ts'
import type { ScanPlatform } from '../../../electron/main/services/scan/platform.ts'
import { sniff } from '../../../electron/main/services/scan/sniff.ts'
import { encryptedPdfBytes, jpegBytes, pngBytes, tiffBytes } from '../platform/files-helpers.ts'
import { quietLog } from './support.ts'

const noPlatform = new Proxy({} as ScanPlatform, {
  get: (_, name) => () => {
    throw new Error(`the platform was asked (${String(name)}) about a bad file`)
  },
})

const pdf = (body: string) => new TextEncoder().encode(`%PDF-1.4\n${body}\n%%EOF\n`)

describe('bad files', () => {
  const cases: [string, Uint8Array, RegExp, RegExp][] = [
    ['tom.pdf', new Uint8Array(), /tom \(0 byte\)/, /empty \(0 bytes\)/],
    [
      'word.pdf',
      new TextEncoder().encode('PK\u0003\u0004 a Word document'),
      /ikke PDF, PNG, JPEG, TIFF eller en XML-faktura/,
      /not a PDF, PNG, JPEG or TIFF document or an XML invoice/,
    ],
    [
      'ordre.xml',
      new TextEncoder().encode(
        '<?xml version="1.0"?>\n<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"><ID>1</ID></Order>',
      ),
      /XML-filen er ikke en faktura: rotelementet er Order/,
      /The XML file is not an invoice: its root element is Order/,
    ],
    [
      'avkuttet.pdf',
      new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\n'),
      /avkuttet eller skadet/,
      /truncated or damaged/,
    ],
    [
      'kryptert.pdf',
      encryptedPdfBytes(),
      /kryptert \(passordbeskyttet\)/,
      /encrypted \(password protected\)/,
    ],
    ['stor.pdf', pdf('x'.repeat(2000)), /større enn grensen/, /larger than the upload limit/],
  ]

  it.each(['nb', 'en'] as const)(
    'go to failed/ with a reason file (%s) and never reach the platform',
    async (locale) => {
      const folder = mkdtempSync(join(tmpdir(), 'scan-bad-'))
      const pipeline = createPipeline({
        platform: noPlatform,
        ledgerDir: mkdtempSync(join(tmpdir(), 'scan-ledger-')),
        log: quietLog,
        locale: () => locale,
        events: {},
        maxBytes: 1000,
      })
      for (const [name, bytes, nb, en] of cases) {
        writeFileSync(join(folder, name), bytes)
        expect(await pipeline.take({ companyKey: 'c1', path: join(folder, name), folder }), name).toBe(
          'failed',
        )
        expect(existsSync(join(folder, name))).toBe(false)
        expect(readFileSync(join(folder, 'failed', `${name}.reason.txt`), 'utf8')).toMatch(
          locale === 'nb' ? nb : en,
        )
      }
      const entries = await pipeline.entries('c1')
      expect(entries.map((e) => [e.name, e.state, e.reason?.code])).toEqual([
        ['tom.pdf', 'failed', 'empty'],
        ['word.pdf', 'failed', 'unknownType'],
        ['ordre.xml', 'failed', 'notAnInvoiceXml'],
        ['avkuttet.pdf', 'failed', 'truncatedPdf'],
        ['kryptert.pdf', 'failed', 'encryptedPdf'],
        ['stor.pdf', 'failed', 'tooLarge'],
      ])
      await pipeline.close()
    },
  )

  it('reads the type from the content, not the name', () => {
    expect(sniff(pngBytes())).toEqual({ ok: true, kind: 'png' })
    expect(sniff(jpegBytes())).toEqual({ ok: true, kind: 'jpeg' })
    expect(sniff(tiffBytes())).toEqual({ ok: true, kind: 'tiff' })
    expect(sniff(pdf('1 0 obj << >> endobj'))).toEqual({ ok: true, kind: 'pdf' })
  })
})

describe('scan ledger', () => {
  it('keeps every whole line after a kill tore the last one', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'scan-ledger-')), 'c1.jsonl')
    const l = await openLedger(path)
    await l.record('aa', { state: 'queued', name: 'a.pdf' })
    await l.record('aa', { state: 'uploading', step: 'upload' })
    await l.record('bb', { state: 'queued', name: 'b.pdf' })
    await l.close()
    appendFileSync(path, '{"e":{"sha256":"bb","state":"do')
    const again = await openLedger(path)
    expect(again.get('aa')).toMatchObject({ state: 'uploading', name: 'a.pdf' })
    expect(again.get('bb')).toMatchObject({ state: 'queued' })
    await again.record('bb', { state: 'done' })
    await again.close()
    expect((await openLedger(path)).get('bb')?.state).toBe('done')
  })

  it('reads a ledger written before reasons were codes: each reason a code, the words it carried read back', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'scan-ledger-old-')), 'c1.jsonl')
    const lines = [
      { sha256: 'empty', state: 'failed', reasonCode: 'empty', lastError: 'Filen er tom (0 byte).' },
      {
        sha256: 'refused',
        state: 'failed',
        reasonCode: 'refused',
        lastError: 'Plattformen avviste filen: File type not allowed: x.pdf',
      },
      {
        sha256: 'local',
        state: 'failed',
        reasonCode: 'localFile',
        lastError:
          'The file could not be read or moved on this computer: EBUSY: resource busy. Choose Retry or Scan now to go on from where it stopped.',
      },
      { sha256: 'waiting', state: 'queued', lastError: 'fetch failed' },
      {
        sha256: 'retried',
        state: 'failed',
        reasonCode: 'refused',
        lastError: 'The platform refused the file: 500',
      },
      { sha256: 'retried', state: 'queued', reasonCode: null, lastError: null },
      { sha256: 'unknown', state: 'failed', reasonCode: 'somethingElse', lastError: 'Whatever it said' },
    ]
    writeFileSync(path, lines.map((e) => JSON.stringify({ e })).join('\n') + '\n')
    const ledger = await openLedger(path)
    const reasons = Object.fromEntries(ledger.entries().map((e) => [e.sha256, e.reason]))
    expect(reasons).toEqual({
      empty: { code: 'empty', params: {} },
      refused: { code: 'refused', params: { detail: 'File type not allowed: x.pdf' } },
      local: { code: 'localFile', params: { detail: 'EBUSY: resource busy' } },
      waiting: { code: 'waiting', params: { detail: 'fetch failed' } },
      retried: null,
      unknown: null,
    })
    expect(ledger.entries().some((e) => 'reasonCode' in e || 'lastError' in e)).toBe(false)
    await ledger.close()
  })
})

describe('network shares', () => {
  const mounts = [
    '/dev/sda1 / ext4 rw 0 0',
    'server:/export /mnt/scan nfs4 rw 0 0',
    '//nas/skanner /media/skanner cifs rw 0 0',
  ].join('\n')
  it('polls UNC paths and NFS/SMB mounts, and watches local disks natively', () => {
    expect(isNetworkPath('\\\\server\\share\\scan')).toBe(true)
    expect(isNetworkPath('/mnt/scan/nordlys', mounts)).toBe(true)
    expect(isNetworkPath('/media/skanner', mounts)).toBe(true)
    expect(isNetworkPath('/home/anne/scan', mounts)).toBe(false)
    expect(mountTypeOf('/mnt/scanner', mounts)).toBe('ext4')
  })
})
