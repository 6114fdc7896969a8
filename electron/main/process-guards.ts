// The hosts' last line: a promise rejection nobody handled is a bug to log with its reason, never a
// reason to end the app (Node's default ends the process, which in browser mode takes the whole host
// down with every watched folder). Plain Node: both Electron's main and browser mode's host install it.
import type { Logger } from './logger.ts'

let installed = false

export function installProcessGuards(log: Logger): void {
  if (installed) return
  installed = true
  process.on('unhandledRejection', (reason) => {
    const error = reason instanceof Error ? reason : null
    log.error('an unhandled promise rejection (the app goes on)', {
      error: error ? error.message : String(reason),
      ...(error && (error as NodeJS.ErrnoException).code
        ? { code: (error as NodeJS.ErrnoException).code }
        : {}),
      ...(error?.stack ? { stack: error.stack } : {}),
    })
  })
}
