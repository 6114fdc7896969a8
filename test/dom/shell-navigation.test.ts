import { afterEach, describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import type { AppView } from '@common/bridge/contract'
import { useCompaniesStore } from '@renderer/stores/companies'
import { mountShell, pressKey, type MountedShell } from './mount-shell.ts'
import { mountWorkspace } from './mount-workspace.ts'

const sidebarOrder = [
  'overview',
  'desk',
  'inbox',
  'review',
  'journal',
  'approvals',
  'sales',
  'contacts',
  'admin',
  'settings',
]
/** The views with a shortcut digit: the review desk came when every digit was taken (it has F2). */
const digitViews = sidebarOrder.filter((view) => view !== 'desk')
/** Each view's shortcut digit: a view keeps its digit for good (Sales took the free 6). */
const digits = [1, 2, 3, 4, 5, 6, 7, 8, 9]

let shell: MountedShell | undefined
afterEach(() => {
  shell?.unmount()
  shell = undefined
  sessionStorage.clear()
  localStorage.clear()
})

const nordlys = {
  ID: 1,
  Name: 'Nordlys Bakeri AS',
  Key: 'nordlys',
  IsTest: false,
  OrganizationNumber: '924956488',
}

/** The shell with one company whose current-session answer offers `views`, when `answer` lets it. */
async function mountWithViews(views: AppView[], path = '/', answer: Promise<void> = Promise.resolve()) {
  const { shell } = await mountWorkspace({
    path,
    companies: [nordlys],
    views,
    session: async () => {
      await answer
      return { companyName: nordlys.Name }
    },
  })
  return shell
}

describe('the shell', () => {
  it('opens on the office overview with its title', async () => {
    shell = await mountShell({ languages: ['en-US'] })
    expect(shell.router.currentRoute.value.name).toBe('overview')
    await shell.find('view-overview')
    expect(await shell.text('view-title')).toBe('Companies')
    expect(document.title).toBe('Companies – Ledgerdesk')
    expect((await shell.find('nav-overview')).classList).toContain('sidebar-link--active')
  })

  it('lists the ten main views in order, with their shortcut hints, and About at the foot', async () => {
    shell = await mountShell({ languages: ['en-US'] })
    const links = [...document.querySelectorAll<HTMLElement>('nav [data-testid^="nav-"]')]
    expect(links.map((link) => link.dataset.testid)).toEqual([
      ...sidebarOrder.map((view) => `nav-${view}`),
      'nav-about',
    ])
    expect(links.map((link) => link.querySelector('kbd')?.textContent)).toEqual([
      'Alt+1',
      'F2',
      'Alt+2',
      'Alt+3',
      'Alt+4',
      'Alt+5',
      'Alt+6',
      'Alt+7',
      'Alt+8',
      'Alt+9',
      'Alt+0',
    ])
    expect(links[0]!.textContent).toContain('Companies')
    expect(links[0]!.getAttribute('aria-keyshortcuts')).toBe('Alt+1')
  })

  it(
    'navigates to every view by clicking the sidebar and marks the link active',
    { timeout: 30_000 },
    async () => {
      shell = await mountShell({ languages: ['en-US'] })
      for (const view of [...sidebarOrder, 'about']) {
        ;(await shell.find(`nav-${view}`)).click()
        await shell.find(`view-${view}`)
        expect(shell.router.currentRoute.value.fullPath).toBe(`/${view}`)
        const active = [...document.querySelectorAll('.sidebar-link--active')].map((link) =>
          link.getAttribute('data-testid'),
        )
        expect(active).toEqual([`nav-${view}`])
      }
      expect(await shell.text('view-title')).toBe('About Ledgerdesk')
    },
  )

  it('marks the desk, not the review, while an invoice opened from the desk is reviewed', async () => {
    shell = await mountShell({ languages: ['en-US'] })
    const activeLinks = () =>
      [...document.querySelectorAll('.sidebar-link--active')].map((link) => link.getAttribute('data-testid'))
    await shell.router.push({ name: 'review', query: { desk: '1', company: 'nordlys', invoice: '7' } })
    await nextTick()
    expect(activeLinks()).toEqual(['nav-desk'])
    expect((await shell.find('nav-desk')).getAttribute('aria-current')).toBe('page')
    expect((await shell.find('nav-review')).getAttribute('aria-current')).toBeNull()
    await shell.router.push({ name: 'review' })
    await nextTick()
    expect(activeLinks()).toEqual(['nav-review'])
  })

  it('opens the nine main views with their Alt+digit, the desk with F2 and About with Alt+0 and F1', async () => {
    shell = await mountShell({ languages: ['en-US'] })
    for (const [index, view] of digitViews.entries()) {
      const event = pressKey(document.body, {
        code: `Digit${digits[index]}`,
        key: String(digits[index]),
        altKey: true,
      })
      expect(event.defaultPrevented).toBe(true)
      await shell.find(`view-${view}`)
      expect(shell.router.currentRoute.value.name).toBe(view)
    }
    expect(pressKey(document.body, { code: 'F2', key: 'F2' }).defaultPrevented).toBe(true)
    await shell.find('view-desk')
    pressKey(document.body, { code: 'Digit0', key: '0', altKey: true })
    await shell.find('view-about')
    await shell.router.push('/journal')
    pressKey(document.body, { code: 'F1', key: 'F1' })
    await shell.find('view-about')
    expect(shell.router.currentRoute.value.name).toBe('about')
  })

  it('leaves the shortcuts alone while the user types in a field, and ignores AltGr and Shift combinations', async () => {
    shell = await mountShell({ path: '/journal', languages: ['en-US'] })
    const input = document.createElement('input')
    const view = await shell.find('view-journal')
    view.append(input)
    input.focus()
    const typed = pressKey(input, { code: 'Digit1', key: '¡', altKey: true })
    const help = pressKey(input, { code: 'F1', key: 'F1' })
    const altGr = pressKey(document.body, { code: 'Digit2', key: '@', altKey: true, ctrlKey: true })
    const shifted = pressKey(document.body, { code: 'Digit3', key: '#', altKey: true, shiftKey: true })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect([typed, help, altGr, shifted].map((event) => event.defaultPrevented)).toEqual([
      false,
      false,
      false,
      false,
    ])
    expect(shell.router.currentRoute.value.name).toBe('journal')
    // A checkbox is not typing: the shortcut works from it.
    const checkbox = document.createElement('input')
    checkbox.type = 'checkbox'
    view.append(checkbox)
    pressKey(checkbox, { code: 'Digit1', key: '1', altKey: true })
    await shell.find('view-overview')
  })

  it('leaves the shortcuts to an open modal dialog', async () => {
    shell = await mountShell({ path: '/journal', languages: ['en-US'] })
    const dialog = document.createElement('div')
    dialog.setAttribute('role', 'dialog')
    dialog.setAttribute('aria-modal', 'true')
    document.body.append(dialog)
    const event = pressKey(document.body, { code: 'Digit1', key: '1', altKey: true })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(event.defaultPrevented).toBe(false)
    expect(shell.router.currentRoute.value.name).toBe('journal')
    dialog.remove()
    pressKey(document.body, { code: 'Digit1', key: '1', altKey: true })
    await shell.find('view-overview')
  })

  it('sends an unknown address to the overview', async () => {
    shell = await mountShell({ path: '/no-such-view', languages: ['en-US'] })
    await shell.find('view-overview')
    expect(shell.router.currentRoute.value.name).toBe('overview')
  })

  it('shows the company switcher in the top bar', async () => {
    shell = await mountShell({ languages: ['en-US'] })
    const switcher = await shell.find('company-switcher')
    expect(switcher.closest('header')).not.toBeNull()
    expect(switcher.getAttribute('aria-keyshortcuts')).toBe('Control+K')
  })

  it('keeps the user out of a view the open company does not offer, and says why on the overview', async () => {
    shell = await mountWithViews(['inbox', 'settings'], '/inbox')
    const companies = useCompaniesStore(shell.pinia)
    await vi.waitFor(() => expect(companies.views).toEqual(['inbox', 'settings']))
    await shell.find('view-inbox')
    expect(document.querySelector('[data-testid="nav-contacts"]')).toBeNull()

    await shell.router.push('/contacts')
    await shell.find('view-overview')
    expect(shell.router.currentRoute.value.name).toBe('overview')
    const note = await shell.find('view-refused')
    expect(note.textContent).toContain(
      'Contacts is not offered to you in Nordlys Bakeri AS, so the overview opened instead.',
    )
    expect(note.closest('[role="status"]')).not.toBeNull()

    // The shortcut of a view not offered leads nowhere else either.
    pressKey(document.body, { code: 'Digit8', key: '8', altKey: true })
    await vi.waitFor(() =>
      expect(document.querySelector('[data-testid="view-refused"]')?.textContent).toContain('Admin'),
    )
    expect(shell.router.currentRoute.value.name).toBe('overview')

    // An offered view opens, and the note has done its work.
    ;(await shell.find('nav-inbox')).click()
    await shell.find('view-inbox')
    expect(document.querySelector('[data-testid="view-refused"]')).toBeNull()
  })

  it('leaves a view once the company’s answer arrives without it', async () => {
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    shell = await mountWithViews(['inbox', 'settings'], '/admin', answered)
    // Not known yet: the view opens (a reload does not flash the overview).
    await shell.find('view-admin')
    answer()
    await shell.find('view-overview')
    expect(shell.router.currentRoute.value.name).toBe('overview')
    expect(await shell.text('view-refused')).toContain('Admin is not offered to you in Nordlys Bakeri AS')
  })

  it('opens the contacts register where the company offers it', async () => {
    shell = await mountWithViews(['inbox', 'contacts', 'settings'])
    const companies = useCompaniesStore(shell.pinia)
    await vi.waitFor(() => expect(companies.views).toContain('contacts'))
    pressKey(document.body, { code: 'Digit7', key: '7', altKey: true })
    await shell.find('view-contacts')
    expect(shell.router.currentRoute.value.name).toBe('contacts')
    expect(await shell.text('view-title')).toBe('Contacts')
    expect(document.querySelector('[data-testid="view-refused"]')).toBeNull()
  })

  it('offers Sales (Alt+6) where the company’s answer allows sales, and opens the list there', async () => {
    shell = await mountWithViews(['inbox', 'sales', 'settings'])
    const companies = useCompaniesStore(shell.pinia)
    await vi.waitFor(() => expect(companies.views).toContain('sales'))
    expect((await shell.find('nav-sales')).getAttribute('aria-keyshortcuts')).toBe('Alt+6')
    pressKey(document.body, { code: 'Digit6', key: '6', altKey: true })
    await shell.find('view-sales')
    expect(shell.router.currentRoute.value.name).toBe('sales')
    expect(await shell.text('view-title')).toBe('Sales')
  })

  it('keeps a user without sales permissions out of Sales: no sidebar item, no route, no shortcut', async () => {
    // main answers without `sales` for a session that holds neither ui_sales nor ui_sales_invoices.
    shell = await mountWithViews(['inbox', 'contacts', 'settings'], '/inbox')
    const companies = useCompaniesStore(shell.pinia)
    await vi.waitFor(() => expect(companies.views).toEqual(['inbox', 'contacts', 'settings']))
    await shell.find('view-inbox')
    expect(document.querySelector('[data-testid="nav-sales"]')).toBeNull()

    await shell.router.push('/sales?invoice=new')
    await shell.find('view-overview')
    expect(document.querySelector('[data-testid="view-sales"]')).toBeNull()
    expect(await shell.text('view-refused')).toContain(
      'Sales is not offered to you in Nordlys Bakeri AS, so the overview opened instead.',
    )
    ;(await shell.find('nav-inbox')).click()
    await shell.find('view-inbox')
    pressKey(document.body, { code: 'Digit6', key: '6', altKey: true })
    await shell.find('view-overview')
    expect(shell.router.currentRoute.value.name).toBe('overview')
  })
})
