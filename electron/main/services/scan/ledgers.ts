// The ledgers of the signed-in user's companies on this station, opened on first need, and what the
// ledgers of the environment's other users here say of a content (read, never written).
import { join } from 'node:path'
import { openLedger, readLedgerFile, type Ledger } from './ledger.ts'
import type { ElsewhereFact } from './station.ts'

const fileOf = (companyKey: string) => `${companyKey.replace(/[^\w-]/g, '_')}.jsonl`

export function createLedgers(options: {
  /** Where the per-company ledgers live. */
  ledgerDir: string
  /** The ledger folders of the other users of this environment on this station. */
  otherLedgerDirs?(): Promise<string[]>
}) {
  const ledgers = new Map<string, Promise<Ledger>>()
  // Other users' ledgers do not change while this user is signed in (one user at a time per station):
  // read once per company, on first need.
  const elsewhere = new Map<string, Promise<Map<string, ElsewhereFact>>>()

  async function readElsewhere(companyKey: string) {
    const out = new Map<string, ElsewhereFact>()
    for (const dir of (await options.otherLedgerDirs?.()) ?? []) {
      for (const e of (await readLedgerFile(join(dir, fileOf(companyKey)))).entries.values()) {
        // An entry that neither uploaded nor began a creating step left nothing on the platform.
        if (e.invoiceId == null && e.fileId == null && !e.started) continue
        const before = out.get(e.sha256)
        if (!before || (before.invoiceId === null && e.invoiceId != null))
          out.set(e.sha256, { invoiceId: e.invoiceId ?? null })
      }
    }
    return out
  }

  return {
    ledger(companyKey: string) {
      let l = ledgers.get(companyKey)
      if (!l) {
        l = openLedger(join(options.ledgerDir, fileOf(companyKey)))
        ledgers.set(companyKey, l)
      }
      return l
    },
    elsewhereOf(companyKey: string, sha: string): Promise<ElsewhereFact | undefined> {
      let facts = elsewhere.get(companyKey)
      if (!facts) {
        facts = readElsewhere(companyKey)
        facts.catch(() => elsewhere.delete(companyKey))
        elsewhere.set(companyKey, facts)
      }
      return facts.then((f) => f.get(sha))
    },
    async close() {
      for (const l of ledgers.values()) await (await l).close()
    },
  }
}
