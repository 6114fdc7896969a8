import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { BridgeError, BridgeErrorCode } from '@common/bridge/contract'
import { mountShell, waitForElement, type MountedShell } from './mount-shell.ts'
import { createTestBridge } from './test-bridge.ts'

let shell: MountedShell | undefined
afterEach(() => {
  shell?.unmount()
  shell = undefined
})

async function chooseLocale(shell: MountedShell, value: 'system' | 'nb' | 'en') {
  ;(await shell.find('settings-locale')).click()
  // PrimeVue's Select takes an option on mousedown (so the field keeps focus), as a real click begins.
  ;(await shell.find(`settings-locale-option-${value}`)).dispatchEvent(
    new MouseEvent('mousedown', { bubbles: true }),
  )
  await flushPromises()
}

describe('the language', () => {
  it('follows a Norwegian system locale (nb, nn or no) when no language is saved', async () => {
    shell = await mountShell({ languages: ['nn-NO', 'en-US'] })
    expect(await shell.text('nav-inbox')).toContain('Innboks')
    expect(document.documentElement.lang).toBe('nb')
  })

  it('follows any other system locale in English', async () => {
    shell = await mountShell({ languages: ['sv-SE', 'nb-NO'] })
    expect(await shell.text('nav-inbox')).toContain('Inbox')
    expect(document.documentElement.lang).toBe('en')
  })

  it('uses the saved preference over the system locale', async () => {
    shell = await mountShell({
      languages: ['en-GB'],
      test: createTestBridge({ preferences: { locale: 'nb' } }),
    })
    expect(await shell.text('nav-settings')).toContain('Innstillinger')
    expect(await shell.text('view-overview')).toContain('Alle selskapene du fører for')
  })

  it('switches in Settings: the labels change and the choice is saved through app.setPreferences', async () => {
    shell = await mountShell({ path: '/settings', languages: ['en-US'] })
    const select = await shell.find('settings-locale')
    expect(select.textContent).toContain('System language (English)')

    await chooseLocale(shell, 'nb')
    expect(shell.test.calls.filter((call) => call.name === 'app.setPreferences')).toEqual([
      { name: 'app.setPreferences', args: [{ locale: 'nb' }] },
    ])
    expect(shell.test.preferences.locale).toBe('nb')
    expect(await shell.text('nav-inbox')).toContain('Innboks')
    expect(await shell.text('view-title')).toBe('Innstillinger')
    expect(select.textContent).toContain('Norsk bokmål')

    await chooseLocale(shell, 'system')
    expect(shell.test.calls.filter((call) => call.name === 'app.setPreferences').at(-1)).toEqual({
      name: 'app.setPreferences',
      args: [{ locale: null }],
    })
    expect(await shell.text('nav-inbox')).toContain('Inbox')
  })

  it('follows app.preferencesChanged from main (another window changed it)', async () => {
    shell = await mountShell({ languages: ['en-US'] })
    shell.test.emit('app.preferencesChanged', { locale: 'nb' })
    await flushPromises()
    expect(await shell.text('nav-approvals')).toContain('Godkjenninger')
    shell.test.emit('app.preferencesChanged', { locale: 'en' })
    await flushPromises()
    expect(await shell.text('nav-approvals')).toContain('Approvals')
  })

  it('keeps the current language and says why in plain words when saving fails', async () => {
    const test = createTestBridge({
      handlers: {
        'app.setPreferences': () => {
          throw new BridgeError(BridgeErrorCode.Timeout, 'No answer within 15000 ms')
        },
      },
    })
    shell = await mountShell({ path: '/settings', languages: ['en-US'], test })
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    await chooseLocale(shell, 'nb')
    expect(await shell.text('nav-inbox')).toContain('Inbox')
    expect(logged).toHaveBeenCalledWith('Saving the language preference failed', expect.any(BridgeError))
    const toast = await waitForElement('.p-toast-message')
    expect(toast.textContent).toContain('The language could not be saved')
    expect(toast.textContent).toContain('The background service did not answer in time.')
    expect(toast.textContent).toContain('BRIDGE_TIMEOUT')
  })

  it('lists every view shortcut, the inbox table’s, the contacts register’s, the sales list’s, the invoice editor’s and the review screen’s keys in Settings', async () => {
    shell = await mountShell({ path: '/settings', languages: ['en-US'] })
    const rows = [...(await shell.find('settings-shortcuts')).querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')]
        .map(
          (cell) =>
            [...cell.querySelectorAll('kbd')].map((key) => key.textContent).join(' or ') ||
            cell.textContent?.trim(),
        )
        .join(' | '),
    )
    expect(rows).toEqual([
      'Open Companies | Alt+1',
      'Open Review desk | F2',
      'Open Inbox | Alt+2',
      'Open Review | Alt+3',
      'Open Journal | Alt+4',
      'Open Approvals | Alt+5',
      'Open Sales | Alt+6',
      'Open Contacts | Alt+7',
      'Open Administration | Alt+8',
      'Open Settings | Alt+9',
      'Open About Ledgerdesk | Alt+0 or F1',
      'Inbox: Move between the invoices | ↑ ↓ / J K',
      'Inbox: Open the invoice’s header | Enter',
      'Inbox: Open the invoice in review | R',
      'Contacts: Move between the parties | ↑ ↓ / J K',
      'Contacts: Open the party’s card | Enter',
      'Contacts: Add a new party of the open kind | N',
      'Sales: Move between the invoices | ↑ ↓ / J K',
      'Sales: Open the invoice | Enter',
      'Sales: Start a new invoice | N',
      'Sales: Search the invoices | /',
      'Invoice editor: Go to the next field of the line, or add a line after the last | Enter',
      'Invoice editor: Go back a field | Shift+Enter',
      'Invoice editor: Move between the lines | ↑ ↓',
      'Invoice editor: Duplicate the line | Ctrl+D',
      'Invoice editor: Remove an empty line | Delete',
      'Invoice editor: Invoice | Ctrl+Enter',
      'Invoice editor: Close the invoice | Esc',
      'Review: Accept the proposal and go to the next unconfirmed field | Enter',
      'Review: Open the alternatives of the field | Alt+↓',
      'Review: Save | Ctrl+S',
      'Review: Save and open the next document | Ctrl+Enter',
      'Review: Next document | Alt+PageDown',
      'Review: Previous document | Alt+PageUp',
      'Review: Send for approval | Alt+Shift+A',
      'Review: Book | Alt+Shift+B',
      'Review: Lock the invoice with a message | Alt+Shift+L',
      'Review: Unlock the invoice | Alt+Shift+U',
      'Review: Delete a wrongly scanned draft | Alt+Shift+D',
      'Review: Show or hide the history | Alt+Shift+H',
      'Review: Open the supplier card | Alt+Shift+S',
      'Review: Zoom in | +',
      'Review: Zoom out | -',
      'Review: Add a cost line below | Alt+Insert',
      'Review: Remove the cost line | Alt+Delete',
      'Review: Show the shortcuts | ?',
    ])
  })

  it('puts PrimeVue’s own texts into the language too, and back', async () => {
    shell = await mountShell({ languages: ['nb-NO'] })
    const primevue = shell.app.config.globalProperties.$primevue.config
    expect(primevue.locale?.dateFormat).toBe('dd.mm.yy')
    expect(primevue.locale?.emptyMessage).toBe('Ingen valg tilgjengelig')
    expect(primevue.locale?.aria?.close).toBe('Lukk')
    shell.test.emit('app.preferencesChanged', { locale: 'en' })
    await flushPromises()
    expect(primevue.locale?.emptyMessage).toBe('No available options')
    expect(primevue.locale?.aria?.close).toBe('Close')
    expect(primevue.locale?.dateFormat).toBe('dd/mm/yy')
  })
})
