// The main window's size and position, remembered in a small JSON file in the user-data folder and
// restored only when the window would still be visible on one of the current displays.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { z } from 'zod'

export const windowStateFileName = 'window-state.json'

const WindowState = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(200),
  height: z.number().int().min(150),
  maximized: z.boolean().default(false),
})
export type WindowState = z.infer<typeof WindowState>

export interface Rectangle {
  x: number
  y: number
  width: number
  height: number
}

export async function loadWindowState(file: string): Promise<WindowState | undefined> {
  try {
    return WindowState.parse(JSON.parse(await readFile(file, 'utf8')))
  } catch {
    // Missing or unreadable: the window opens at its default size, which is all this file is for.
    return undefined
  }
}

export async function saveWindowState(file: string, state: WindowState): Promise<void> {
  await mkdir(dirname(file), { recursive: true })
  const tmp = `${file}.tmp`
  await writeFile(tmp, JSON.stringify(state) + '\n', 'utf8')
  await rename(tmp, file)
}

/** True when the whole window lies within one display's work area (a display may have gone since). */
export function fitsADisplay(bounds: Rectangle, workAreas: readonly Rectangle[]): boolean {
  return workAreas.some(
    (area) =>
      bounds.x >= area.x &&
      bounds.y >= area.y &&
      bounds.x + bounds.width <= area.x + area.width &&
      bounds.y + bounds.height <= area.y + area.height,
  )
}

/** For the window's last moment: the process may quit before an asynchronous write finishes. */
export function saveWindowStateSync(file: string, state: WindowState): void {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(`${file}.tmp`, JSON.stringify(state) + '\n', 'utf8')
  renameSync(`${file}.tmp`, file)
}
