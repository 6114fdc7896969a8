import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fitsADisplay, loadWindowState, saveWindowState, saveWindowStateSync } from './window-state.ts'

const laptop = { x: 0, y: 0, width: 1440, height: 900 }
const external = { x: 1440, y: 0, width: 2560, height: 1440 }

describe('remembered window bounds', () => {
  it('are restored only when the window fits a current display', () => {
    expect(fitsADisplay({ x: 100, y: 80, width: 1200, height: 800 }, [laptop])).toBe(true)
    expect(fitsADisplay({ x: 1600, y: 100, width: 1600, height: 1000 }, [laptop, external])).toBe(true)
    // The external display is gone: the window would open off-screen.
    expect(fitsADisplay({ x: 1600, y: 100, width: 1600, height: 1000 }, [laptop])).toBe(false)
    expect(fitsADisplay({ x: 1000, y: 100, width: 1200, height: 800 }, [laptop, external])).toBe(false)
  })

  it('survive a restart and ignore a damaged file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ledgerdesk-window-'))
    const file = join(dir, 'window-state.json')
    expect(await loadWindowState(file)).toBeUndefined()
    await saveWindowState(file, { x: 10, y: 20, width: 1300, height: 850, maximized: true })
    expect(await loadWindowState(file)).toEqual({ x: 10, y: 20, width: 1300, height: 850, maximized: true })
    saveWindowStateSync(file, { x: 0, y: 0, width: 1000, height: 700, maximized: false })
    expect(await loadWindowState(file)).toEqual({ x: 0, y: 0, width: 1000, height: 700, maximized: false })
    await writeFile(file, '{"x": "left"}')
    expect(await loadWindowState(file)).toBeUndefined()
    await rm(dir, { recursive: true, force: true })
  })
})
