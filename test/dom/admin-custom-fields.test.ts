// Admin's Custom fields section over the bridge: the company's fields listed per model (defined here with
// their type, or seen on rows by name only), a field defined (a name the platform cannot take refused on
// the name field before anything is sent, the platform's own refusal shown there too), then activated; and
// without the platform, the fields as last read, read-only. Axe-clean.
import { describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { BridgeError } from '@common/bridge/contract'
import type { CustomFieldDefinition, CustomFieldDraft, CustomFieldsRead } from '@common/bridge/admin-fields'
import { CustomFieldStatus } from '@common/status'
import type { WorkspaceDb } from '@renderer/data/schema'
import { waitForElement } from './mount-shell.ts'
import { mountWorkspace } from './mount-workspace.ts'
import { axeFindings } from './axe.ts'

const companies = [
  { ID: 1, Name: 'Nordlys Bakeri AS', Key: 'nordlys', IsTest: false, OrganizationNumber: '924956488' },
]
const read: CustomFieldsRead = {
  types: [
    {
      Code: 'nvarchar(255)',
      Name: 'Small text field',
      Description: 'Up to 255 characters',
      kind: 'smalltext',
    },
    { Code: 'int', Name: 'Number', Description: 'Whole number', kind: 'number' },
  ],
  models: [
    { model: 'SupplierInvoice', ModelID: 11 },
    { model: 'Supplier', ModelID: 12 },
    { model: 'Customer', ModelID: 13 },
    { model: 'CustomerInvoice', ModelID: 14 },
    { model: 'JournalEntryLine', ModelID: null },
  ],
  seen: [
    { model: 'SupplierInvoice', names: ['Prosjektkode'], readable: true },
    { model: 'Supplier', names: ['Kjede'], readable: true },
  ],
}

let db: WorkspaceDb | undefined

async function mount(online: boolean) {
  const defined: CustomFieldDraft[] = []
  const activated: number[] = []
  const mounted = await mountWorkspace({
    path: '/admin?section=custom-fields',
    companies,
    views: ['admin', 'settings'],
    session: () => ({ companyName: 'Nordlys Bakeri AS', isAdmin: true }),
    online,
    handlers: {
      'admin.customFields': () => {
        if (!online) throw new BridgeError('API_NETWORK', 'The platform cannot be reached')
        return structuredClone(read)
      },
      'admin.defineCustomField': (_key, draft) => {
        defined.push(draft)
        // The platform keeps some names for itself.
        if (draft.Name === 'ID')
          throw new BridgeError('API_VALIDATION', 'Validation failed', {
            status: 400,
            fields: [{ field: 'Name', message: 'Name ID is reserved' }],
          })
        return {
          model: draft.model,
          Name: draft.Name,
          ID: 301,
          DataType: draft.DataType,
          kind: read.types.find((x) => x.Code === draft.DataType)?.kind ?? null,
          Nullable: draft.Nullable,
          StatusCode: CustomFieldStatus.Created,
        } satisfies CustomFieldDefinition
      },
      'admin.activateCustomField': (_key, field) => {
        activated.push(field.ID)
        return { ...field, StatusCode: CustomFieldStatus.Active }
      },
    },
  })
  db = mounted.db
  const section = await waitForElement('[data-testid="custom-fields-section"]')
  return { section, defined, activated }
}

/** The list's rows as text, one line a field. */
const listed = (section: HTMLElement) =>
  [...section.querySelectorAll('tbody tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim()).join(' | '),
  )

async function choose(id: string, label: string) {
  document.getElementById(id)!.closest<HTMLElement>('.p-select')!.click()
  await flushPromises()
  const option = await vi.waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) =>
      o.textContent?.includes(label),
    )
    if (!found) throw new Error(`No option ${label}`)
    return found
  })
  // PrimeVue's Select takes an option on mousedown, as a pointer does.
  option.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }))
  await flushPromises()
}

async function typeName(text: string) {
  const name = document.getElementById('custom-field-name') as HTMLInputElement
  name.value = text
  name.dispatchEvent(new Event('input'))
  await flushPromises()
}
const submit = async () => {
  document.querySelector<HTMLFormElement>('[data-testid="custom-fields-section"] form')!.requestSubmit()
  await flushPromises()
}
const nameHelp = () => document.getElementById('custom-field-name-help')?.textContent?.trim()

describe('the custom fields section', () => {
  it('lists the fields per model, refuses a bad name on its field, defines and activates one', async () => {
    const { section, defined, activated } = await mount(true)
    await vi.waitFor(() =>
      expect(listed(section)).toEqual([
        'Supplier invoices | Prosjektkode | CustomValues.CustomProsjektkode | Not told | Not told | Active | ',
        'Suppliers | Kjede | CustomValues.CustomKjede | Not told | Not told | Active | ',
      ]),
    )
    // A model the platform does not have is not offered.
    await choose('custom-field-model', 'Customers')
    document.getElementById('custom-field-model')!.closest<HTMLElement>('.p-select')!.click()
    await flushPromises()
    expect([...document.querySelectorAll('[role="option"]')].map((o) => o.textContent?.trim())).not.toContain(
      'Journal lines',
    )
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    await choose('custom-field-type', 'Whole number')

    // Not an identifier: refused on the name field, nothing sent.
    await typeName('Kunde gruppe')
    await submit()
    const name = document.getElementById('custom-field-name')!
    await vi.waitFor(() => expect(nameHelp()).toContain('Start with a letter'))
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(defined).toEqual([])

    // The platform's refusal names the field: shown under it.
    await typeName('ID')
    await submit()
    await vi.waitFor(() => expect(nameHelp()).toContain('Name ID is reserved'))
    expect(defined.map((d) => d.Name)).toEqual(['ID'])

    await typeName('Kundegruppe')
    await submit()
    await vi.waitFor(() => expect(section.textContent).toContain('Kundegruppe is defined. Activate it'))
    expect(defined.at(-1)).toEqual({
      Name: 'Kundegruppe',
      model: 'Customer',
      ModelID: 13,
      DataType: 'int',
      Nullable: true,
    })
    await vi.waitFor(() =>
      expect(listed(section)).toContain(
        'Customers | Kundegruppe | CustomValues.CustomKundegruppe | Whole number | Yes | Defined, not active | Activate',
      ),
    )
    // Kept in the workspace, where the forms read it.
    expect((await db!.customFieldSets.get('nordlys'))?.fields.map((f) => f.Name)).toContain('Kundegruppe')

    section.querySelector<HTMLButtonElement>('button[aria-label="Activate Kundegruppe"]')!.click()
    await vi.waitFor(() => expect(section.textContent).toContain('Kundegruppe is active'))
    expect(activated).toEqual([301])
    // The row follows once the workspace has the field set again.
    await vi.waitFor(() =>
      expect(listed(section)).toContain(
        'Customers | Kundegruppe | CustomValues.CustomKundegruppe | Whole number | Yes | Active | ',
      ),
    )

    expect(await axeFindings(section)).toEqual([])
  }, 40_000)

  it('shows the fields as last read, read-only, without the platform', async () => {
    const { section, defined } = await mount(false)
    await db!.customFieldSets.put({
      companyKey: 'nordlys',
      types: read.types,
      models: read.models,
      fields: [
        {
          model: 'Supplier',
          Name: 'Kjede',
          ID: 300,
          DataType: 'nvarchar(255)',
          kind: 'smalltext',
          Nullable: true,
          StatusCode: CustomFieldStatus.Created,
        },
      ],
      readAt: '2026-11-01T10:00:00.000Z',
    })
    await vi.waitFor(() => expect(section.textContent).toContain('shown as last read, read-only'))
    expect(listed(section)).toEqual([
      'Suppliers | Kjede | CustomValues.CustomKjede | Short text | Yes | Defined, not active | Activate',
    ])
    expect(section.querySelector<HTMLButtonElement>('button[aria-label="Activate Kjede"]')!.disabled).toBe(
      true,
    )
    expect((document.getElementById('custom-field-name') as HTMLInputElement).disabled).toBe(true)
    expect(section.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).toBe(true)
    expect(defined).toEqual([])
  }, 40_000)
})
