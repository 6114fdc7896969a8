// The party card in the whole shell, over a test bridge whose pull brings a company's suppliers, their
// invoices, accounts, comments and contact persons as main would: the review's supplier menu opens the
// supplier's card beside the invoice; the card shows its facts; a bank account added there is queued as
// the outbox's add-bank-account and the review's bank-account warning follows at once; a conflict shows
// field by field; a duplicate's card plans the merge and queues it with the invoices it listed.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { OutboxCommand } from '@common/bridge/outbox'
import type { PlatformRow } from '@common/bridge/sync'
import { formatBankAccount, generateBankAccount, generateOrgNumber } from '@common/norwegian'
import { PaymentStatus, SupplierInvoiceStatus as S } from '@common/status'
import type { WorkspaceDb } from '@renderer/data/schema'
import { formatDate } from '@renderer/i18n/format'
import { waitForElement } from './mount-shell.ts'
import { mountWorkspace, reviewOfInvoice1 } from './mount-workspace.ts'

const companyKey = 'nordlys'
const companies = [
  { ID: 1, Name: 'Nordlys Bakeri AS', Key: companyKey, IsTest: false, OrganizationNumber: '924956488' },
]
const org = generateOrgNumber(21)
const onRecord = generateBankAccount(31)
const paidElsewhere = generateBankAccount(32)
const onInvoice = generateBankAccount(33)

const pad = (n: number) => String(n).padStart(2, '0')
/** A day relative to today, as the platform writes dates. */
function day(offset: number): string {
  const d = new Date()
  d.setDate(d.getDate() + offset)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

const stamp = '2026-11-01T10:00:00.000Z'
const rows: Partial<Record<string, PlatformRow[]>> = {
  Supplier: [
    {
      ID: 7,
      UpdatedAt: stamp,
      StatusCode: 30001,
      OrgNumber: org,
      BusinessRelationID: 70,
      CostAccountID: 63,
      CreditDays: 14,
      Info: {
        ID: 70,
        Name: 'Bakeriet AS',
        InvoiceAddress: {
          ID: 700,
          AddressLine1: 'Storgata 1',
          PostalCode: '0150',
          City: 'Oslo',
          CountryCode: 'NO',
        },
        DefaultEmail: { ID: 701, EmailAddress: 'post@bakeriet.example' },
        BankAccounts: [{ ID: 71, AccountNumber: onRecord }],
        DefaultBankAccountID: 71,
      },
    },
    {
      ID: 9,
      UpdatedAt: stamp,
      StatusCode: 30001,
      OrgNumber: `NO ${org} MVA`,
      BusinessRelationID: 90,
      Info: { ID: 90, Name: 'Bakeriet skannet', BankAccounts: [] },
    },
  ],
  SupplierInvoice: [
    {
      ID: 1,
      UpdatedAt: stamp,
      SupplierID: 7,
      InvoiceNumber: 'B-1',
      StatusCode: S.Draft,
      PaymentStatus: PaymentStatus.NotPaid,
      InvoiceDate: day(-5),
      PaymentDueDate: day(20),
      TaxInclusiveAmount: 1000,
      PaymentInformation: onInvoice,
    },
    {
      ID: 2,
      UpdatedAt: stamp,
      SupplierID: 7,
      InvoiceNumber: 'B-2',
      StatusCode: S.Journaled,
      PaymentStatus: PaymentStatus.NotPaid,
      InvoiceDate: day(-40),
      PaymentDueDate: day(-10),
      TaxInclusiveAmount: 2500,
      BankAccountID: 71,
    },
    {
      ID: 3,
      UpdatedAt: stamp,
      SupplierID: 7,
      InvoiceNumber: 'B-3',
      StatusCode: S.Approved,
      PaymentStatus: PaymentStatus.Paid,
      InvoiceDate: day(-60),
      PaymentDueDate: day(-30),
      TaxInclusiveAmount: 400,
      PaymentInformation: paidElsewhere,
    },
    {
      ID: 4,
      UpdatedAt: stamp,
      SupplierID: 9,
      InvoiceNumber: 'S-4',
      StatusCode: S.Draft,
      PaymentDueDate: day(40),
      TaxInclusiveAmount: 300,
    },
    {
      ID: 5,
      UpdatedAt: stamp,
      SupplierID: 9,
      InvoiceNumber: 'S-5',
      StatusCode: S.Journaled,
      InvoiceDate: day(-90),
      TaxInclusiveAmount: 600,
    },
  ],
  Account: [{ ID: 63, UpdatedAt: stamp, AccountNumber: 6300, AccountName: 'Leie lokale', VatTypeID: 1 }],
  VatType: [{ ID: 1, UpdatedAt: stamp, VatCode: '1', Name: 'Inngående mva 25 %', VatPercent: 25 }],
  Comment: [{ ID: 1, UpdatedAt: stamp, EntityType: 'Supplier', EntityID: 9, Text: 'Opprettet fra skanning' }],
  Contact: [
    {
      ID: 3,
      UpdatedAt: stamp,
      InfoID: 30,
      Comment: null,
      Role: 'Regnskap',
      ParentBusinessRelationID: 70,
      Info: { ID: 30, Name: 'Kari Nordmann' },
    },
  ],
}

let db: WorkspaceDb | undefined
let release: () => void = () => undefined
afterEach(() => release())

/**
 * The shell on the review of invoice 1. With `hold`, main answers no outbox command until the test lets it,
 * so what the card queued stays on this computer meanwhile.
 */
async function mount(options: { hold?: boolean; language?: string } = {}) {
  const sent: OutboxCommand[] = []
  const held = new Promise<void>((resolve) => (release = resolve))
  const mounted = await mountWorkspace({
    ...reviewOfInvoice1,
    languages: [options.language ?? 'en-US'],
    companies,
    rows: { nordlys: rows },
    handlers: {
      'outbox.execute': async (_key, command) => {
        sent.push(command)
        if (options.hold) await held
        return { status: 'done', row: null, merged: [] }
      },
    },
  })
  db = mounted.db
  await vi.waitFor(async () => expect(await db!.Contact.count()).toBe(1), { timeout: 15_000 })
  // Reference data (accounts, VAT codes) comes later in a round than the parties.
  await vi.waitFor(async () => expect(await db!.Account.count()).toBe(1), { timeout: 15_000 })
  const form = await waitForElement('[data-testid="review-form"]')
  await vi.waitFor(() => expect(form.dataset.invoice).toBe('1'))
  return { sent, db }
}

/** Opens the supplier's card from the supplier field's menu; answers the card once it shows. */
async function openSupplierCard(id = 7, item = 'Open supplier card'): Promise<HTMLElement> {
  ;(await waitForElement('[data-testid="review-supplier-menu"]')).click()
  const menuItem = await vi.waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((el) =>
      el.textContent?.includes(item),
    )
    if (!found) throw new Error('The supplier menu has no item to open the card')
    return found
  })
  menuItem.querySelector<HTMLElement>('a, .p-menu-item-content')!.click()
  await waitForElement('[data-testid="review-supplier-panel"]')
  return waitForElement(`[data-testid="party-card"][data-id="${id}"]`)
}

const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? ''
const inCard = (card: HTMLElement, testId: string) => text(card.querySelector(`[data-testid="${testId}"]`))

describe('the party card', () => {
  it('opens from the review’s supplier menu and shows the supplier’s facts', async () => {
    await mount()
    const card = await openSupplierCard()
    await vi.waitFor(() => expect(text(card.querySelector('h2'))).toBe('Bakeriet AS'))
    expect(inCard(card, 'party-card-org-number')).toBe(
      `${org.slice(0, 3)} ${org.slice(3, 6)} ${org.slice(6)}`,
    )
    expect(inCard(card, 'party-card-credit-days')).toBe('14 days')
    await vi.waitFor(() => expect(inCard(card, 'party-card-cost-account')).toBe('6300 Leie lokale'))
    // No default VAT code on the platform: the account's own is shown, and why.
    expect(inCard(card, 'party-card-vat')).toContain('Account 6300: 1 Inngående mva 25 %')
    expect(inCard(card, 'party-card-vat')).toContain('no default VAT code for a supplier')
    // Open: the draft and the unpaid booked invoice; overdue: the booked one; paid invoices owe nothing.
    await vi.waitFor(() => expect(inCard(card, 'party-card-open')).toBe('3,500.00 (2)'))
    expect(inCard(card, 'party-card-overdue')).toBe('2,500.00 (1)')
    expect(inCard(card, 'party-card-twelve-months')).toBe('3,900.00')
    // Paid to: the account on record, and one it is not on record with, each with its first use.
    const paidTo = [...card.querySelectorAll('[data-testid="party-card-paid-to"] li')].map(text)
    const [first, second] = [day(-60), day(-40)].map((d) => formatDate(d, 'en'))
    expect(paidTo).toEqual([
      expect.stringMatching(
        new RegExp(`^${formatBankAccount(paidElsewhere)}.*first used ${first} · 1 invoice +not on record$`),
      ),
      `${formatBankAccount(onRecord)} first used ${second} · 1 invoice`,
    ])
    expect(inCard(card, 'party-card-contacts')).toContain('Kari Nordmann')
    expect(inCard(card, 'party-card-duplicates')).toContain('Bakeriet skannet')
    // The bank accounts: the default marked in words.
    expect(inCard(card, 'bank-account-71')).toContain('Default')
    // Every control named, headings in order (colours are judged in the browser suite, which has layout).
    const { default: axe } = await import('axe-core')
    const result = await axe.run(card, {
      rules: { 'color-contrast': { enabled: false } },
      resultTypes: ['violations'],
    })
    expect(result.passes.map((p) => p.id)).toContain('label')
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([])
  })

  it('queues a bank account added on the card, and the review’s warning follows at once', async () => {
    const { sent, db } = await mount({ hold: true })
    // The invoice's account is new for the supplier: the review warns.
    await waitForElement('[data-testid="bank-account-warning"]')
    const card = await openSupplierCard()
    const input = await vi.waitFor(() => {
      const found = card.querySelector<HTMLInputElement>('input[id$="-new-account"]')
      if (!found) throw new Error('No field for a new bank account')
      return found
    })
    expect(card.querySelector(`label[for="${input.id}"]`)?.textContent).toContain('New bank account')
    input.value = '1234.56.789'
    input.dispatchEvent(new Event('input'))
    await vi.waitFor(() =>
      expect(card.textContent).toContain('A Norwegian bank account has 11 digits (this has 9)'),
    )
    input.value = formatBankAccount(onInvoice)
    input.dispatchEvent(new Event('input'))
    ;(input.closest('form')!.querySelector('button[type="submit"]') as HTMLButtonElement).click()

    await vi.waitFor(() => expect(sent.map((c) => c.action)).toContain('add-bank-account'))
    const command = sent.find((c) => c.action === 'add-bank-account')!
    expect(command).toMatchObject({
      entity: 'Supplier',
      entityId: 7,
      body: { Account: { AccountNumber: onInvoice }, MakeDefault: false },
    })
    const queued = await db.outbox.where('companyKey').equals(companyKey).toArray()
    expect(queued.map((e) => [e.entity, e.entityId, { action: e.action, body: e.body }])).toContainEqual([
      'Supplier',
      7,
      {
        action: 'add-bank-account',
        body: { Account: { AccountNumber: onInvoice }, MakeDefault: false },
      },
    ])
    // Still on this computer: the card says so; the review no longer warns about the account.
    await vi.waitFor(() => expect(inCard(card, 'party-card-waiting')).toBe('1 change waiting to sync'))
    await vi.waitFor(() => expect(document.querySelector('[data-testid="bank-account-warning"]')).toBeNull())
    expect(text(card.querySelector('[data-testid="party-card-bank-accounts"]'))).toContain(
      formatBankAccount(onInvoice),
    )
  })

  it('shows a conflict on the supplier field by field, with both values, and keeps the value chosen', async () => {
    const { db } = await mount()
    await db.outbox.add({
      companyKey,
      entity: 'Supplier',
      entityId: 7,
      action: 'edit',
      body: { 'Info.Name': 'Bakeriet Mine AS', CostAccountID: null },
      base: { 'Info.Name': 'Bakeriet AS', CostAccountID: null },
      baseUpdatedAt: stamp,
      operationKey: crypto.randomUUID(),
      attempts: 1,
      state: 'conflict',
      lastError: { code: 'CONFLICT', message: 'Changed on the server too: Info.Name, CostAccountID' },
      theirs: { 'Info.Name': 'Bakeriet Theirs AS', CostAccountID: 63 },
      createdAt: new Date().toISOString(),
    })
    const card = await openSupplierCard()
    const row = await vi.waitFor(() => {
      const found = card.querySelector<HTMLElement>('[data-testid="party-conflict-Info-Name"]')
      if (!found) throw new Error('No conflict row for the name')
      return found
    })
    expect(text(row.querySelector('th'))).toBe('Name')
    expect(text(row)).toContain('Bakeriet Mine AS')
    expect(text(row)).toContain('Bakeriet Theirs AS')
    expect(row.querySelector('[aria-label="Keep mine for Name"]')).not.toBeNull()
    expect(row.querySelector('[aria-label="Keep theirs for Name"]')).not.toBeNull()
    // A cost account is shown as the card shows it: its number and name, not its ID.
    const account = card.querySelector<HTMLElement>('[data-testid="party-conflict-CostAccountID"]')!
    expect(text(account)).toContain('6300 Leie lokale')
    account.querySelector<HTMLInputElement>('input[value="theirs"]')!.click()
    const apply = [...card.querySelectorAll('button')].find((b) => b.textContent?.includes('Apply choices'))!
    expect(apply.disabled).toBe(true)
    // Keeping theirs: the change is dropped and the card shows the platform's name.
    row.querySelector<HTMLInputElement>('input[value="theirs"]')!.click()
    await vi.waitFor(() => expect(apply.disabled).toBe(false))
    apply.click()
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0))
    await vi.waitFor(() => expect(text(card.querySelector('h2'))).toBe('Bakeriet Theirs AS'))
    expect(card.querySelector('[data-testid="party-card-conflict"]')).toBeNull()
  })

  it('plans a duplicate’s merge, listing what moves and what stays, and queues it with those invoices', async () => {
    const { sent } = await mount()
    const card = await openSupplierCard()
    const link = await vi.waitFor(() => {
      const found = card.querySelector<HTMLAnchorElement>('[aria-label="Open Bakeriet skannet"]')
      if (!found) throw new Error('No link to the duplicate')
      return found
    })
    link.click()
    const duplicate = await waitForElement('[data-testid="party-card"][data-id="9"]')
    // Created by the scan station and not checked yet.
    await vi.waitFor(() =>
      expect(inCard(duplicate, 'party-card-scan')).toContain('Created from a scan, not yet checked'),
    )
    ;(await waitForElement('[data-testid="merge-into-7"]')).click()
    const dialog = await waitForElement('[data-testid="merge-dialog"]')
    expect(text(dialog.querySelector('[data-testid="merge-moving"]'))).toContain('S-4')
    expect(text(dialog.querySelector('[data-testid="merge-moving"]'))).not.toContain('S-5')
    expect(text(dialog.querySelector('[data-testid="merge-staying"]'))).toContain('S-5')
    ;(await waitForElement('[data-testid="merge-confirm"]')).click()
    await vi.waitFor(() => expect(sent.map((c) => c.action)).toContain('merge'))
    expect(sent.find((c) => c.action === 'merge')).toMatchObject({
      entity: 'Supplier',
      entityId: 9,
      body: { IntoID: 7, InvoiceIDs: [4] },
    })
    // The duplicate is deactivated at once and lists the invoice that stayed with it.
    await vi.waitFor(() => expect(text(duplicate)).toContain('Deactivated (merged into another).'))
    await vi.waitFor(() => expect(inCard(duplicate, 'party-card-stayed')).toContain('S-5'))
    expect(inCard(duplicate, 'party-card-stayed')).not.toContain('S-4')
  })

  it('edits in Norwegian: each field’s problem in words, Ctrl+Enter queues only the changed paths, Esc cancels', async () => {
    const { db } = await mount({ hold: true, language: 'nb-NO' })
    const card = await openSupplierCard(7, 'Åpne leverandørkortet')
    const edit = await waitForElement('[data-testid="party-card-edit"]')
    edit.click()
    const form = await waitForElement('[data-testid="party-form"]')
    /** The open form's input with this label. */
    const field = (label: string) => {
      const open = document.querySelector('[data-testid="party-form"]')!
      const element = [...open.querySelectorAll('label')].find((l) => text(l) === label)
      const input = element && open.querySelector<HTMLInputElement>(`#${CSS.escape(element.htmlFor)}`)
      if (!input) throw new Error(`No field labelled ${label}`)
      return input
    }
    const type = (input: HTMLInputElement, value: string) => {
      input.value = value
      input.dispatchEvent(new Event('input'))
    }
    await vi.waitFor(() => expect(field('Poststed').value).toBe('Oslo'))
    // The first field has the focus.
    expect(document.activeElement).toBe(field('Navn'))
    type(field('Postnummer'), '150')
    type(field('Betalingsfrist (dager)'), '400')
    field('Postnummer').dispatchEvent(new Event('blur'))
    await vi.waitFor(() => expect(text(form)).toContain('Et norsk postnummer har 4 sifre.'))
    // A save with problems says so and queues nothing.
    form.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true }))
    await vi.waitFor(() =>
      expect(text(form)).toContain('Betalingsfristen er et helt antall dager fra 0 til 365.'),
    )
    expect(text(form)).toContain('Rett de merkede feltene før du lagrer.')
    expect(await db.outbox.count()).toBe(0)

    type(field('Postnummer'), '5003')
    type(field('Poststed'), 'Bergen')
    type(field('Betalingsfrist (dager)'), '30')
    field('Poststed').dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true }),
    )
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(1))
    const [entry] = await db.outbox.toArray()
    expect(entry).toMatchObject({
      entity: 'Supplier',
      entityId: 7,
      action: 'edit',
      body: {
        'Info.InvoiceAddress.PostalCode': '5003',
        'Info.InvoiceAddress.City': 'Bergen',
        CreditDays: 30,
      },
      base: { 'Info.InvoiceAddress.PostalCode': '0150', 'Info.InvoiceAddress.City': 'Oslo', CreditDays: 14 },
    })
    // The card shows the change at once, says it waits to sync, and the focus is back on Edit.
    await vi.waitFor(() => expect(document.querySelector('[data-testid="party-form"]')).toBeNull())
    await vi.waitFor(() => expect(inCard(card, 'party-card-details')).toContain('5003 Bergen'))
    expect(inCard(card, 'party-card-credit-days')).toBe('30 dager')
    expect(inCard(card, 'party-card-waiting')).toBe('1 endring venter på synkronisering')
    await vi.waitFor(() =>
      expect(document.activeElement?.closest('[data-testid="party-card-edit"]')).not.toBeNull(),
    )

    // Esc leaves the form with nothing queued, and the panel open.
    ;(await waitForElement('[data-testid="party-card-edit"]')).click()
    const again = await waitForElement('[data-testid="party-form"]')
    await vi.waitFor(() => expect(field('Poststed').value).toBe('Bergen'))
    type(field('Poststed'), 'Stavanger')
    field('Poststed').dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true }),
    )
    await vi.waitFor(() => expect(again.isConnected).toBe(false))
    expect(await db.outbox.count()).toBe(1)
    // Only the form closed: the card stays open beside the review.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(card.isConnected).toBe(true)
    expect(inCard(card, 'party-card-details')).toContain('5003 Bergen')
  })

  it('creates a contact person from the supplier’s card, linked to it, and opens their card', async () => {
    const { db } = await mount({ hold: true })
    const card = await openSupplierCard()
    const add = await vi.waitFor(() => {
      const found = [...card.querySelectorAll('button')].find((b) =>
        b.textContent?.includes('New contact person'),
      )
      if (!found) throw new Error('No button for a new contact person')
      return found
    })
    add.click()
    const form = await waitForElement('[data-testid="party-form"]')
    expect(text(form)).toContain('Works for Bakeriet AS')
    const field = (label: string) => {
      const element = [...form.querySelectorAll('label')].find((l) => text(l) === label)
      return form.querySelector<HTMLInputElement>(`#${CSS.escape(element!.htmlFor)}`)!
    }
    const type = (input: HTMLInputElement, value: string) => {
      input.value = value
      input.dispatchEvent(new Event('input'))
    }
    type(field('E-mail'), 'ola@bakeriet')
    form.querySelector<HTMLButtonElement>('button[type="submit"]')!.click()
    await vi.waitFor(() => expect(text(form)).toContain('This field is required.'))
    expect(text(form)).toContain('Write an e-mail address such as post@example.no.')
    expect(await db.outbox.count()).toBe(0)
    type(field('Name'), 'Ola Nordmann')
    type(field('E-mail'), 'ola@bakeriet.example')
    type(field('Role'), 'Daglig leder')
    form.querySelector<HTMLButtonElement>('button[type="submit"]')!.click()
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(1))
    const [entry] = await db.outbox.toArray()
    // A create carries the new party as its body.
    expect(entry).toMatchObject({
      entity: 'Contact',
      action: 'create',
      body: {
        Name: 'Ola Nordmann',
        EmailAddress: 'ola@bakeriet.example',
        Role: 'Daglig leder',
        ParentBusinessRelationID: 70,
      },
    })
    const person = await vi.waitFor(() => {
      const found = card.querySelector<HTMLAnchorElement>('[aria-label="Open Ola Nordmann"]')
      if (!found) throw new Error('The new person is not listed')
      return found
    })
    person.click()
    const theirs = await waitForElement(
      `[data-testid="party-card"][data-entity="Contact"][data-id="${entry!.entityId}"]`,
    )
    await vi.waitFor(() => expect(text(theirs.querySelector('h2'))).toBe('Ola Nordmann'))
    expect(inCard(theirs, 'party-card-details')).toContain('SupplierBakeriet AS')
    expect(inCard(theirs, 'party-card-details')).toContain('Daglig leder')
    expect(text(theirs)).toContain('Created on this computer')
  })
})
