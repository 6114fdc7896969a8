// One full garbage collection at a moment the platform knows a lot of memory has just become garbage and the
// server may stay idle (an idle server may not reach V8's next full collection for a long time).
import v8 from 'node:v8'
import { runInNewContext } from 'node:vm'

export function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as (() => void) | undefined
  gc?.()
}
