import { afterEach, describe, expect, it } from 'vitest'
import { checkedMarkText, scanCheckState } from '@common/parties/scan-mark'
import {
  addBankAccount,
  createParty,
  editParty,
  markChecked,
  mergeParty,
  partyValue,
  removeBankAccount,
  setDefaultBankAccount,
} from './parties.ts'
import { drainCompany } from './drain.ts'
import { discardEntry, resolveEntry } from './outbox-actions.ts'
import { withLocalChanges } from './pull.ts'
import type { SyncTransport } from './sync-transport.ts'
import { openWorkspace, type OutboxEntry, type WorkspaceDb } from './schema.ts'

let db: WorkspaceDb
afterEach(async () => {
  await db.delete()
})

const supplier = (companyKey: string, ID: number, name: string) => ({
  companyKey,
  ID,
  StatusCode: 30001,
  OrgNumber: '995525828',
  CostAccountID: 4000,
  UpdatedAt: '2026-11-01T10:00:00Z',
  Info: {
    ID: 100 + ID,
    Name: name,
    InvoiceAddressID: 200 + ID,
    InvoiceAddress: { ID: 200 + ID, AddressLine1: 'Strandgaten 1', City: 'Bergen', PostalCode: '5003' },
    DefaultEmail: null,
    BankAccounts: [{ ID: 300 + ID, AccountNumber: '86011117947' }],
    DefaultBankAccountID: 300 + ID,
    DefaultBankAccount: { ID: 300 + ID, AccountNumber: '86011117947' },
  },
})

async function seeded(): Promise<WorkspaceDb> {
  db = openWorkspace('sandbox', `user-${crypto.randomUUID()}`)
  await db.Supplier.bulkPut([
    supplier('nordlys', 1, 'Fjord AS'),
    supplier('nordlys', 2, 'Fjord AS (skann)'),
    supplier('aurora', 1, 'Aurora Leverandør'),
  ])
  await db.SupplierInvoice.bulkPut([
    { companyKey: 'nordlys', ID: 11, SupplierID: 2, StatusCode: 30101 },
    { companyKey: 'nordlys', ID: 12, SupplierID: 2, StatusCode: 30104 },
    { companyKey: 'aurora', ID: 11, SupplierID: 2, StatusCode: 30101 },
  ])
  return db
}

const entries = () => db.outbox.orderBy('seq').toArray()

describe("the contacts register's changes", () => {
  it('creates a supplier with a local ID, in the shape the pull gives, and queues its draft', async () => {
    await seeded()
    const id = await createParty(db, 'nordlys', 'Supplier', {
      Name: 'Kaffebrenneriet AS',
      OrgNumber: '911111111',
      InvoiceAddress: { AddressLine1: 'Torget 2', City: 'Bergen' },
      EmailAddress: 'faktura@kaffe.no',
      PhoneNumber: '+47 55 00 11 17',
      BankAccounts: [
        { AccountNumber: '86011117947' },
        { IBAN: 'DE89370400440532013000', BIC: 'COBADEFFXXX' },
      ],
    })
    expect(id).toBe(-1)
    const row = await db.Supplier.get(['nordlys', id])
    expect(partyValue(row, 'Info.Name')).toBe('Kaffebrenneriet AS')
    expect(partyValue(row, 'Info.InvoiceAddress.City')).toBe('Bergen')
    expect(partyValue(row, 'Info.DefaultEmail.EmailAddress')).toBe('faktura@kaffe.no')
    expect(partyValue(row, 'Info.DefaultPhone.Number')).toBe('+47 55 00 11 17')
    expect(partyValue(row, 'Info.DefaultBankAccount.AccountNumber')).toBe('86011117947')
    expect(row?.Info?.BankAccounts).toHaveLength(2)
    expect(row?.OrgNumber).toBe('911111111')
    const [entry] = await entries()
    expect(entry).toMatchObject({
      entity: 'Supplier',
      entityId: -1,
      action: 'create',
      state: 'pending',
    })
    expect(entry!.body).toMatchObject({ Name: 'Kaffebrenneriet AS', OrgNumber: '911111111' })
    expect(await createParty(db, 'nordlys', 'Supplier', { Name: 'Neste AS' })).toBe(-2)
    // Another company's local IDs are its own.
    expect(await createParty(db, 'aurora', 'Supplier', { Name: 'Aurora Ny' })).toBe(-1)
  })

  it('creates a contact person linked to the relation they work for', async () => {
    await seeded()
    const id = await createParty(db, 'nordlys', 'Contact', {
      Name: 'Kari Nordmann',
      EmailAddress: 'kari@fjord.no',
      Role: 'Innkjøper',
      ParentBusinessRelationID: 101,
    })
    const row = await db.Contact.get(['nordlys', id])
    expect(row).toMatchObject({
      ParentBusinessRelationID: 101,
      Role: 'Innkjøper',
      Info: { Name: 'Kari Nordmann' },
    })
    await expect(
      createParty(db, 'nordlys', 'Contact', { Name: 'Ola', ParentBusinessRelationID: -1 }),
    ).rejects.toMatchObject({ code: 'INVALID', field: 'ParentBusinessRelationID' })
    expect(await db.Contact.count()).toBe(1)
  })

  it('lets a contact person name a supplier created offline, and sends them once it is on the platform', async () => {
    await seeded()
    const supplierId = await createParty(db, 'nordlys', 'Supplier', { Name: 'Ny Leverandør AS' })
    const customerId = await createParty(db, 'nordlys', 'Customer', { Name: 'Ny Kunde AS' })
    const supplier = await db.Supplier.get(['nordlys', supplierId])
    const customer = await db.Customer.get(['nordlys', customerId])
    // Local business relation IDs, unique among the parties created offline.
    expect(supplier?.Info?.ID).toBe(-1)
    expect(customer?.Info?.ID).toBe(-2)
    const contactId = await createParty(db, 'nordlys', 'Contact', {
      Name: 'Kari',
      ParentBusinessRelationID: -1,
    })
    const sent: string[] = []
    const transport = {
      execute: async (_companyKey: string, command: { entity: string; action: string; body: unknown }) => {
        sent.push(`${command.entity} ${command.action} ${JSON.stringify(command.body)}`)
        if (command.entity === 'Supplier')
          return {
            status: 'done',
            row: { ID: 40, BusinessRelationID: 400, Info: { ID: 400, Name: 'Ny Leverandør AS' } },
            merged: [],
          }
        if (command.entity === 'Customer')
          return { status: 'done', row: { ID: 41, Info: { ID: 410 } }, merged: [] }
        return { status: 'done', row: { ID: 50, ParentBusinessRelationID: 400 }, merged: [] }
      },
    } as unknown as SyncTransport
    const result = await drainCompany(db, transport, 'nordlys')
    expect(result).toMatchObject({ done: 3, failed: 0, interrupted: false })
    expect(sent[0]).toMatch(/^Supplier create/)
    expect(sent.at(-1)).toMatch(/^Contact create .*"ParentBusinessRelationID":400/)
    expect(await db.outbox.count()).toBe(0)
    expect(await db.Contact.get(['nordlys', contactId])).toBeUndefined()
    expect((await db.Contact.get(['nordlys', 50]))?.ParentBusinessRelationID).toBe(400)
  })

  it('fails a contact person waiting for a supplier whose creation is discarded, with the reason', async () => {
    await seeded()
    const supplierId = await createParty(db, 'nordlys', 'Supplier', { Name: 'Ny Leverandør AS' })
    await createParty(db, 'nordlys', 'Contact', { Name: 'Kari', ParentBusinessRelationID: -1 })
    const [create] = await entries()
    expect(create!.entityId).toBe(supplierId)
    await discardEntry(db, {} as SyncTransport, create!.seq!)
    const [waiting] = await entries()
    expect(waiting).toMatchObject({
      entity: 'Contact',
      state: 'failed',
      lastError: { code: 'PARENT_DISCARDED' },
    })
  })

  it('refuses a draft or a change that does not fit, naming the field, and writes nothing', async () => {
    await seeded()
    await expect(
      createParty(db, 'nordlys', 'Supplier', { Name: '', OrgNumber: '123' }),
    ).rejects.toMatchObject({
      code: 'INVALID',
    })
    await expect(
      editParty(db, 'nordlys', 'Supplier', 1, { CreditDays: 'fourteen' as unknown as number }),
    ).rejects.toMatchObject({ code: 'INVALID', field: 'CreditDays' })
    await expect(editParty(db, 'nordlys', 'Supplier', 99, { 'Info.Name': 'X' })).rejects.toThrow(
      /not in the offline cache/,
    )
    expect(await db.outbox.count()).toBe(0)
    expect(await db.Supplier.count()).toBe(3)
  })

  it('edits fields by path at once and queues an edit with each path’s base; a second edit joins it', async () => {
    await seeded()
    await editParty(db, 'nordlys', 'Supplier', 1, {
      'Info.Name': 'Fjord Bergen AS',
      'Info.InvoiceAddress.City': 'Os',
    })
    await editParty(db, 'nordlys', 'Supplier', 1, {
      'Info.Name': 'Fjord Vest AS',
      'Info.DefaultEmail.EmailAddress': 'post@fjord.no',
      CostAccountID: 6800,
    })
    const row = await db.Supplier.get(['nordlys', 1])
    expect(partyValue(row, 'Info.Name')).toBe('Fjord Vest AS')
    expect(partyValue(row, 'Info.InvoiceAddress.City')).toBe('Os')
    expect(partyValue(row, 'Info.InvoiceAddress.AddressLine1')).toBe('Strandgaten 1')
    expect(partyValue(row, 'Info.DefaultEmail.EmailAddress')).toBe('post@fjord.no')
    expect(row?.CostAccountID).toBe(6800)
    expect((await db.Supplier.get(['aurora', 1]))?.Info?.Name).toBe('Aurora Leverandør')
    const queued = await entries()
    expect(queued).toHaveLength(1)
    expect(queued[0]).toMatchObject({
      entity: 'Supplier',
      entityId: 1,
      action: 'edit',
      body: {
        'Info.Name': 'Fjord Vest AS',
        'Info.InvoiceAddress.City': 'Os',
        'Info.DefaultEmail.EmailAddress': 'post@fjord.no',
        CostAccountID: 6800,
      },
      base: {
        'Info.Name': 'Fjord AS',
        'Info.InvoiceAddress.City': 'Bergen',
        'Info.DefaultEmail.EmailAddress': null,
        CostAccountID: 4000,
      },
      baseUpdatedAt: '2026-11-01T10:00:00Z',
    })
  })

  it('queues a new edit once the earlier one is on its way, based on the values the user saw', async () => {
    await seeded()
    await editParty(db, 'nordlys', 'Supplier', 1, { 'Info.Name': 'Fjord Bergen AS' })
    const [first] = await entries()
    await db.outbox.update(first!.seq!, { state: 'sending' })
    await editParty(db, 'nordlys', 'Supplier', 1, { 'Info.Name': 'Fjord Vest AS' })
    const queued = await entries()
    expect(queued).toHaveLength(2)
    expect(queued[1]!.base).toEqual({ 'Info.Name': 'Fjord Bergen AS' })
  })

  it('keeps a queued edit over a row the pull brings before it is sent', async () => {
    await seeded()
    await editParty(db, 'nordlys', 'Supplier', 1, { 'Info.InvoiceAddress.City': 'Os' })
    const unsynced: OutboxEntry[] = await entries()
    const pulled = { ...supplier('nordlys', 1, 'Fjord AS fra server'), companyKey: undefined }
    const cached = withLocalChanges('nordlys', pulled, unsynced)
    expect(partyValue(cached, 'Info.Name')).toBe('Fjord AS fra server')
    expect(partyValue(cached, 'Info.InvoiceAddress.City')).toBe('Os')
    expect(partyValue(pulled, 'Info.InvoiceAddress.City')).toBe('Bergen')
  })

  it('adds a bank account (made default when asked), sets another default, removes one', async () => {
    await seeded()
    await addBankAccount(db, 'nordlys', 'Supplier', 1, { AccountNumber: '12345678903' }, true)
    let info = (await db.Supplier.get(['nordlys', 1]))!.Info!
    expect(info.BankAccounts!.map((a) => a.AccountNumber)).toEqual(['86011117947', '12345678903'])
    expect(info.DefaultBankAccount?.AccountNumber).toBe('12345678903')
    await setDefaultBankAccount(db, 'nordlys', 'Supplier', 1, 301)
    await removeBankAccount(db, 'nordlys', 'Supplier', 1, 301)
    info = (await db.Supplier.get(['nordlys', 1]))!.Info!
    expect(info.BankAccounts!.map((a) => a.AccountNumber)).toEqual(['12345678903'])
    expect(info.DefaultBankAccountID).toBeNull()
    const queued = await entries()
    expect(queued.map((e) => e.action)).toEqual([
      'add-bank-account',
      'set-default-bank-account',
      'remove-bank-account',
    ])
    expect(queued[0]!).toMatchObject({
      body: { Account: { AccountNumber: '12345678903' }, MakeDefault: true },
    })
    expect(queued[2]!).toMatchObject({ body: { BankAccountID: 301 } })
    await expect(removeBankAccount(db, 'nordlys', 'Supplier', 1, 999)).rejects.toMatchObject({
      code: 'BANK_ACCOUNT_NOT_FOUND',
    })
    await expect(
      addBankAccount(db, 'nordlys', 'Supplier', 1, { AccountNumber: '8601.11.17947' }, false),
    ).rejects.toMatchObject({ code: 'INVALID' })
  })

  it('changes the queued addition of a bank account not sent yet, instead of naming its local ID', async () => {
    await seeded()
    await addBankAccount(db, 'nordlys', 'Supplier', 1, { AccountNumber: '12345678903' }, false)
    const local = (await db.Supplier.get(['nordlys', 1]))!.Info!.BankAccounts!.at(-1)!
    expect(local.ID).toBeLessThan(0)
    await setDefaultBankAccount(db, 'nordlys', 'Supplier', 1, local.ID)
    let queued = await entries()
    expect(queued).toHaveLength(1)
    expect(queued[0]!).toMatchObject({ body: { MakeDefault: true } })
    await removeBankAccount(db, 'nordlys', 'Supplier', 1, local.ID)
    queued = await entries()
    expect(queued).toHaveLength(0)
    expect((await db.Supplier.get(['nordlys', 1]))!.Info!.BankAccounts).toHaveLength(1)
  })

  it('merges a duplicate: its listed invoices move, it is deactivated, and the merge is queued', async () => {
    await seeded()
    await mergeParty(db, 'nordlys', 'Supplier', 2, 1, [11])
    expect((await db.Supplier.get(['nordlys', 2]))?.StatusCode).toBe(50001)
    expect((await db.SupplierInvoice.get(['nordlys', 11]))?.SupplierID).toBe(1)
    expect((await db.SupplierInvoice.get(['nordlys', 12]))?.SupplierID).toBe(2)
    expect((await db.SupplierInvoice.get(['aurora', 11]))?.SupplierID).toBe(2)
    const [entry] = await entries()
    expect(entry).toMatchObject({
      entity: 'Supplier',
      entityId: 2,
      action: 'merge',
      body: { IntoID: 1, InvoiceIDs: [11] },
    })
    await expect(mergeParty(db, 'nordlys', 'Supplier', 1, 1, [])).rejects.toMatchObject({
      code: 'SAME_PARTY',
    })
    await expect(mergeParty(db, 'nordlys', 'Supplier', 1, -3, [])).rejects.toMatchObject({
      code: 'NOT_ON_PLATFORM_YET',
    })
  })

  it('marks a scanned supplier checked with a local comment and queues the comment', async () => {
    await seeded()
    await db.Comment.put({
      companyKey: 'nordlys',
      ID: 40,
      Text: 'Opprettet fra skanning',
      EntityType: 'Supplier',
      EntityID: 2,
    })
    const comments = () =>
      db.Comment.where('[companyKey+EntityType+EntityID]').equals(['nordlys', 'Supplier', 2]).toArray()
    expect(scanCheckState(await comments())).toBe('unchecked')
    await markChecked(db, 'nordlys', 2, checkedMarkText('nb'))
    expect(scanCheckState(await comments())).toBe('checked')
    const [entry] = await entries()
    expect(entry).toMatchObject({
      entity: 'Supplier',
      entityId: 2,
      action: 'mark-checked',
      body: { Text: 'Kontrollert etter skanning' },
    })
    await expect(markChecked(db, 'nordlys', 2, '  ')).rejects.toMatchObject({ code: 'INVALID' })
  })

  it('resolves a conflicting edit path by path: theirs is taken into the row, mine is sent again', async () => {
    await seeded()
    await editParty(db, 'nordlys', 'Supplier', 1, {
      'Info.Name': 'Mitt navn',
      'Info.InvoiceAddress.City': 'Os',
    })
    const [entry] = await entries()
    await db.outbox.update(entry!.seq!, {
      state: 'conflict',
      theirs: { 'Info.Name': 'Kollegas navn', 'Info.InvoiceAddress.City': 'Voss' },
    })
    const resolved = await resolveEntry(db, entry!.seq!, {
      'Info.Name': 'theirs',
      'Info.InvoiceAddress.City': 'mine',
    })
    expect(resolved).toMatchObject({
      state: 'pending',
      action: 'edit',
      body: { 'Info.InvoiceAddress.City': 'Os' },
      base: { 'Info.InvoiceAddress.City': 'Voss' },
    })
    const row = await db.Supplier.get(['nordlys', 1])
    expect(partyValue(row, 'Info.Name')).toBe('Kollegas navn')
    expect(partyValue(row, 'Info.InvoiceAddress.City')).toBe('Os')
    // Theirs for every path: nothing is left to send.
    await db.outbox.update(entry!.seq!, { state: 'conflict', theirs: { 'Info.InvoiceAddress.City': 'Voss' } })
    expect(await resolveEntry(db, entry!.seq!, { 'Info.InvoiceAddress.City': 'theirs' })).toBeUndefined()
    expect(await db.outbox.count()).toBe(0)
    expect(partyValue(await db.Supplier.get(['nordlys', 1]), 'Info.InvoiceAddress.City')).toBe('Voss')
  })

  it('discards an edit offline: each path gets its base back, a later edit stays', async () => {
    await seeded()
    await editParty(db, 'nordlys', 'Supplier', 1, { 'Info.InvoiceAddress.City': 'Os' })
    const [first] = await entries()
    await db.outbox.update(first!.seq!, { state: 'failed' })
    await editParty(db, 'nordlys', 'Supplier', 1, { 'Info.Name': 'Fjord Vest AS' })
    const offline = {
      row: async () => Promise.reject(Object.assign(new Error('down'), { code: 'API_NETWORK' })),
    }
    await discardEntry(db, offline as unknown as SyncTransport, first!.seq!)
    const row = await db.Supplier.get(['nordlys', 1])
    expect(partyValue(row, 'Info.InvoiceAddress.City')).toBe('Bergen')
    expect(partyValue(row, 'Info.Name')).toBe('Fjord Vest AS')
    expect(row).not.toHaveProperty(['Info.InvoiceAddress.City'])
  })

  it('discards a merge: the moved invoices go back to the duplicate', async () => {
    await seeded()
    await mergeParty(db, 'nordlys', 'Supplier', 2, 1, [11])
    const [entry] = await entries()
    const offline = {
      row: async () => Promise.reject(Object.assign(new Error('down'), { code: 'API_NETWORK' })),
    }
    await discardEntry(db, offline as unknown as SyncTransport, entry!.seq!)
    expect((await db.SupplierInvoice.get(['nordlys', 11]))?.SupplierID).toBe(2)
    expect((await db.Supplier.get(['nordlys', 2]))?.StatusCode).toBe(30001)
    expect(await db.outbox.count()).toBe(0)
  })
})
