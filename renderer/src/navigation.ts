// The shell's views in sidebar order, with their icons and keyboard shortcuts. The sidebar, the router,
// the shortcut handler and the shortcut list in Settings all read this one table.
import type { AppView } from '@common/bridge/contract'

export const mainViews = [
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
] as const
export type MainView = (typeof mainViews)[number]
export type ViewName = MainView | 'about'

/**
 * The digit of each view's Alt shortcut. A view keeps its digit for good: a view added later takes a free
 * digit, so no shortcut ever moves under an accountant's fingers (Sales took the free 6).
 */
const viewDigits: Record<Exclude<MainView, 'desk'>, number> = {
  overview: 1,
  inbox: 2,
  review: 3,
  journal: 4,
  approvals: 5,
  sales: 6,
  contacts: 7,
  admin: 8,
  settings: 9,
}

export const viewIcons: Record<ViewName, string> = {
  overview: 'pi pi-building',
  desk: 'pi pi-objects-column',
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
  ...mainViews
    .filter((view) => view !== 'desk')
    .map((view) => ({ view, code: `Digit${viewDigits[view]}`, alt: true })),
  // The review desk spans the companies; every digit was taken when it came, so it has F2 of its own.
  { view: 'desk', code: 'F2', alt: false },
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

/**
 * The views every signed-in user has: the office overview, the review desk (it spans companies, each
 * company's review offered or not by its own session) and About are never a company's to offer.
 */
const alwaysOffered: ReadonlySet<ViewName> = new Set<ViewName>(['overview', 'desk', 'about'])

/**
 * Whether the open company offers a view to this user: its current-session answer lists the view (main's
 * `viewsFor`). While that answer is not known (null), every view is offered, so a reload does not flash
 * the overview; the answer, once it comes, decides.
 */
export function isOffered(view: ViewName, offered: readonly AppView[] | null): boolean {
  if (alwaysOffered.has(view) || offered === null) return true
  return (offered as readonly string[]).includes(view)
}
