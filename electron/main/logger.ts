// One logger for the main side: structured lines to stderr, with context objects.
export interface Logger {
  info(message: string, context?: Record<string, unknown>): void
  warn(message: string, context?: Record<string, unknown>): void
  error(message: string, context?: Record<string, unknown>): void
}

function write(level: string, message: string, context?: Record<string, unknown>) {
  const line = `${new Date().toISOString()} ${level} ${message}`
  if (context === undefined) console.error(line)
  else console.error(line, context)
}

export const consoleLogger: Logger = {
  info: (m, c) => write('info', m, c),
  warn: (m, c) => write('warn', m, c),
  error: (m, c) => write('error', m, c),
}

/** Keeps entries in memory; for tests that assert what was logged. */
export function memoryLogger(): Logger & {
  entries: { level: string; message: string; context?: unknown }[]
} {
  const entries: { level: string; message: string; context?: unknown }[] = []
  const push = (level: string) => (message: string, context?: Record<string, unknown>) =>
    void entries.push({ level, message, context })
  return { entries, info: push('info'), warn: push('warn'), error: push('error') }
}
