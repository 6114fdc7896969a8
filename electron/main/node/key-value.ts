// The key-value port under Node: one JSON file per name in the data folder, through `conf` (the
// library electron-store is built on, so both modes keep the same file format).
import Conf from 'conf'
import type { KeyValueStore } from '../ports.ts'

export function createConfKeyValue(dataDir: string): (name: string) => KeyValueStore {
  const stores = new Map<string, Conf<Record<string, unknown>>>()
  return (name) => {
    let store = stores.get(name)
    if (!store) {
      store = new Conf<Record<string, unknown>>({
        cwd: dataDir,
        configName: name,
        accessPropertiesByDotNotation: false,
      })
      stores.set(name, store)
    }
    const s = store
    return {
      get: (key) => s.get(key),
      set: (key, value) => s.set(key, value),
      delete: (key) => s.delete(key),
    }
  }
}
