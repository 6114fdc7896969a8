// The shell's views in sidebar order, with their icons and keyboard shortcuts. The sidebar, the router,
// the shortcut handler and the shortcut list in Settings all read this one table.

export const mainViews = [
  'overview',
  'inbox',
  'review',
  'journal',
  'approvals',
  'sales',
  'contacts',
  'admin',
  'settings',
] as const
export type MainView = (typeof mainViews)[number]
export type ViewName = MainView | 'about'

export const viewIcons: Record<ViewName, string> = {
  overview: 'pi pi-building',
  inbox: 'pi pi-inbox',
  review: 'pi pi-file-check',
  journal: 'pi pi-book',
  approvals: 'pi pi-check-square',
  sales: 'pi pi-receipt',
  contacts: 'pi pi-address-book',
  admin: 'pi pi-shield',
  settings: 'pi pi-cog',
  about: 'pi pi-info-circle',
}

/** A key that opens a view, matched on KeyboardEvent.code so the layout (and macOS Option symbols) do not matter. */
export interface Shortcut {
  view: ViewName
  code: string
  alt: boolean
}

export const shortcuts: readonly Shortcut[] = [
  ...mainViews.map((view, index) => ({ view, code: `Digit${index + 1}`, alt: true })),
  { view: 'about', code: 'Digit0', alt: true },
  { view: 'about', code: 'F1', alt: false },
]

const isMac = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform || navigator.userAgent)

function keyName(shortcut: Shortcut): string {
  return shortcut.code.startsWith('Digit') ? shortcut.code.slice('Digit'.length) : shortcut.code
}

/** How a shortcut is written for the user: `Alt+1`, or `⌥1` on macOS. */
export function shortcutLabel(shortcut: Shortcut): string {
  if (!shortcut.alt) return keyName(shortcut)
  return isMac ? `⌥${keyName(shortcut)}` : `Alt+${keyName(shortcut)}`
}

/** The shortcut in the syntax of the aria-keyshortcuts attribute. */
export function ariaShortcut(shortcut: Shortcut): string {
  return shortcut.alt ? `Alt+${keyName(shortcut)}` : keyName(shortcut)
}

/** The shortcuts of one view, first the one shown as the hint. */
export function shortcutsFor(view: ViewName): Shortcut[] {
  return shortcuts.filter((shortcut) => shortcut.view === view)
}
