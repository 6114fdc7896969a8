// The app in Chromium against the browser-mode host: navigation, shortcuts, About values that came
// over the bridge, a language preference that survives a reload, and no Node or IPC in the page.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { repoRoot, screenshotDir, useApp } from './support.ts'
import { DEMO_USERS } from '../../platform/seed/demo-constants.ts'
import {
  connectionState,
  definition,
  either,
  languageOption,
  languageSelect,
  navLink,
  signInHeading,
  viewHeading,
  workspace,
  type ViewName,
} from './find.ts'

const mainViews = [
  'overview',
  'inbox',
  'review',
  'journal',
  'approvals',
  'contacts',
  'admin',
  'settings',
] as const
/** Each view's shortcut digit (6 is free: a view keeps its digit for good). */
const digits = [1, 2, 3, 4, 5, 7, 8, 9]

const app = useApp()
// Besides uncaught errors: errors the page logs and requests the host refuses.
beforeAll(() => {
  app.page.on('console', (message) => {
    if (message.type() === 'error') app.pageErrors.push(`console: ${message.text()}`)
  })
  app.page.on('response', (response) => {
    if (response.status() >= 400)
      app.pageErrors.push(`HTTP ${response.status()}: ${new URL(response.url()).pathname}`)
  })
})

// The machine may be busy (builds, other suites); give the UI time, not a race.
const wait = { timeout: 15_000 }
const view = (name: ViewName) => viewHeading(app.page, name)

describe('the app in browser mode', () => {
  it('opens from the printed address, drops the secret from the address bar and connects', async () => {
    await app.page.goto(app.host.url)
    // A new user signs in first (the Local sandbox is the default environment).
    await expect.poll(() => signInHeading(app.page).isVisible(), wait).toBe(true)
    await app.signIn(DEMO_USERS.anne, { open: false })
    await expect.poll(() => view('overview').isVisible(), wait).toBe(true)
    expect(new URL(app.page.url()).search).toBe('')
    await expect.poll(() => connectionState(app.page).getAttribute('data-state'), wait).toBe('connected')
  }, 180_000)

  it('navigates the shell by clicking the sidebar', async () => {
    for (const name of [...mainViews, 'about'] as const) {
      await navLink(app.page, name).click()
      await expect.poll(() => view(name).isVisible(), { ...wait, message: `the ${name} view` }).toBe(true)
      // The view's own route; a view may name what it shows after it (the review's first invoice, `?invoice=1`,
      // once that has loaded).
      expect(new URL(app.page.url()).hash.split('?')[0]).toBe(`#/${name}`)
    }
  })

  it('switches views with each view’s Alt+digit', async () => {
    for (const [index, name] of [...mainViews.entries()].reverse()) {
      const key = digits[index]
      // The review puts the caret in its first field once it has loaded; a shortcut typed in a field is the
      // field's (Option+digit types a character on macOS), so the caret leaves the field first. A review still
      // loading may put it back between the blur and the key: then the key is pressed again.
      const press = async () => {
        await app.page.evaluate('document.activeElement && document.activeElement.blur()')
        await app.page.keyboard.press(`Alt+${key}`)
      }
      await press()
      await expect
        .poll(
          async () => {
            if (await view(name).isVisible()) return true
            await press()
            return view(name).isVisible()
          },
          { ...wait, message: `Alt+${key} -> view-${name}` },
        )
        .toBe(true)
    }
  })

  it('shows the About values the host sent over the bridge', async () => {
    const pkg = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as { version: string }
    await navLink(app.page, 'about').click()
    await expect
      .poll(async () => (await definition(app.page, ['Node.js', 'Node.js']).textContent())?.trim(), wait)
      .toBe(process.versions.node)
    expect(
      await workspace(app.page)
        .getByText(either(['Version', 'Versjon'], 'start'))
        .textContent(),
    ).toContain(pkg.version)
    expect((await definition(app.page, ['Data folder', 'Datamappe']).textContent())?.trim()).toBe(app.dataDir)
    expect((await definition(app.page, ['Running as', 'Kjører som']).textContent())?.trim()).toBe(
      'Browser mode',
    )
    await app.page.screenshot({ path: join(screenshotDir, 'about.png'), fullPage: true })
  })

  it('switches the language in Settings and keeps it after a reload', async () => {
    await navLink(app.page, 'settings').click()
    await expect.poll(() => navLink(app.page, 'inbox').textContent(), wait).toContain('Inbox')
    await languageSelect(app.page).click()
    await languageOption(app.page, 'nb').click()
    await expect.poll(() => navLink(app.page, 'inbox').textContent(), wait).toContain('Innboks')

    const saved = JSON.parse(await readFile(join(app.dataDir, 'preferences.json'), 'utf8')) as unknown
    expect(saved).toEqual({ locale: 'nb' })

    // The address bar no longer holds the secret; the tab kept it, so a reload reconnects.
    await app.page.reload()
    await expect.poll(() => connectionState(app.page).getAttribute('data-state'), wait).toBe('connected')
    await expect.poll(() => navLink(app.page, 'inbox').textContent(), wait).toContain('Innboks')
    await app.page.screenshot({ path: join(screenshotDir, 'settings-nb.png'), fullPage: true })
  })

  it('gives the page no Node, no require and no raw IPC object', async () => {
    const globals = await app.page.evaluate(() => {
      const w = globalThis as unknown as Record<string, unknown>
      return {
        require: typeof w.require,
        process: typeof w.process,
        ipcRenderer: typeof w.ipcRenderer,
        ledgerdesk: typeof w.ledgerdesk,
        electron: typeof w.electron,
        module: typeof w.module,
      }
    })
    expect(globals).toEqual({
      require: 'undefined',
      process: 'undefined',
      ipcRenderer: 'undefined',
      ledgerdesk: 'undefined',
      electron: 'undefined',
      module: 'undefined',
    })
  })

  it('ran without page errors, failed requests or CSP violations', () => {
    expect(app.pageErrors).toEqual([])
  })
})
