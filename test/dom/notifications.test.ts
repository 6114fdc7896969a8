import { afterEach, describe, expect, it, vi } from 'vitest'
import { mountShell, waitForElement, type MountedShell } from './mount-shell.ts'

let shell: MountedShell | undefined
afterEach(() => {
  shell?.unmount()
  shell = undefined
})

describe('notifications from main', () => {
  it('shows app.notification as a toast', async () => {
    shell = await mountShell({ languages: ['en-US'] })
    shell.test.emit('app.notification', { title: 'Upload finished', body: 'faktura-1042.pdf was uploaded.' })
    const toast = await waitForElement('.p-toast-message')
    expect(toast.textContent).toContain('Upload finished')
    expect(toast.textContent).toContain('faktura-1042.pdf was uploaded.')
  })

  it('follows a change of language with a notification main worded in each language', async () => {
    shell = await mountShell({ languages: ['en-US'] })
    shell.test.emit('app.notification', {
      title: 'Scanning finished',
      body: '2 invoices ready for review in Nordlys Bakeri AS',
      languages: {
        nb: { title: 'Skanning ferdig', body: '2 fakturaer klar for kontroll i Nordlys Bakeri AS' },
        en: { title: 'Scanning finished', body: '2 invoices ready for review in Nordlys Bakeri AS' },
      },
    })
    const toast = await waitForElement('.p-toast-message')
    expect(toast.textContent).toContain('2 invoices ready for review in Nordlys Bakeri AS')
    shell.test.emit('app.preferencesChanged', { locale: 'nb' })
    await vi.waitFor(() =>
      expect(toast.textContent).toContain('2 fakturaer klar for kontroll i Nordlys Bakeri AS'),
    )
    expect(toast.textContent).toContain('Skanning ferdig')
    expect(toast.textContent).not.toContain('Scanning finished')
    expect(document.querySelectorAll('.p-toast-message')).toHaveLength(1)
  })

  it('shows a notice in place of the one of its tag still on screen', async () => {
    shell = await mountShell({ languages: ['en-US'] })
    const notice = (body: string, tag: string) => ({ title: 'Scanning finished', body, tag })
    shell.test.emit('app.notification', notice('3 invoices ready for review in Nordlys', 'scan-batch:n'))
    await waitForElement('.p-toast-message')
    shell.test.emit('app.notification', notice('1 invoice ready for review in Aurora', 'scan-batch:a'))
    shell.test.emit('app.notification', notice('5 invoices ready for review in Nordlys', 'scan-batch:n'))
    // The first Nordlys toast leaves (its leave transition runs a moment): one per company is left.
    await vi.waitFor(() => {
      const texts = [...document.querySelectorAll('.p-toast-message')].map((e) => e.textContent ?? '')
      expect(texts).toHaveLength(2)
      expect(texts.some((t) => t.includes('5 invoices ready for review in Nordlys'))).toBe(true)
      expect(texts.some((t) => t.includes('1 invoice ready for review in Aurora'))).toBe(true)
    })
  })
})
