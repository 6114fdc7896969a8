import { describe, expect, it } from 'vitest'
import { createGraph, decideEdit, editGraph, sameAccountOn } from './party-graph.ts'

const server = {
  ID: 7,
  UpdatedAt: '2026-11-02T09:00:00Z',
  CostAccountID: 4000,
  Info: {
    ID: 70,
    Name: 'Fjord AS',
    InvoiceAddress: { ID: 700, City: 'Bergen', AddressLine1: 'Strandgaten 1' },
    DefaultEmail: null,
    BankAccounts: [
      { ID: 71, AccountNumber: '86011117947' },
      { ID: 72, IBAN: 'DE89370400440532013000', Deleted: true },
    ],
  },
}

const edit = (
  body: Record<string, unknown>,
  base: Record<string, unknown>,
  baseUpdatedAt = '2026-11-01T09:00:00Z',
) => ({
  entity: 'Supplier' as const,
  entityId: 7,
  body,
  base,
  baseUpdatedAt,
})

describe('an edit of a party against the server, path by path', () => {
  it('sends a path the server still has at its base, and names it merged when the row moved', () => {
    const decided = decideEdit(
      edit({ 'Info.InvoiceAddress.City': 'Os' }, { 'Info.InvoiceAddress.City': 'Bergen' }),
      server,
    )
    expect(decided).toEqual({
      send: { 'Info.InvoiceAddress.City': 'Os' },
      merged: ['Info.InvoiceAddress.City'],
    })
    const unmoved = decideEdit(
      edit({ CostAccountID: 6800 }, { CostAccountID: 4000 }, '2026-11-02T09:00:00Z'),
      server,
    )
    expect(unmoved).toEqual({ send: { CostAccountID: 6800 }, merged: [] })
  })

  it('is a conflict, with the server value by path, when both sides changed a path differently', () => {
    const decided = decideEdit(
      edit(
        { 'Info.Name': 'Fjord Vest AS', CostAccountID: 6800 },
        { 'Info.Name': 'Fjord', CostAccountID: 4000 },
      ),
      server,
    )
    expect(decided).toMatchObject({
      status: 'conflict',
      fields: ['Info.Name'],
      theirs: { 'Info.Name': 'Fjord AS' },
    })
  })

  it('is done when the server already has every value (an earlier attempt, or the same change by a colleague)', () => {
    const decided = decideEdit(
      edit(
        { 'Info.Name': 'Fjord AS', 'Info.DefaultEmail.EmailAddress': '' },
        { 'Info.Name': 'Old', 'Info.DefaultEmail.EmailAddress': null },
      ),
      server,
    )
    expect(decided).toMatchObject({ status: 'done' })
  })

  it('fails when the party is gone', () => {
    expect(decideEdit(edit({ 'Info.Name': 'X' }, {}), null)).toMatchObject({
      status: 'failed',
      error: { code: 'DELETED_ON_SERVER' },
    })
  })
})

describe('the graphs the register writes', () => {
  it('updates the relation and its address by ID, and creates a missing e-mail with _createguid', () => {
    const body = editGraph(server, {
      'Info.Name': 'Fjord Vest AS',
      'Info.InvoiceAddress.City': 'Os',
      'Info.DefaultEmail.EmailAddress': 'post@fjord.no',
      CostAccountID: 6800,
    })
    expect(body).toMatchObject({
      ID: 7,
      CostAccountID: 6800,
      Info: {
        ID: 70,
        Name: 'Fjord Vest AS',
        InvoiceAddress: { ID: 700, City: 'Os' },
        DefaultEmail: { EmailAddress: 'post@fjord.no' },
      },
    })
    const email = (body.Info as { DefaultEmail: Record<string, unknown> }).DefaultEmail
    expect(email.ID).toBeUndefined()
    expect(typeof email._createguid).toBe('string')
    expect((body.Info as Record<string, unknown>).InvoiceAddress).not.toHaveProperty('AddressLine1')
  })

  it('leaves the relation out when only the party’s own fields change', () => {
    expect(editGraph(server, { CreditDays: 30 })).toEqual({ ID: 7, CreditDays: 30 })
  })

  it('builds a new supplier with its parts created by _createguid, and no empty parts', () => {
    const graph = createGraph('Supplier', {
      Name: 'Kaffe AS',
      OrgNumber: '911111111',
      InvoiceAddress: { City: 'Bergen' },
      EmailAddress: 'faktura@kaffe.no',
      PhoneNumber: '',
      BankAccounts: [{ AccountNumber: '86011117947' }],
    })
    expect(graph).toMatchObject({
      OrgNumber: '911111111',
      Info: {
        Name: 'Kaffe AS',
        InvoiceAddress: { City: 'Bergen' },
        DefaultEmail: { EmailAddress: 'faktura@kaffe.no' },
        BankAccounts: [{ AccountNumber: '86011117947' }],
      },
    })
    const info = graph.Info as Record<string, Record<string, unknown>>
    for (const part of ['InvoiceAddress', 'DefaultEmail'])
      expect(info[part]!._createguid).toEqual(expect.any(String))
    expect(info.DefaultPhone).toBeUndefined()
    expect(
      createGraph('Contact', { Name: 'Kari', ParentBusinessRelationID: 70, Role: 'Innkjøper' }),
    ).toMatchObject({
      ParentBusinessRelationID: 70,
      Role: 'Innkjøper',
      Info: { Name: 'Kari' },
    })
  })

  it('finds a bank account on the party however it is written, never a deleted one', () => {
    expect(sameAccountOn(server, { AccountNumber: '86011117947' })?.ID).toBe(71)
    expect(sameAccountOn(server, { IBAN: 'NO9386011117947' })?.ID).toBe(71)
    expect(sameAccountOn(server, { IBAN: 'DE89370400440532013000' })).toBeUndefined()
  })
})
