// What the workspace keeps per company beside the rows it is made of, and the one place that follows the
// writes it depends on: a DBCore middleware sees every write to the cache, whoever makes it (pull, outbox
// overlay, reconciliation, straight-through, removal of a company's offline data), and notes which
// companies each one touched. Shortly after (writes gather while a pull writes page after page) each
// touched company has its invoice counts (company-counts.ts) and its review desk brief (desk-briefs.ts)
// made again, in the same pass, so neither can lag the other. Listeners hear of every write at once, inside
// the writing transaction (the review's read-ahead drops what a write may have made stale).
import type Dexie from 'dexie'
import { isoDay, refreshCompanyCounts, type CountedTables } from './company-counts.ts'
import { refreshDeskBriefs, type BriefTables } from './desk-briefs.ts'

/** The companies a write touched; 'all' when it cannot tell (a table cleared, a range over companies). */
export type TouchedCompanies = ReadonlySet<string> | 'all'
export type CompanyWriteListener = (table: string, companies: TouchedCompanies) => void

/** How long writes to one company gather before what is kept of it is made again. */
const settleMs = 100

/** The cached invoices the counts are made of. */
const countedTables: ReadonlySet<string> = new Set(['SupplierInvoice', 'CustomerInvoice'])
/** The rows a desk brief is made of: the invoices, the suppliers it names, the attachments. */
const briefedTables: ReadonlySet<string> = new Set(['SupplierInvoice', 'Supplier', 'FileAttachment'])

interface Follower {
  listeners: Set<CompanyWriteListener>
  /** Resolves once every write noted so far has had what is kept of its companies made again. */
  settled: () => Promise<void>
}
const followers = new WeakMap<Dexie, Follower>()

/** Hears of every write to the workspace's company tables; returns the function that stops it. */
export function onCompanyWrite(db: Dexie, listener: CompanyWriteListener): () => void {
  const follower = followers.get(db)
  if (!follower) return () => {}
  follower.listeners.add(listener)
  return () => follower.listeners.delete(listener)
}

/** Waits until the counts and briefs of every company written so far are made again. */
export function companyWritesSettled(db: Dexie): Promise<void> {
  return followers.get(db)?.settled() ?? Promise.resolve()
}

/** A dirty set per thing kept: the companies touched and whether every known one must be made again. */
class Dirty {
  keys = new Set<string>()
  everything = false
  note(companies: TouchedCompanies): void {
    if (companies === 'all') this.everything = true
    else for (const key of companies) this.keys.add(key)
  }
  take(): { keys: string[]; everything: boolean } {
    const taken = { keys: [...this.keys], everything: this.everything }
    this.keys.clear()
    this.everything = false
    return taken
  }
  get empty(): boolean {
    return this.keys.size === 0 && !this.everything
  }
}

/**
 * Follows every write to the workspace's company tables: keeps each company's invoice counts and review desk
 * brief, and tells the listeners. Installed once by `openWorkspace`.
 */
export function keepCompanyWrites(db: Dexie): void {
  const listeners = new Set<CompanyWriteListener>()
  const counts = new Dirty()
  const briefs = new Dirty()
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> = Promise.resolve()

  const pass = async () => {
    const workspace = db as CountedTables & BriefTables
    const c = counts.take()
    const b = briefs.take()
    const known = async (
      keys: string[],
      everything: boolean,
      table: { toCollection(): { primaryKeys(): Promise<unknown[]> } },
    ) => [
      ...new Set([...keys, ...(everything ? ((await table.toCollection().primaryKeys()) as string[]) : [])]),
    ]
    const [countKeys, briefKeys] = await Promise.all([
      known(c.keys, c.everything, workspace.companyCounts),
      known(b.keys, b.everything, workspace.deskBriefs),
    ])
    await Promise.all([
      refreshCompanyCounts(workspace, countKeys, isoDay(new Date())),
      refreshDeskBriefs(workspace, briefKeys),
    ])
  }
  const schedule = () => {
    timer ??= setTimeout(() => {
      timer = undefined
      running = running.then(pass).catch((error: unknown) => {
        if (db.isOpen()) console.error('Keeping the companies’ counts and briefs failed', error)
      })
    }, settleMs)
  }
  const settled = async (): Promise<void> => {
    for (;;) {
      if (timer !== undefined) await new Promise((resolve) => setTimeout(resolve, settleMs))
      else {
        const current = running
        await current
        if (current === running && timer === undefined) return
      }
    }
  }
  followers.set(db, { listeners, settled })

  const companyOf = (key: unknown) => (Array.isArray(key) && typeof key[0] === 'string' ? key[0] : null)
  const touched = (request: {
    type: string
    values?: readonly unknown[]
    keys?: readonly unknown[]
    range?: { lower: unknown; upper: unknown }
  }): TouchedCompanies => {
    const companies = new Set<string>()
    if (request.type === 'put' || request.type === 'add') {
      for (const row of (request.values ?? []) as { companyKey?: unknown }[])
        if (typeof row?.companyKey === 'string') companies.add(row.companyKey)
    } else if (request.type === 'delete') {
      for (const key of request.keys ?? []) {
        const company = companyOf(key)
        if (company) companies.add(company)
      }
    } else {
      const lower = companyOf(request.range?.lower)
      if (!lower || lower !== companyOf(request.range?.upper)) return 'all'
      companies.add(lower)
    }
    return companies
  }

  db.use({
    stack: 'dbcore',
    name: 'company-writes',
    create: (down) => ({
      ...down,
      table(name) {
        const table = down.table(name)
        // The workspace's own kept rows are not followed: the counts and briefs are written here.
        if (name === 'companyCounts' || name === 'deskBriefs') return table
        return {
          ...table,
          async mutate(request) {
            const result = await table.mutate(request)
            const companies = touched(request)
            if (companies === 'all' || companies.size > 0) {
              for (const listener of listeners) listener(name, companies)
              if (countedTables.has(name)) counts.note(companies)
              if (briefedTables.has(name)) briefs.note(companies)
              if (!counts.empty || !briefs.empty) schedule()
            }
            return result
          },
        }
      },
    }),
  })
}
