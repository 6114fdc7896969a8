// The contacts register's outbox actions on suppliers, customers and contact persons (common/bridge/
// parties.ts), written as graphs (./party-graph.ts). Each first reads what the platform has, so a retry after
// a lost answer finds the effect of the earlier attempt and does not do it twice: a create looks for the party
// it made, an edit sends only the paths still at their base, a bank account is added when the party does not
// have it and removed while it does, a merge moves only invoices still on the duplicate, a check is posted
// unless the supplier has one.
import type { OutboxCommandOf, OutboxOutcome } from '../../../../common/bridge/outbox.ts'
import type { PartyEntity } from '../../../../common/bridge/parties.ts'
import type { PlatformRow } from '../../../../common/bridge/sync.ts'
import { partyValueProblem } from '../../../../common/parties/field-values.ts'
import { isCheckedMark } from '../../../../common/parties/scan-mark.ts'
import { CustomerInvoiceStatus, GenericStatus, SupplierInvoiceStatus } from '../../../../common/status.ts'
import type { ApiClient } from '../api/client.ts'
import { quote } from './entities.ts'
import { done, type Executor } from './executor.ts'
import { createGraph, decideEdit, editGraph, newBankAccount, sameAccountOn, valueAt } from './party-graph.ts'
import { readRow as readServerRow, rowPath } from './platform-rows.ts'

type Row = PlatformRow
type TradingParty = 'Supplier' | 'Customer'
type Command<E extends PartyEntity, A extends string> = OutboxCommandOf<E, A>

const failed = (code: string, message: string, row: Row | null = null, field?: string): OutboxOutcome => ({
  status: 'failed',
  error: { code, message, ...(field ? { field } : {}) },
  row,
})
const gone = (entity: string, id: number) =>
  failed('DELETED_ON_SERVER', `${entity} ${id} no longer exists on the platform`)

/**
 * How much earlier than the entry was queued a party found on retry may have been created: the platform's
 * clock and this computer's may differ a little.
 */
const clockSlackMs = 10 * 60_000

/**
 * The party an earlier attempt of a create made: the newest with the draft's name (and organisation number,
 * and for a contact the party they work for), created after the entry was queued (the create's base holds
 * that moment as `CreatedAt`, renderer/src/data/parties.ts).
 */
async function findCreatedParty(
  api: ApiClient,
  companyKey: string,
  command: Command<PartyEntity, 'create'>,
): Promise<Row | null> {
  const draft = command.body
  const conditions = [`Info.Name eq ${quote(draft.Name)}`]
  if ('OrgNumber' in draft && draft.OrgNumber) conditions.push(`OrgNumber eq ${quote(draft.OrgNumber)}`)
  if ('ParentBusinessRelationID' in draft && draft.ParentBusinessRelationID)
    conditions.push(`ParentBusinessRelationID eq ${draft.ParentBusinessRelationID}`)
  const queuedAt = typeof command.base.CreatedAt === 'string' ? Date.parse(command.base.CreatedAt) : NaN
  if (!Number.isNaN(queuedAt))
    conditions.push(`CreatedAt ge ${quote(new Date(queuedAt - clockSlackMs).toISOString())}`)
  const [found] = await api.get<Row[]>(rowPath(command.entity), {
    companyKey,
    query: { filter: conditions.join(' and '), select: 'ID', orderby: 'ID desc', top: 1 },
  })
  return found ? readServerRow(api, companyKey, command.entity, Number(found.ID)) : null
}

/** Makes the first of the party's bank accounts its default when it has none (a new party's accounts). */
async function defaultFirstAccount(
  api: ApiClient,
  companyKey: string,
  entity: PartyEntity,
  party: Row,
): Promise<Row> {
  const info = party.Info as Row | null | undefined
  const accounts = ((info?.BankAccounts as Row[] | undefined) ?? []).filter((a) => a.Deleted !== true)
  if (!info?.ID || accounts.length === 0 || info.DefaultBankAccountID) return party
  const first = [...accounts].sort((a, b) => Number(a.ID) - Number(b.ID))[0]!
  await api.put(
    rowPath(entity, Number(party.ID)),
    { ID: party.ID, Info: { ID: info.ID, DefaultBankAccountID: first.ID } },
    { companyKey },
  )
  return (await readServerRow(api, companyKey, entity, Number(party.ID))) ?? party
}

export const createParty: Executor<Command<PartyEntity, 'create'>> = async (command, { api, companyKey }) => {
  // A contact person whose party is not on the platform yet waits in the renderer's outbox for it
  // (renderer/src/data/party-outcomes.ts); one that arrives anyway is refused, never linked to nothing.
  if ('ParentBusinessRelationID' in command.body && (command.body.ParentBusinessRelationID ?? 0) < 0)
    return failed(
      'PARENT_NOT_SENT',
      'The party this person works for is not on the platform yet',
      null,
      'ParentBusinessRelationID',
    )
  let party = command.attempts > 0 ? await findCreatedParty(api, companyKey, command) : null
  if (!party) {
    const created = await api.post<Row>(rowPath(command.entity), createGraph(command.entity, command.body), {
      companyKey,
    })
    party = (await readServerRow(api, companyKey, command.entity, Number(created.ID))) ?? created
  }
  return done(await defaultFirstAccount(api, companyKey, command.entity, party))
}

export const editParty: Executor<Command<PartyEntity, 'edit'>> = async (
  command,
  { api, companyKey, readRow },
) => {
  // An entry written by an older version is checked as the renderer checks a new one.
  for (const [path, value] of Object.entries(command.body as Record<string, string | number | null>)) {
    const problem = partyValueProblem(path as never, value)
    if (problem) return failed('VALIDATION', problem, null, path)
  }
  const server = await readRow()
  const decided = decideEdit(command, server)
  if ('status' in decided) return decided
  await api.put(rowPath(command.entity, command.entityId), editGraph(server!, decided.send), { companyKey })
  return { status: 'done', row: await readRow(), merged: decided.merged }
}

const infoIdOf = (row: Row) => (row.Info as Row | null | undefined)?.ID

export const addBankAccount: Executor<Command<TradingParty, 'add-bank-account'>> = async (
  command,
  { api, companyKey, readRow },
) => {
  const { entity, entityId: id } = command
  let server = await readRow()
  if (!server) return gone(entity, id)
  if (!infoIdOf(server))
    return failed('NO_BUSINESS_RELATION', `${entity} ${id} has no business relation`, server)
  // The party may have the account already: added by an earlier attempt whose answer was lost, or by someone.
  let account = sameAccountOn(server, command.body.Account)
  if (!account) {
    await api.put(
      rowPath(entity, id),
      { ID: id, Info: { ID: infoIdOf(server), BankAccounts: [newBankAccount(command.body.Account)] } },
      { companyKey },
    )
    server = await readRow()
    account = sameAccountOn(server, command.body.Account)
    if (!server || !account)
      return failed('NOT_SAVED', `The platform did not keep the bank account on ${entity} ${id}`)
  }
  const info = server.Info as Row
  if ((command.body.MakeDefault || !info.DefaultBankAccountID) && info.DefaultBankAccountID !== account.ID) {
    await api.put(
      rowPath(entity, id),
      { ID: id, Info: { ID: info.ID, DefaultBankAccountID: account.ID } },
      { companyKey },
    )
    server = await readRow()
  }
  return done(server)
}

const accountOn = (server: Row, bankAccountId: number) =>
  ((valueAt(server, 'Info.BankAccounts') as Row[] | undefined) ?? []).find(
    (a) => Number(a.ID) === bankAccountId && a.Deleted !== true,
  )

export const removeBankAccount: Executor<Command<TradingParty, 'remove-bank-account'>> = async (
  command,
  { api, companyKey, readRow },
) => {
  const { entity, entityId: id } = command
  const bankAccountId = command.body.BankAccountID
  const server = await readRow()
  if (!server) return gone(entity, id)
  // Gone already (an earlier attempt, or a colleague): done.
  if (!accountOn(server, bankAccountId)) return done(server)
  const info = server.Info as Row
  await api.put(
    rowPath(entity, id),
    {
      ID: id,
      Info: {
        ID: info.ID,
        ...(Number(info.DefaultBankAccountID) === bankAccountId ? { DefaultBankAccountID: null } : {}),
        BankAccounts: [{ ID: bankAccountId, Deleted: true }],
      },
    },
    { companyKey },
  )
  return done(await readRow())
}

export const setDefaultBankAccount: Executor<Command<TradingParty, 'set-default-bank-account'>> = async (
  command,
  { api, companyKey, readRow },
) => {
  const { entity, entityId: id } = command
  const bankAccountId = command.body.BankAccountID
  const server = await readRow()
  if (!server) return gone(entity, id)
  if (!accountOn(server, bankAccountId))
    return failed(
      'BANK_ACCOUNT_GONE',
      `Bank account ${bankAccountId} is no longer on ${entity} ${id}`,
      server,
    )
  const info = server.Info as Row
  if (Number(info.DefaultBankAccountID) === bankAccountId) return done(server)
  await api.put(
    rowPath(entity, id),
    { ID: id, Info: { ID: info.ID, DefaultBankAccountID: bankAccountId } },
    { companyKey },
  )
  return done(await readRow())
}

/** The invoices a merge may move: drafts and invoices in approval (spec 3.1, 3.3), never booked ones. */
const movable = {
  Supplier: {
    route: 'api/biz/supplierinvoices',
    link: 'SupplierID',
    states: [
      SupplierInvoiceStatus.Draft,
      SupplierInvoiceStatus.ForApproval,
      SupplierInvoiceStatus.Rejected,
      SupplierInvoiceStatus.Assigned,
    ] as number[],
  },
  Customer: {
    route: 'api/biz/invoices',
    link: 'CustomerID',
    states: [CustomerInvoiceStatus.Draft] as number[],
  },
} as const

/**
 * Merges the duplicate (the command's party) into `IntoID`: each listed invoice that is still on the
 * duplicate and still a draft or in approval moves (PUT with the new SupplierID/CustomerID); then the
 * duplicate is deactivated (StatusCode 50001, field notes' generic status codes). An invoice that is no
 * longer movable (booked meanwhile) stays where it is: the merge is still done (a partial merge is not a
 * failure), and the answer's row (the duplicate) lists them in `MergeSkippedInvoices` with their platform
 * values (ID, SupplierID or CustomerID, StatusCode): the renderer puts those back in its cache
 * (renderer/src/data/party-outcomes.ts), so the cards show which invoices stayed. A retry
 * finds moved invoices on `IntoID` and the duplicate inactive, and does neither again.
 */
export const mergeParty: Executor<Command<TradingParty, 'merge'>> = async (
  command,
  { api, companyKey, readRow },
) => {
  const { entity, entityId: id } = command
  const { IntoID: intoId, InvoiceIDs: invoiceIds } = command.body
  const duplicate = await readRow()
  if (!duplicate) return gone(entity, id)
  const into = await readServerRow(api, companyKey, entity, intoId)
  if (!into) return gone(entity, intoId)
  if (Number(into.StatusCode) === GenericStatus.Inactive)
    return failed(
      'MERGE_TARGET_INACTIVE',
      `${entity} ${intoId} is inactive: merge into an active ${entity.toLowerCase()}`,
    )
  const { route, link, states } = movable[entity]
  const skipped: Row[] = []
  for (let at = 0; at < invoiceIds.length; at += 100) {
    const ids = invoiceIds.slice(at, at + 100)
    const invoices = await api.get<Row[]>(route, {
      companyKey,
      query: {
        filter: ids.map((i) => `ID eq ${i}`).join(' or '),
        select: `ID,StatusCode,${link}`,
        top: ids.length,
      },
    })
    const byId = new Map(invoices.map((invoice) => [Number(invoice.ID), invoice]))
    for (const invoiceId of ids) {
      const invoice = byId.get(invoiceId)
      if (invoice && Number(invoice[link]) === intoId) continue
      if (!invoice || Number(invoice[link]) !== id || !states.includes(Number(invoice.StatusCode))) {
        // Gone (deleted) invoices are left to the pull's reconciliation; the others keep their values.
        if (invoice)
          skipped.push({
            ID: invoiceId,
            [link]: invoice[link] ?? null,
            StatusCode: invoice.StatusCode ?? null,
          })
        continue
      }
      await api.put(`${route}/${invoiceId}`, { ID: invoiceId, [link]: intoId }, { companyKey })
    }
  }
  if (Number(duplicate.StatusCode) !== GenericStatus.Inactive)
    await api.put(rowPath(entity, id), { ID: id, StatusCode: GenericStatus.Inactive }, { companyKey })
  const after = await readRow()
  return done(after ? { ...after, MergeSkippedInvoices: skipped } : null)
}

/** Posts the check of a scanned supplier as a comment, unless it has one (an earlier attempt, a colleague). */
export const markChecked: Executor<Command<'Supplier', 'mark-checked'>> = async (
  command,
  { api, companyKey, readRow },
) => {
  const path = `api/biz/comments/Supplier/${command.entityId}`
  const server = await readRow()
  if (!server) return gone('Supplier', command.entityId)
  const comments = await api.get<Row[]>(path, { companyKey })
  if (!comments.some((c) => c.Deleted !== true && isCheckedMark(c.Text as string | null)))
    await api.post(path, { Text: command.body.Text }, { companyKey })
  return done(server)
}
