// Runs Electron's entry point (electron/main/index.ts) with its Electron shell stubbed out, then rejects a
// promise nobody handles. Prints "alive" if the process outlived it.
import { register } from 'node:module'

register('./electron-entry-hooks.mjs', import.meta.url)
await import('../../../electron/main/index.ts')
void Promise.reject(new Error('a rejection nobody handled, after the Electron entry ran'))
setTimeout(() => console.log('alive'), 200)
