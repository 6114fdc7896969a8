import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { installLinuxUrlHandler, urlHandlerDesktopEntry } from './linux-url-handler.ts'

describe('the Linux URL handler for the sign-in scheme', () => {
  it('writes a hidden desktop entry that passes the link as %u, with paths quoted as the spec says', () => {
    const entry = urlHandlerDesktopEntry({
      scheme: 'no.ledgerdesk.app',
      execPath: '/home/kari/Applications/Ledgerdesk 1.0.AppImage',
    })
    expect(entry).toContain('Exec="/home/kari/Applications/Ledgerdesk 1.0.AppImage" %u\n')
    expect(entry).toContain('MimeType=x-scheme-handler/no.ledgerdesk.app;\n')
    expect(entry).toContain('NoDisplay=true\n')
    expect(
      urlHandlerDesktopEntry({
        scheme: 's',
        execPath: '/opt/electron/electron',
        args: ['/src/led"ger$desk'],
      }),
    ).toContain('Exec=/opt/electron/electron "/src/led\\"ger\\$desk" %u')
  })

  it('installs it under the user’s data home and makes it the scheme’s default', async () => {
    const dataHome = mkdtempSync(join(tmpdir(), 'xdg-'))
    const ran: string[][] = []
    const file = await installLinuxUrlHandler({
      scheme: 'no.ledgerdesk.app',
      execPath: '/opt/Ledgerdesk/ledgerdesk',
      dataHome,
      run: async (command, args) => void ran.push([command, ...args]),
    })
    expect(file).toBe(join(dataHome, 'applications/ledgerdesk-url-handler.desktop'))
    expect(readFileSync(file, 'utf8')).toContain('Exec=/opt/Ledgerdesk/ledgerdesk %u')
    expect(ran).toEqual([
      ['xdg-mime', 'default', 'ledgerdesk-url-handler.desktop', 'x-scheme-handler/no.ledgerdesk.app'],
    ])
  })
})
