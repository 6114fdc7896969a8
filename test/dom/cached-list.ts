// What the tests of the list views (the contacts register, the sales list) share: the workspace over a
// fake main that answers each company's pulls from fixed rows (mountWorkspace), and happy-dom made to lay
// out a virtual table.
import { vi } from 'vitest'
import type { AppView, Company } from '@common/bridge/contract'
import type { PlatformRow } from '@common/bridge/sync'
import { mountWorkspace, type MountedWorkspace } from './mount-workspace.ts'

/**
 * happy-dom lays nothing out, and the table's virtual scroller renders the rows that fit its viewport: so
 * every element is visible and 20 rows high, and a padding nobody set is 0px rather than ''. unmount()
 * restores the spies; closeCachedList removes the offsetParent happy-dom does not have.
 */
export function layOutTable(): void {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get: () => document.body,
  })
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(20 * 37)
  const computed = window.getComputedStyle.bind(window)
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
    const style = computed(element, pseudo)
    return new Proxy(style, {
      get: (target, name) => {
        const value: unknown = Reflect.get(target, name)
        if (typeof name === 'string' && name.startsWith('padding') && value === '') return '0px'
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
      },
    })
  })
}

export type CachedList = MountedWorkspace

/**
 * The shell at `path` with `nordlys` open, over a bridge whose main offers `views` and answers each
 * company's pull of an entity with `rows[company][entity]`; an entity in `refuse` is answered as a
 * platform that does not offer its list (a 404). Once the test has finished, the sync round the sign-in
 * started ends and the workspace is taken down (mountWorkspace).
 */
export async function mountCachedList(options: {
  path: string
  companies: readonly Company[]
  rows: Record<string, Record<string, PlatformRow[]>>
  views: AppView[]
  permissions: string[]
  refuse?: readonly string[]
}): Promise<CachedList> {
  layOutTable()
  return mountWorkspace({ ...options, open: 'nordlys', settle: true })
}

/**
 * Removes the offsetParent happy-dom does not have. A mounted list's workspace goes when its test has
 * finished; without one, only the storage is cleared.
 */
export function closeCachedList(list: CachedList | undefined): void {
  delete (HTMLElement.prototype as { offsetParent?: unknown }).offsetParent
  if (list) return
  sessionStorage.clear()
  localStorage.clear()
}
