// Mounts the whole renderer shell, as main.ts does, against a test bridge and an in-memory history.
import { flushPromises } from '@vue/test-utils'
import { createMemoryHistory } from 'vue-router'
import { vi } from 'vitest'
import { installBridge } from '@renderer/bridge'
import { createShell } from '@renderer/app'
import { usePreferencesStore } from '@renderer/stores/preferences'
import { createTestBridge, type TestBridge } from './test-bridge.ts'

export interface MountedShell extends ReturnType<typeof createShell> {
  root: HTMLElement
  test: TestBridge
  /** The element with this data-testid, once it is in the document. */
  find(testId: string): Promise<HTMLElement>
  text(testId: string): Promise<string>
  unmount(): void
}

export async function mountShell(
  options: { path?: string; test?: TestBridge; languages?: string[] } = {},
): Promise<MountedShell> {
  if (options.languages) vi.spyOn(navigator, 'languages', 'get').mockReturnValue(options.languages)
  const test = options.test ?? createTestBridge()
  installBridge(test.bridge)
  const shell = createShell({ history: createMemoryHistory() })
  const preferences = usePreferencesStore(shell.pinia)
  await preferences.load()
  await shell.router.push(options.path ?? '/')
  const root = document.createElement('div')
  document.body.append(root)
  shell.app.mount(root)
  await shell.router.isReady()
  await flushPromises()

  const find = (testId: string) => waitForElement(`[data-testid="${testId}"]`)
  let mounted = true
  return {
    ...shell,
    root,
    test,
    find,
    text: async (testId) => (await find(testId)).textContent?.trim() ?? '',
    unmount() {
      // A test may take its shell down itself before the workspace's teardown does (mountWorkspace).
      if (!mounted) return
      mounted = false
      shell.app.unmount()
      preferences.dispose()
      root.remove()
      document.body.replaceChildren()
      vi.restoreAllMocks()
    },
  }
}

/**
 * The first element matching a CSS selector, once it is in the document. A view's first load also loads its
 * chunk (the inbox brings the data table), so this waits up to fifteen seconds rather than vitest's one.
 */
export function waitForElement(selector: string): Promise<HTMLElement> {
  return vi.waitFor(
    () => {
      const element = document.querySelector<HTMLElement>(selector)
      if (!element) throw new Error(`Nothing matches ${selector}`)
      return element
    },
    { timeout: 15_000 },
  )
}

export function pressKey(target: EventTarget, init: KeyboardEventInit): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init })
  target.dispatchEvent(event)
  return event
}
