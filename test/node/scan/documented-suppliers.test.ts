// A supplier the scan station meets for the first time, on a platform that behaves as documented: the spec
// gives suppliers a GET only (4.5; "routes for creating … suppliers … not shown"), so `POST suppliers`
// answers 404. The documented way is the graph write (spec conventions, field notes "Graph writes"): the
// draft invoice carries the new supplier with `_createguid`. Two files of one new supplier, taken at once,
// make one supplier, which gets the station's note and the bank account read from the document.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OcrPropertyId } from '../../../common/ocr.ts'
import { generateInvoice } from '../../../document-reader/corpus/generate.ts'
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import type { ReadFields } from '../../../electron/main/services/scan/ledger.ts'
import { createPipeline } from '../../../electron/main/services/scan/pipeline.ts'
import { FRONT_END_HEADER } from '../../../platform/surface/enforce.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'
import { quietLog, scanPlatformFor } from './support.ts'

const company = DEMO_COMPANIES.aurora.key
let p: TestPlatform
type Row = Record<string, unknown>

beforeAll(async () => {
  p = await startTestPlatform({ platformOptions: { surface: 'documented' } })
})
afterAll(async () => p?.close())

/** What the company holds, asked as the platform's own front end (past the documented mode). */
async function platformRows(path: string): Promise<Row[]> {
  const token = await p.token(DEMO_USERS.anne.email)
  return (
    await api<Row[]>(p.urls.base, 'GET', path, {
      token,
      companyKey: company,
      headers: { [FRONT_END_HEADER]: '1' },
    })
  ).body
}

describe('a new supplier on the documented platform', () => {
  it('is made inside the first draft, once for two files taken together, with its note and bank account', async () => {
    const { platform } = scanPlatformFor({
      authUrl: p.urls.auth,
      filesUrl: p.urls.files,
      email: DEMO_USERS.anne.email,
      password: DEMO_PASSWORD,
    })
    const inv = await generateInvoice(9301, { layout: 'classic' })
    const orgNumber = inv.truth[OcrPropertyId.OfficialNumber]!
    const fields: ReadFields = {
      orgNumber,
      supplierName: 'Nordavind Trelast AS',
      invoiceNumber: '1',
      invoiceDate: null,
      dueDate: null,
      amount: null,
      currency: null,
      kid: null,
      bankAccount: null,
      iban: null,
    }
    expect(await platform.findSupplier(company, orgNumber)).toBeNull()
    // The platform has no supplier route to create one on its own.
    expect(await platform.createSupplier(company, fields, 'note')).toBeNull()

    const folder = mkdtempSync(join(tmpdir(), 'scan-documented-'))
    const ledgerDir = mkdtempSync(join(tmpdir(), 'scan-documented-ledger-'))
    writeFileSync(join(folder, 'a.pdf'), inv.pdf)
    // The same supplier's document scanned twice (a second copy differs in its bytes).
    writeFileSync(join(folder, 'b.pdf'), Buffer.concat([inv.pdf, Buffer.from('\n% second copy\n')]))
    const pipeline = createPipeline({ platform, ledgerDir, log: quietLog, locale: () => 'nb', events: {} })
    await pipeline.take({ companyKey: company, path: join(folder, 'a.pdf'), folder })
    await pipeline.take({ companyKey: company, path: join(folder, 'b.pdf'), folder })
    await pipeline.idle()
    const entries = await pipeline.entries(company)
    await pipeline.close()
    expect(entries.map((e) => [e.name, e.state, e.reason])).toEqual(
      expect.arrayContaining([
        ['a.pdf', 'done', null],
        ['b.pdf', 'done', null],
      ]),
    )

    const suppliers = await platformRows(
      `api/biz/suppliers?filter=OrgNumber eq '${orgNumber}'&expand=Info,Info.BankAccounts`,
    )
    expect(suppliers).toHaveLength(1)
    const supplier = suppliers[0]!
    expect((supplier.Info as Row).Name).toBeTruthy()
    const account = inv.truth[OcrPropertyId.BankAccount]
    if (account)
      expect((supplier.Info as { BankAccounts: Row[] }).BankAccounts.map((b) => b.AccountNumber)).toEqual([
        account.replace(/\D/g, ''),
      ])
    expect(entries.map((e) => e.supplierId)).toEqual([supplier.ID, supplier.ID])
    const drafts = await platformRows(`api/biz/supplierinvoices?filter=SupplierID eq ${String(supplier.ID)}`)
    expect(drafts).toHaveLength(2)
    const notes = await platformRows(`api/biz/comments/Supplier/${String(supplier.ID)}`)
    expect(notes).toHaveLength(1)
    expect(p.platform.undocumented!.uses).toContainEqual(
      expect.objectContaining({
        kind: 'route',
        route: 'api/biz/suppliers',
        method: 'POST',
        effect: 'refused',
      }),
    )
  }, 120_000)
})
