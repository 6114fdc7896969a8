// The scan queue's rows as the window loads them: a file that moves on while its company's rows are asked
// (main read its rows, then the file became ready before the answer went out) is shown as it is now, not as
// the answer last had it.
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, describe, expect, it } from 'vitest'
import type { ScanRow } from '@common/bridge/scan'
import { installBridge } from '@renderer/bridge'
import { useScanStore } from '@renderer/features/scan/store'
import { scanKey, scanRow } from './scan-station.ts'
import { createTestBridge, type TestBridge } from './test-bridge.ts'

afterEach(() => setActivePinia(undefined))

/** Main's rows of the company, answered by `answer`, which may change rows before it answers. */
function station(answer: (test: TestBridge, call: number) => ScanRow[]) {
  let calls = 0
  const test: TestBridge = createTestBridge({
    handlers: { 'scan.rows': () => answer(test, ++calls) },
  })
  installBridge(test.bridge)
  setActivePinia(createPinia())
  return { test, calls: () => calls }
}

describe('loading the scan queue', () => {
  it('asks again when a row changed while the rows were asked, and shows the row as it is now', async () => {
    const queued = scanRow({ state: 'queued', invoiceId: null })
    const ready = scanRow({ state: 'ready' })
    const main = station((test, call) => {
      if (call > 1) return [ready]
      // The file became ready after main read its rows and before the answer reached the window.
      test.emit('scan.rowChanged', ready)
      return [queued]
    })
    await useScanStore().load(scanKey)
    expect(main.calls()).toBe(2)
    expect(useScanStore().rows[scanKey]?.map((r) => r.state)).toEqual(['ready'])
  })

  it('asks once when nothing changes, and stops asking after a few answers that each came beside a change', async () => {
    const quiet = station(() => [scanRow({})])
    await useScanStore().load(scanKey)
    expect(quiet.calls()).toBe(1)

    const busy = station((test, call) => {
      test.emit('scan.rowChanged', scanRow({ id: `sha-${call + 10}`, state: 'uploading' }))
      return [scanRow({ state: 'reading' })]
    })
    await useScanStore().load(scanKey)
    expect(busy.calls()).toBe(5)
    expect(useScanStore().rows[scanKey]).toHaveLength(1)
  })
})
