import { afterEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { mountShell, type MountedShell } from './mount-shell.ts'

let shell: MountedShell | undefined
afterEach(() => {
  shell?.unmount()
  shell = undefined
})

describe('the connection indicator', () => {
  it('follows the bridge through disconnected, connecting and connected, in the user’s language', async () => {
    shell = await mountShell({ languages: ['en-US'] })
    const indicator = await shell.find('connection-indicator')
    expect(indicator.dataset.state).toBe('connected')
    expect(indicator.textContent?.trim()).toBe('Connected')

    shell.test.state.value = 'disconnected'
    await nextTick()
    expect(indicator.dataset.state).toBe('disconnected')
    expect(indicator.textContent?.trim()).toBe('Offline')
    expect(indicator.getAttribute('aria-label')).toContain('The background service cannot be reached.')

    shell.test.state.value = 'connecting'
    await nextTick()
    expect(indicator.dataset.state).toBe('connecting')
    expect(indicator.textContent?.trim()).toBe('Connecting…')

    shell.test.emit('app.preferencesChanged', { locale: 'nb' })
    await nextTick()
    expect(indicator.textContent?.trim()).toBe('Kobler til …')

    shell.test.state.value = 'connected'
    await nextTick()
    expect(indicator.dataset.state).toBe('connected')
    expect(indicator.textContent?.trim()).toBe('Tilkoblet')
  })
})
