// Which approvals are new to the user. Only approvals that arrive after a company's first complete pull of
// approvals count: what the first pull brings is what the user already had, in every company (one company
// finishing its first pull later than another does not make its old approvals new).
export interface ApprovalSnapshot {
  /** Open rows (no decision queued) by company: the rows' keys. */
  open: ReadonlyMap<string, readonly string[]>
  /** Companies whose approvals have been pulled completely at least once. */
  pulled: ReadonlySet<string>
}

export interface Announcer {
  /** Takes a snapshot; answers the keys that are new since the company's first complete pull. */
  next(snapshot: ApprovalSnapshot): string[]
  reset(): void
}

export function createAnnouncer(): Announcer {
  /** Per company with a complete pull: every open key seen since then. */
  let seen = new Map<string, Set<string>>()
  return {
    next(snapshot) {
      const fresh: string[] = []
      for (const [company, keys] of snapshot.open) {
        if (!snapshot.pulled.has(company)) continue
        const known = seen.get(company)
        if (!known) {
          seen.set(company, new Set(keys))
          continue
        }
        for (const key of keys) {
          if (known.has(key)) continue
          known.add(key)
          fresh.push(key)
        }
      }
      // A company pulled but with nothing open yet: its first approvals later are new.
      for (const company of snapshot.pulled) if (!seen.has(company)) seen.set(company, new Set())
      return fresh
    },
    reset() {
      seen = new Map()
    },
  }
}
