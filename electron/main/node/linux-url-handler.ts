// Linux: where Electron's own registration of the sign-in scheme does not take (no .desktop file of the
// app is installed, e.g. an AppImage or an unpacked build), a user-level desktop entry makes the
// desktop hand `no.ledgerdesk.app:` links to this executable, and xdg-mime makes it the default.
import { execFile } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { join } from 'node:path'

export const urlHandlerFileName = 'ledgerdesk-url-handler.desktop'

/** Quotes one Exec argument (Desktop Entry Specification, "The Exec key"). */
function quoteExecArg(arg: string): string {
  if (!/[\s"'`$\\<>~|&;*?#()]/.test(arg) && arg !== '') return arg
  return `"${arg.replace(/(["`$\\])/g, '\\$1')}"`
}

export function urlHandlerDesktopEntry(options: {
  scheme: string
  execPath: string
  args?: readonly string[]
}): string {
  const exec = [options.execPath, ...(options.args ?? [])].map(quoteExecArg).join(' ')
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Ledgerdesk',
    'Comment=Receives the Ledgerdesk sign-in',
    `Exec=${exec} %u`,
    'Terminal=false',
    'NoDisplay=true',
    `MimeType=x-scheme-handler/${options.scheme};`,
    '',
  ].join('\n')
}

export async function installLinuxUrlHandler(options: {
  scheme: string
  execPath: string
  args?: readonly string[]
  dataHome?: string
  run?: (command: string, args: string[]) => Promise<void>
}): Promise<string> {
  const dataHome = options.dataHome ?? process.env.XDG_DATA_HOME ?? join(homedir(), '.local/share')
  const dir = join(dataHome, 'applications')
  const file = join(dir, urlHandlerFileName)
  await mkdir(dir, { recursive: true })
  await writeFile(file, urlHandlerDesktopEntry(options), { mode: 0o644 })
  const run =
    options.run ??
    ((command: string, args: string[]) =>
      new Promise<void>((resolve, reject) =>
        execFile(command, args, { timeout: 10_000 }, (error) => (error ? reject(error) : resolve())),
      ))
  await run('xdg-mime', ['default', urlHandlerFileName, `x-scheme-handler/${options.scheme}`])
  return file
}
