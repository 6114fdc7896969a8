// New embedded databases from a template: the first new database of a schema leaves a template behind, the
// next starts from it (no initdb) with the same schema and its own rows; a damaged template is replaced.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { registry } from '../../../platform/registry/index.ts'
import { startPlatform } from '../../../platform/server.ts'
import { schemaFingerprint } from '../../../platform/db/migrate.ts'
import { extractTar } from '../../../platform/db/template.ts'

const root = mkdtempSync(join(tmpdir(), 'ledgerdesk-template-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

async function start(name: string) {
  const phases: string[] = []
  const platform = await startPlatform({
    port: 0,
    dataDir: join(root, name),
    seed: 'empty',
    templateDir: join(root, 'templates'),
    relaxedDurability: true,
    logger: false,
    onPhase: (p) => phases.push(p),
  })
  return { platform, phases }
}

describe('database templates', () => {
  it('starts the second new database from the template the first one left, with the same schema', async () => {
    const first = await start('first')
    const firstModels = await first.platform.store.query<{ n: number }>(
      'select count(*)::int as n from "Model"',
    )
    await first.platform.close()
    expect(first.phases).toContain('store')
    const templates = readdirSync(join(root, 'templates'))
    expect(templates).toHaveLength(1)
    expect(templates[0]).toMatch(/^pglite-[\d.]+-schema_[0-9a-f]{32}\.tar$/)

    const second = await start('second')
    try {
      expect(second.phases).toContain('store-from-template')
      expect(second.phases).not.toContain('store')
      const { store } = second.platform
      const marks = await store.query<{ id: string }>(
        `select id from schema_migrations where id like 'schema:%'`,
      )
      expect(marks.rows.map((r) => r.id)).toEqual([schemaFingerprint(registry)])
      // The system seed ran in the new database itself (the template holds no rows).
      const models = await store.query<{ n: number }>('select count(*)::int as n from "Model"')
      expect(models.rows[0]!.n).toBe(firstModels.rows[0]!.n)
      expect(models.rows[0]!.n).toBe(registry.entities.length)
      await store.query(`insert into "CurrencyCode" ("ID", "Code") values (9999, 'XTS')`)
      const back = await store.query<{ Code: string }>(`select "Code" from "CurrencyCode" where "ID" = 9999`)
      expect(back.rows).toEqual([{ Code: 'XTS' }])
    } finally {
      await second.platform.close()
    }
    // The first database did not get the second one's row: each data directory is its own.
    const again = await start('first')
    try {
      const none = await again.platform.store.query(`select 1 from "CurrencyCode" where "ID" = 9999`)
      expect(none.rows).toEqual([])
      expect(again.phases).not.toContain('store-from-template')
    } finally {
      await again.platform.close()
    }
  }, 180_000)

  it('refuses a template entry that would leave the database folder', () => {
    const into = join(root, 'refused')
    expect(() => extractTar(escapingTar(), into)).toThrow(/unexpected entry '\.\.\/outside'/)
    expect(existsSync(join(root, 'outside'))).toBe(false)
  })

  it('runs initdb instead of a damaged template, and leaves a good one in its place', async () => {
    const dir = join(root, 'templates')
    const [name] = readdirSync(dir)
    writeFileSync(join(dir, name!), escapingTar())
    const third = await start('third')
    try {
      expect(third.phases).toContain('store')
      const models = await third.platform.store.query<{ n: number }>('select count(*)::int as n from "Model"')
      expect(models.rows[0]!.n).toBe(registry.entities.length)
    } finally {
      await third.platform.close()
    }
    expect(readdirSync(dir)).toEqual([name])
    expect(statSync(join(dir, name!)).size).toBeGreaterThan(1_000_000)
    expect(readdirSync(root).filter((f) => f.includes('partial'))).toEqual([])
  }, 180_000)
})

/** A tar whose one entry names a path outside the folder it is extracted into. */
function escapingTar(): Buffer {
  const header = Buffer.alloc(1024)
  header.write('../outside', 0)
  header.write('00000000001\0', 124)
  header.write('0', 156)
  return header
}
