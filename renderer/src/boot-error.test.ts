import { describe, expect, it } from 'vitest'
import { BridgeError, BridgeErrorCode } from '@common/bridge/contract'
import { showBootError } from '@renderer/boot-error'

describe('the start-up error page', () => {
  it('explains in both languages that main could not be reached, with the error itself', () => {
    const root = document.createElement('div')
    root.textContent = 'Loading'
    showBootError(
      root,
      new BridgeError(BridgeErrorCode.NoSession, 'Open Ledgerdesk with the printed address.'),
    )
    const page = root.querySelector<HTMLElement>('[data-testid="boot-error"]')!
    expect(page.getAttribute('role')).toBe('alert')
    expect(root.querySelector('[lang="nb"]')?.textContent).toContain(
      'Ledgerdesk fikk ikke kontakt med bakgrunnstjenesten',
    )
    expect(root.querySelector('[lang="en"]')?.textContent).toContain(
      'Ledgerdesk could not reach its background service',
    )
    expect(root.querySelector('[data-testid="boot-error-detail"]')?.textContent).toBe(
      'BRIDGE_NO_SESSION: Open Ledgerdesk with the printed address.',
    )
    expect(root.textContent).not.toContain('Loading')
  })

  it('prints markup in an error message as text', () => {
    const root = document.createElement('div')
    showBootError(root, new Error('<img src=x onerror=alert(1)>'))
    expect(root.querySelector('img')).toBeNull()
    expect(root.querySelector('[data-testid="boot-error-detail"]')?.textContent).toBe(
      '<img src=x onerror=alert(1)>',
    )
  })
})
