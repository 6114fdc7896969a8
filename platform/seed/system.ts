// Data every platform has, demo or empty: the model catalogue (spec 2.15 Model), transitions with
// their statuses and flows (spec 3.1, 3.2, 2.15) and the custom-field type list (spec 2.16).
import {
  ApprovalStatus,
  CustomerInvoiceStatus,
  CustomFieldStatus,
  SupplierInvoiceStatus as SI,
  TaskStatus,
  UserStatus,
} from '../../common/status.ts'
import { nextId } from '../db/migrate.ts'
import { ident, type Sql } from '../db/store.ts'
import { CUSTOM_FIELD_VALUE_LIST, customFieldSqlTypes } from '../domain/custom-fields.ts'
import type { Registry } from '../registry/registry.ts'

type Row = Record<string, unknown>

/** Inserts a row of a global system model with the standard columns filled; answers its ID. */
async function insertGlobal(sql: Sql, model: string, values: Row): Promise<number> {
  const id = await nextId(sql, 0, model)
  const now = new Date().toISOString()
  const row: Row = { ID: id, Deleted: false, CreatedAt: now, UpdatedAt: now, ...values }
  const cols = Object.keys(row)
  await sql.query(
    `insert into ${ident(model)} (${cols.map(ident).join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
    cols.map((c) => row[c]),
  )
  return id
}

/** One row per registry entity, matched by Name, so Model IDs stay stable across starts. */
export async function syncModels(sql: Sql, registry: Registry): Promise<void> {
  const { rows } = await sql.query<{ ID: number; Name: string }>('select "ID", "Name" from "Model"')
  const existing = new Map(rows.map((r) => [r.Name.toLowerCase(), r.ID]))
  for (const e of registry.entities) {
    const values = {
      Name: e.name,
      Label: e.label,
      LabelPlural: e.labelPlural,
      Description: e.description ?? null,
      Admin: e.admin ?? false,
      Shared: e.shared ?? e.scope === 'global',
    }
    const id = existing.get(e.name.toLowerCase())
    if (id === undefined) await insertGlobal(sql, 'Model', values)
    else {
      await sql.query(
        `update "Model" set "Label" = $2, "LabelPlural" = $3, "Description" = $4, "Admin" = $5, "Shared" = $6, "Deleted" = false
          where "ID" = $1 and ("Label", "LabelPlural", coalesce("Description", ''), "Admin", "Shared", "Deleted")
            is distinct from ($2, $3, coalesce($4, ''), $5, $6, false)`,
        [id, values.Label, values.LabelPlural, values.Description, values.Admin, values.Shared],
      )
    }
  }
}

interface FlowSpec {
  entity: string
  controller: string
  method: string
  from: number
  to: number
  deprecated?: boolean
  expires?: string
}

const statusNames: Record<string, Record<number, string>> = {
  SupplierInvoice: {
    [SI.Draft]: 'Draft',
    [SI.ForApproval]: 'For approval',
    [SI.Approved]: 'Approved',
    [SI.Journaled]: 'Journaled',
    [SI.Rejected]: 'Rejected',
    [SI.Assigned]: 'Assigned',
    [SI.Archived]: 'Archived',
  },
  User: { [UserStatus.Invited]: 'Invited', [UserStatus.Active]: 'Active', [UserStatus.Inactive]: 'Inactive' },
  // field notes: the customer invoice statuses; 42503 is the factoring hold of spec 3.3.
  CustomerInvoice: {
    [CustomerInvoiceStatus.Draft]: 'Draft',
    [CustomerInvoiceStatus.Invoiced]: 'Invoiced',
    [CustomerInvoiceStatus.PartlyPaid]: 'Partly paid',
    [CustomerInvoiceStatus.Paid]: 'Paid',
    [CustomerInvoiceStatus.Sold]: 'Sold',
    [CustomerInvoiceStatus.Credited]: 'Credited',
    [CustomerInvoiceStatus.PartlyCredited]: 'Partly credited',
    [CustomerInvoiceStatus.WaitingForFactoring]: 'Waiting for factoring',
  },
  // field notes "Approvals": the statuses an approval and a task pass through.
  Approval: {
    [ApprovalStatus.Active]: 'Active',
    [ApprovalStatus.Approved]: 'Approved',
    [ApprovalStatus.Rejected]: 'Rejected',
    [ApprovalStatus.Reassigned]: 'Reassigned',
    [ApprovalStatus.IndirectlyApproved]: 'Indirectly approved',
    [ApprovalStatus.PreviouslyApproved]: 'Previously approved',
  },
  Task: {
    [TaskStatus.Active]: 'Active',
    [TaskStatus.Complete]: 'Complete',
    [TaskStatus.Pending]: 'Pending',
    [TaskStatus.Cancelled]: 'Cancelled',
  },
  CustomField: { [CustomFieldStatus.Created]: 'Created', [CustomFieldStatus.Active]: 'Active' },
}

const si = (method: string, from: number, to: number, extra: Partial<FlowSpec> = {}): FlowSpec => ({
  entity: 'SupplierInvoice',
  controller: 'supplierinvoices',
  method,
  from,
  to,
  ...extra,
})

/**
 * spec 3.1 names the SupplierInvoice transitions, 3.2 the User ones, 3.3 and 3.5 the invoice and
 * approval ones, 3.6 custom-field activation; the moves between status
 * codes that the spec leaves open follow the status meanings of 3.1 and the field notes.
 */
export const transitionFlows: readonly FlowSpec[] = [
  si('assign', SI.Draft, SI.Assigned),
  si('assign', SI.Rejected, SI.Assigned),
  si('reAssign', SI.ForApproval, SI.ForApproval),
  si('reAssign', SI.Assigned, SI.Assigned),
  si('approve', SI.ForApproval, SI.Approved),
  si('approve', SI.Assigned, SI.Approved),
  // Approving a draft directly was allowed once; kept as a deprecated flow (spec 9: ignored).
  si('approve', SI.Draft, SI.Approved, { deprecated: true }),
  si('rejectInvoice', SI.ForApproval, SI.Rejected),
  si('rejectInvoice', SI.Assigned, SI.Rejected),
  si('rejectInvoice', SI.Approved, SI.Rejected),
  si('rejectAssignment', SI.ForApproval, SI.Draft),
  si('rejectAssignment', SI.Assigned, SI.Draft),
  si('cancelApprovement', SI.Approved, SI.ForApproval),
  si('journal', SI.Draft, SI.Journaled),
  si('journal', SI.Approved, SI.Journaled),
  si('sendForPayment', SI.Journaled, SI.Journaled),
  si('pay', SI.Journaled, SI.Journaled),
  // An expired flow: paying an approved, not yet journaled invoice ended with the journal rule.
  si('pay', SI.Approved, SI.Journaled, { expires: '2020-01-01T00:00:00Z' }),
  si('finish', SI.Journaled, SI.Archived),
  si('revertFinish', SI.Archived, SI.Journaled),
  si('restore', SI.Rejected, SI.Draft),
  {
    entity: 'User',
    controller: 'users',
    method: 'activate',
    from: UserStatus.Inactive,
    to: UserStatus.Active,
  },
  {
    entity: 'User',
    controller: 'users',
    method: 'inactivate',
    from: UserStatus.Active,
    to: UserStatus.Inactive,
  },
  {
    entity: 'CustomerInvoice',
    controller: 'invoices',
    method: 'invoice',
    from: CustomerInvoiceStatus.Draft,
    to: CustomerInvoiceStatus.Invoiced,
  },
  {
    entity: 'Approval',
    controller: 'approvals',
    method: 'approve',
    from: ApprovalStatus.Active,
    to: ApprovalStatus.Approved,
  },
  {
    entity: 'Approval',
    controller: 'approvals',
    method: 'reject',
    from: ApprovalStatus.Active,
    to: ApprovalStatus.Rejected,
  },
  // spec 3.6: a custom field is usable once activated.
  {
    entity: 'CustomField',
    controller: 'custom-fields',
    method: 'activate',
    from: CustomFieldStatus.Created,
    to: CustomFieldStatus.Active,
  },
]

/**
 * Brings the system data up to date: on a new database it seeds everything (answers true); on an
 * existing one it adds what a newer platform declares (models, statuses, transitions, flows, value
 * lists) and leaves existing rows, and their IDs, as they are.
 */
export async function seedSystem(sql: Sql, registry: Registry): Promise<boolean> {
  const { rows: count } = await sql.query<{ n: number }>('select count(*)::int as n from "Transition"')
  const fresh = count[0]!.n === 0
  await syncModels(sql, registry)

  const index = async (query: string, key: (r: Row) => string) => {
    const { rows } = await sql.query<Row>(query)
    return new Map(rows.map((r) => [key(r), Number(r.ID)]))
  }
  const statusIds = await index(
    'select "ID", "EntityType", "StatusCode" from "Status"',
    (r) => `${String(r.EntityType)}:${String(r.StatusCode)}`,
  )
  const transitionIds = await index(
    'select "ID", "EntityType", "MethodName" from "Transition"',
    (r) => `${String(r.EntityType)}:${String(r.MethodName)}`,
  )
  const flowIds = await index(
    'select "ID", "TransitionID", "FromStatusID", "ToStatusID" from "TransitionFlow"',
    (r) => `${String(r.TransitionID)}:${String(r.FromStatusID)}:${String(r.ToStatusID)}`,
  )
  const statusId = async (entity: string, code: number) => {
    const key = `${entity}:${code}`
    let id = statusIds.get(key)
    if (id === undefined) {
      id = await insertGlobal(sql, 'Status', {
        StatusCode: code,
        Description: statusNames[entity]?.[code] ?? String(code),
        EntityType: entity,
      })
      statusIds.set(key, id)
    }
    return id
  }
  for (const [entity, codes] of Object.entries(statusNames)) {
    for (const code of Object.keys(codes)) await statusId(entity, Number(code))
  }
  for (const f of transitionFlows) {
    const key = `${f.entity}:${f.method}`
    let tid = transitionIds.get(key)
    if (tid === undefined) {
      tid = await insertGlobal(sql, 'Transition', {
        MethodName: f.method,
        Controller: f.controller,
        EntityType: f.entity,
      })
      transitionIds.set(key, tid)
    }
    const from = await statusId(f.entity, f.from)
    const to = await statusId(f.entity, f.to)
    if (flowIds.has(`${tid}:${from}:${to}`)) continue
    await insertGlobal(sql, 'TransitionFlow', {
      EntityType: f.entity,
      TransitionID: tid,
      FromStatusID: from,
      ToStatusID: to,
      ExpiresDate: f.expires ?? null,
      IsDepricated: f.deprecated ?? false,
    })
  }

  const lists = await index('select "ID", "Code" from "ValueList"', (r) => String(r.Code).toLowerCase())
  let listId = lists.get(CUSTOM_FIELD_VALUE_LIST)
  if (listId === undefined) {
    listId = await insertGlobal(sql, 'ValueList', {
      Code: CUSTOM_FIELD_VALUE_LIST,
      Name: 'Custom field types',
      Description: 'Data types of custom fields (spec 2.16)',
    })
  }
  const { rows: items } = await sql.query<{ Code: string }>(
    'select "Code" from "ValueListItem" where "ValueListID" = $1',
    [listId],
  )
  const haveItems = new Set(items.map((i) => i.Code))
  for (const t of customFieldSqlTypes) {
    if (haveItems.has(t.Code)) continue
    await insertGlobal(sql, 'ValueListItem', {
      Code: t.Code,
      Name: t.Name,
      Description: t.Description,
      Index: t.Index,
      ValueListID: listId,
    })
  }
  return fresh
}
