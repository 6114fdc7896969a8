// "While I am away": the user's approval substitutes (ApprovalSubstitute, spec 2.15 and 4.8) in every
// company, read from the offline cache, and changes to them through the outbox. The user is a different
// User in every company, and so is the substitute: a person is known across companies by their
// GlobalIdentity (else their e-mail), and a period for all companies becomes one row per company where
// that person is a user. Ending a period deletes it (spec 4.8: DELETE approvalsubstitutes/{id}).
// The documents name no list of substitutes: where the platform refuses it (the pull marks the entity
// unavailable), the overview names those companies, and the view says what it cannot show there.
import { UserStatus } from '@common/status'
import { createRow, deleteRow } from '@renderer/data/outbox'
import { isAction, isRowChangeOf } from '@renderer/data/outbox-queries'
import type { Cached, OutboxEntry, WorkspaceDb } from '@renderer/data/schema'
import { localToday } from './my-approval-rows.ts'

export interface SubstitutePerson {
  /** GlobalIdentity, else the e-mail in lower case. */
  id: string
  name: string
  /** The person's User.ID per company key. */
  users: Record<string, number>
}

export type SubstituteState = 'saved' | 'saving' | 'ending' | 'refused'

export interface SubstituteRow {
  key: string
  companyKey: string
  companyName: string
  ID: number
  /** The other person: the substitute in "mine", the absent user in "standing in for". */
  personName: string
  FromDate: string
  ToDate: string
  /** Whether the period has begun (it ends after ToDate). */
  current: boolean
  state: SubstituteState
  /** The outbox entry behind a state other than saved, and the platform's message when refused. */
  seq: number | null
  message: string
  /** The refusal's code (SUBSTITUTES_NOT_LISTED: a retry could not check what the first attempt did). */
  code: string | null
  field: string | null
}

export interface SubstituteOverview {
  /** Companies where the user's User.ID is known. */
  companies: { Key: string; Name: string; userId: number }[]
  people: SubstitutePerson[]
  /** Periods where someone stands in for the user (today and later). */
  mine: SubstituteRow[]
  /** Periods where the user stands in for someone (today and later). */
  standingIn: SubstituteRow[]
  /**
   * Companies whose platform does not list substitute periods: only the periods added on this computer are
   * known there, and the approvals of those the user stands in for are not fetched.
   */
  unlisted: { Key: string; Name: string }[]
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null)
const day = (v: unknown): string => (typeof v === 'string' ? v.slice(0, 10) : '')
export const personId = (u: Cached<'User'>): string | null =>
  text(u.GlobalIdentity) ?? text(u.Email)?.toLowerCase() ?? null
const displayName = (u: Cached<'User'> | undefined): string =>
  u ? (text(u.DisplayName) ?? text(u.Email) ?? text(u.UserName) ?? `#${u.ID}`) : ''

function stateOf(
  entries: OutboxEntry[],
): Pick<SubstituteRow, 'state' | 'seq' | 'message' | 'code' | 'field'> {
  const refused = entries.find((e) => e.state === 'failed' || e.state === 'conflict')
  if (refused)
    return {
      state: 'refused',
      seq: refused.seq!,
      message: refused.lastError?.message ?? '',
      code: refused.lastError?.code ?? null,
      field: refused.lastError?.field ?? null,
    }
  const last = entries.at(-1)
  if (!last) return { state: 'saved', seq: null, message: '', code: null, field: null }
  return {
    state: isRowChangeOf(last, 'delete') ? 'ending' : 'saving',
    seq: last.seq!,
    message: '',
    code: null,
    field: null,
  }
}

export async function loadSubstitutes(db: WorkspaceDb, today = localToday()): Promise<SubstituteOverview> {
  const companies = (await db.companies.toArray())
    .filter((c): c is typeof c & { userId: number } => c.userId !== null)
    .map((c) => ({ Key: c.Key, Name: c.Name, userId: c.userId }))
    .sort((a, b) => a.Name.localeCompare(b.Name))
  const people = new Map<string, SubstitutePerson>()
  const mine: SubstituteRow[] = []
  const standingIn: SubstituteRow[] = []
  const unlisted: { Key: string; Name: string }[] = []
  for (const company of companies) {
    const [users, rows, outbox, checkpoint] = await Promise.all([
      db.User.where('companyKey').equals(company.Key).toArray(),
      db.ApprovalSubstitute.where('companyKey').equals(company.Key).toArray(),
      db.outbox.where('companyKey').equals(company.Key).toArray(),
      db.checkpoints.get([company.Key, 'ApprovalSubstitute']),
    ])
    if (checkpoint?.unavailable) unlisted.push({ Key: company.Key, Name: company.Name })
    const byId = new Map(users.map((u) => [u.ID, u] as const))
    const me = byId.get(company.userId)
    const myIdentity = me ? personId(me) : null
    for (const u of users) {
      const id = personId(u)
      if (!id || id === myIdentity || u.ID === company.userId) continue
      if (u.StatusCode !== undefined && u.StatusCode !== null && Number(u.StatusCode) !== UserStatus.Active)
        continue
      const person = people.get(id) ?? { id, name: displayName(u), users: {} }
      person.users[company.Key] = u.ID
      people.set(id, person)
    }
    const entries = outbox.filter((e) => isAction(e, 'ApprovalSubstitute'))
    for (const row of rows) {
      const to = day(row.ToDate)
      if (to < today) continue
      const from = day(row.FromDate)
      const base = {
        key: `${company.Key}:${row.ID}`,
        companyKey: company.Key,
        companyName: company.Name,
        ID: row.ID,
        FromDate: from,
        ToDate: to,
        current: from <= today,
        ...stateOf(entries.filter((e) => e.entityId === row.ID)),
      }
      if (Number(row.UserID) === company.userId)
        mine.push({ ...base, personName: displayName(byId.get(Number(row.SubstituteUserID))) })
      else if (Number(row.SubstituteUserID) === company.userId)
        standingIn.push({ ...base, personName: displayName(byId.get(Number(row.UserID))) })
    }
  }
  const order = (a: SubstituteRow, b: SubstituteRow) =>
    a.FromDate.localeCompare(b.FromDate) || a.companyName.localeCompare(b.companyName)
  return {
    companies,
    people: [...people.values()].sort((a, b) => a.name.localeCompare(b.name)),
    mine: mine.sort(order),
    standingIn: standingIn.sort(order),
    unlisted,
  }
}

export class SubstituteError extends Error {
  constructor(
    readonly code: 'PERSON_REQUIRED' | 'DATES_REQUIRED' | 'DATES_ORDER' | 'DATES_PAST' | 'NO_COMPANY',
    /** The form field the message belongs to. */
    readonly field: 'person' | 'from' | 'to' | 'companies',
    message: string,
  ) {
    super(message)
  }
}

export interface NewSubstitute {
  person: SubstitutePerson | null
  from: string | null
  to: string | null
  /** The companies the period is for (all of the user's, or one). */
  companyKeys: readonly string[]
}

/**
 * Queues one ApprovalSubstitute per chosen company where the person is a user; answers the companies it
 * was queued for and those skipped because the person is not a user there.
 */
export async function addSubstitute(
  db: WorkspaceDb,
  overview: Pick<SubstituteOverview, 'companies'>,
  input: NewSubstitute,
  today = localToday(),
): Promise<{ queued: string[]; skipped: string[] }> {
  const { person, from, to } = input
  if (!person) throw new SubstituteError('PERSON_REQUIRED', 'person', 'Choose who stands in for you')
  if (!from) throw new SubstituteError('DATES_REQUIRED', 'from', 'The first day is required')
  if (!to) throw new SubstituteError('DATES_REQUIRED', 'to', 'The last day is required')
  if (to < from) throw new SubstituteError('DATES_ORDER', 'to', 'The last day is before the first')
  if (to < today) throw new SubstituteError('DATES_PAST', 'to', 'The period has already ended')
  const chosen = overview.companies.filter((c) => input.companyKeys.includes(c.Key))
  if (chosen.length === 0) throw new SubstituteError('NO_COMPANY', 'companies', 'Choose a company')
  const queued: string[] = []
  const skipped: string[] = []
  await db.transaction('rw', db.ApprovalSubstitute, db.outbox, async () => {
    for (const company of chosen) {
      const substitute = person.users[company.Key]
      if (substitute === undefined) {
        skipped.push(company.Key)
        continue
      }
      await createRow(db, company.Key, 'ApprovalSubstitute', {
        UserID: company.userId,
        SubstituteUserID: substitute,
        FromDate: from,
        ToDate: to,
      })
      queued.push(company.Key)
    }
  })
  return { queued, skipped }
}

/** Ends a period: deleted on the platform through the outbox. */
export async function endSubstitute(db: WorkspaceDb, row: Pick<SubstituteRow, 'companyKey' | 'ID'>) {
  await deleteRow(db, row.companyKey, 'ApprovalSubstitute', row.ID)
}
