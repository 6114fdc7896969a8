// The review form shows the supplier invoice's custom values (spec 2.16) and saves them with the rest of the
// form through the outbox: the invoice's update carries only the custom keys that changed. A value that
// cannot be stored blocks the save, its problem on the field and the focus there; nothing is queued.
import { describe, expect, it, vi } from 'vitest'
import type { OutboxCommand } from '@common/bridge/outbox'
import type { PlatformRow } from '@common/bridge/sync'
import type { WorkspaceDb } from '@renderer/data/schema'
import { waitForElement } from './mount-shell.ts'
import { havbris, invoiceField, nordlys } from './fixtures.ts'
import { mountWorkspace, reviewOfInvoice1 } from './mount-workspace.ts'
import { axeFindings } from './axe.ts'

const companies = [nordlys]
const supplier = havbris
const invoice: PlatformRow = {
  ID: 1,
  UpdatedAt: '2026-11-01T10:00:00.000Z',
  StatusCode: 30101,
  SupplierID: 5,
  InvoiceNumber: 'N-1',
  CustomValues: { CustomProsjektkode: 'P-17', CustomAntall: 3 },
}

let db: WorkspaceDb | undefined

async function mount(languages: string[]) {
  const sent: OutboxCommand[] = []
  const rows: Record<string, PlatformRow[]> = { SupplierInvoice: [invoice], Supplier: [supplier] }
  const mounted = await mountWorkspace({
    ...reviewOfInvoice1,
    languages,
    companies,
    rows: { nordlys: rows },
    handlers: {
      'outbox.execute': (_companyKey, command) => {
        sent.push(command)
        return { status: 'done', row: null, merged: [] }
      },
    },
  })
  db = mounted.db
  await db.customFieldSets.put({
    companyKey: 'nordlys',
    types: [],
    models: [],
    fields: [
      invoiceField('Prosjektkode', 'smalltext'),
      invoiceField('Antall', 'number', false),
      invoiceField('Ramme', 'money'),
    ],
    readAt: null,
  })
  const form = await waitForElement('[data-testid="review-form"]')
  await waitForElement('[data-testid="custom-values"]')
  return { form, sent }
}

function input(label: string): HTMLInputElement {
  const found = [...document.querySelectorAll('[data-testid="custom-values"] label')].find((l) =>
    l.textContent?.trim().startsWith(label),
  ) as HTMLLabelElement | undefined
  if (!found) throw new Error(`No custom field labelled ${label}`)
  return document.getElementById(found.htmlFor) as HTMLInputElement
}

async function type(target: HTMLInputElement, text: string) {
  target.dispatchEvent(new FocusEvent('focus'))
  target.value = text
  target.dispatchEvent(new Event('input', { bubbles: true }))
  target.dispatchEvent(new FocusEvent('blur'))
  await vi.waitFor(() => expect(target.value).toBe(text))
}

describe('the review’s custom values', () => {
  it('are shown with the invoice and saved with the form through the outbox, only what changed', async () => {
    const { sent } = await mount(['nb-NO'])
    await vi.waitFor(() => expect(input('Prosjektkode').value).toBe('P-17'))
    expect(input('Antall').value).toBe('3')
    await type(input('Ramme'), '1 250,5')
    document.getElementById('review-save')!.click()
    await vi.waitFor(async () =>
      expect((await db!.SupplierInvoice.get(['nordlys', 1]))?.CustomValues).toEqual({
        CustomProsjektkode: 'P-17',
        CustomAntall: 3,
        CustomRamme: 1250.5,
      }),
    )
    await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0), { timeout: 15_000 })
    const update = sent.find((c) => c.entity === 'SupplierInvoice' && c.action === 'update')
    expect(update && 'body' in update ? update.body : null).toEqual({ CustomValues: { CustomRamme: 1250.5 } })
  }, 40_000)

  it('blocks the save while a value cannot be stored, the problem on its field, and passes axe', async () => {
    const { form } = await mount(['en-US'])
    await vi.waitFor(() => expect(input('Antall').value).toBe('3'))
    await type(input('Antall'), 'three')
    await type(input('Prosjektkode'), 'P-18')
    document.getElementById('review-save')!.click()
    await vi.waitFor(() => expect(input('Antall').getAttribute('aria-invalid')).toBe('true'))
    const problem = document.getElementById(input('Antall').getAttribute('aria-describedby')!)
    expect(problem?.textContent).toContain('Write a whole number')
    await vi.waitFor(() => expect(document.activeElement).toBe(input('Antall')))
    expect(await db!.outbox.count()).toBe(0)
    expect((await db!.SupplierInvoice.get(['nordlys', 1]))?.CustomValues?.CustomProsjektkode).toBe('P-17')

    expect(await axeFindings(form)).toEqual([])
  }, 40_000)
})
