import { afterEach, describe, expect, it } from 'vitest'
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
})
