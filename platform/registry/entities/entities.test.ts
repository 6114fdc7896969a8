import { describe, expect, it } from 'vitest'
import { registry } from '../index.ts'
import { sqlType } from '../../db/migrate.ts'

/** Every route the spec (sections 4.1-4.11) and the field notes call under /api/biz, in their spelling. */
const specRoutes: Record<string, string> = {
  user: 'User',
  users: 'User',
  companysettings: 'CompanySettings',
  invoices: 'CustomerInvoice',
  customers: 'Customer',
  products: 'Product',
  paymentinfotype: 'PaymentInfoType',
  distributions: 'DistributionPlan',
  orders: 'CustomerOrder',
  factoringsettings: 'FactoringSettings',
  supplierinvoices: 'SupplierInvoice',
  suppliers: 'Supplier',
  files: 'File',
  teams: 'Team',
  entitylock: 'EntityLock',
  journalentries: 'JournalEntry',
  accounts: 'Account',
  vattypes: 'VatType',
  contacts: 'Contact',
  transitions: 'Transition',
  models: 'Model',
  approvalrules: 'ApprovalRule',
  tasks: 'Task',
  approvals: 'Approval',
  approvalsubstitutes: 'ApprovalSubstitute',
  thresholds: 'TransitionThreshold',
  ApprovalRuleLinkGroups: 'ApprovalRuleLinkGroup',
  ApprovalRuleLinks: 'ApprovalRuleLink',
  'user-verifications': 'UserVerification',
  roles: 'Role',
  userroles: 'UserRole',
  valuelists: 'ValueList',
  'custom-fields': 'CustomField',
  comments: 'Comment',
  purchases: 'Purchase',
}

describe('model registry', () => {
  it('resolves every /api/biz route of the spec to its model, in any casing', () => {
    for (const [route, name] of Object.entries(specRoutes)) {
      expect(registry.byRoute(route)?.name, route).toBe(name)
      expect(registry.byRoute(route.toUpperCase())?.name, route).toBe(name)
    }
  })

  it('declares every entity the spec names', () => {
    const named = [
      'CustomerInvoice',
      'CustomerInvoiceItem',
      'Customer',
      'BusinessRelation',
      'Address',
      'Phone',
      'Email',
      'Contact',
      'Supplier',
      'BankAccount',
      'Product',
      'PaymentInfoType',
      'PaymentInfoTypePart',
      'DistributionPlan',
      'CustomerOrder',
      'FactoringSettings',
      'SupplierInvoice',
      'Dimensions',
      'Project',
      'Department',
      'CurrencyCode',
      'JournalEntry',
      'JournalEntryDraftLine',
      'JournalEntryLine',
      'Account',
      'VatType',
      'ApprovalRule',
      'Task',
      'Approval',
      'TaskApprovalPlan',
      'ApprovalSubstitute',
      'TransitionThreshold',
      'ApprovalRuleLinkGroup',
      'ApprovalRuleLink',
      'Eventplan',
      'EventSubscriber',
      'ExpressionFilter',
      'File',
      'FileEntityLink',
      'Purchase',
      'UserVerification',
      'PayrollRun',
      'WorkItemGroup',
    ]
    const missing = named.filter((n) => !registry.get(n))
    expect(missing).toEqual([])
  })

  it('has no dangling relation: every foreign key is a declared int field on the side that holds it', () => {
    const problems: string[] = []
    for (const e of registry.entities) {
      for (const r of e.relations) {
        const target = registry.require(r.target)
        const holder = r.kind === 'one' ? e : target
        const fk = registry.field(holder, r.foreignKey)
        if (!fk) problems.push(`${e.name}.${r.name}: ${holder.name} has no field ${r.foreignKey}`)
        else if (fk.type !== 'int')
          problems.push(`${e.name}.${r.name}: ${holder.name}.${r.foreignKey} is ${fk.type}`)
        if (registry.field(e, r.name))
          problems.push(`${e.name}.${r.name} clashes with a field of the same name`)
        // Company rows may point at shared rows, never the other way round.
        if (e.scope === 'global' && target.scope === 'company')
          problems.push(`${e.name}.${r.name}: global -> company`)
      }
    }
    expect(problems).toEqual([])
  })

  it('gives every field a storable type, unique names and consistent status codes', () => {
    const problems: string[] = []
    for (const e of registry.entities) {
      const names = registry.fields(e).map((f) => f.name.toLowerCase())
      if (new Set(names).size !== names.length) problems.push(`${e.name}: duplicate field`)
      for (const f of registry.fields(e))
        if (!sqlType[f.type]) problems.push(`${e.name}.${f.name}: type ${f.type}`)
      if (e.defaultStatus !== undefined && !e.statusCodes?.includes(e.defaultStatus)) {
        problems.push(`${e.name}: default status ${e.defaultStatus} not among its status codes`)
      }
      for (const f of e.fields) {
        if (f.default !== undefined && f.values && !f.values.includes(f.default as number)) {
          problems.push(`${e.name}.${f.name}: default outside values`)
        }
      }
    }
    expect(problems).toEqual([])
  })

  it('declares the graph shapes the spec writes and expands', () => {
    const path = (entity: string, dotted: string) => {
      let e = registry.require(entity)
      for (const part of dotted.split('.')) {
        const r = registry.relation(e, part)
        if (!r) return undefined
        e = registry.require(r.target)
      }
      return e.name
    }
    expect(path('CustomerInvoice', 'Items.Product')).toBe('Product')
    expect(path('CustomerInvoice', 'Items.VatType')).toBe('VatType')
    expect(path('CustomerInvoice', 'Customer.Info.InvoiceAddress')).toBe('Address')
    expect(path('CustomerOrder', 'Items.Product')).toBe('Product')
    expect(path('Contact', 'Info.DefaultPhone')).toBe('Phone')
    expect(path('Contact', 'Info.DefaultEmail')).toBe('Email')
    expect(path('Contact', 'Info.DefaultAddress')).toBe('Address')
    expect(path('SupplierInvoice', 'Supplier.Info.DefaultBankAccount')).toBe('BankAccount')
    expect(path('SupplierInvoice', 'DefaultDimensions.Project')).toBe('Project')
    expect(path('SupplierInvoice', 'DefaultDimensions.Department')).toBe('Department')
    expect(path('SupplierInvoice', 'JournalEntry.DraftLines.Account')).toBe('Account')
    expect(path('SupplierInvoice', 'CurrencyCode')).toBe('CurrencyCode')
    expect(path('FactoringSettings', 'FactoringPaymentInfoType.PaymentInfoTypeParts')).toBe(
      'PaymentInfoTypePart',
    )
    expect(path('Task', 'ApprovalPlan')).toBe('TaskApprovalPlan')
    expect(path('ApprovalRuleLinkGroup', 'Links.ApprovalRule.Steps')).toBe('ApprovalRuleStep')
    expect(path('Eventplan', 'ExpressionFilters')).toBe('ExpressionFilter')
    const owned = (entity: string, rel: string) =>
      registry.relation(registry.require(entity), rel)?.owned === true
    expect(owned('CustomerInvoice', 'Items')).toBe(true)
    expect(owned('JournalEntry', 'DraftLines')).toBe(true)
    expect(owned('JournalEntry', 'Lines')).toBe(false)
    expect(owned('BusinessRelation', 'Addresses')).toBe(true)
    expect(owned('Eventplan', 'EventSubscribers')).toBe(true)
    expect(registry.field(registry.require('SupplierInvoice'), 'SupplierID')?.required).toBe(true)
  })
})
