// The messages of every feature and ui widget: one naming scheme, every registration loaded by the app's
// entry, and both languages complete. vue-tsc already refuses a Norwegian without an English key or with
// one of its own (registerMessages); this test holds the same for what the registrations hold at run time.
import { describe, expect, it } from 'vitest'
import { registeredMessages } from '@renderer/i18n'
import './messages.ts'

/** Every key path of a message tree, with its value. */
function leaves(tree: unknown, path = ''): [string, unknown][] {
  if (typeof tree !== 'object' || tree === null) return [[path, tree]]
  return Object.entries(tree).flatMap(([key, value]) => leaves(value, path ? `${path}.${key}` : key))
}

describe('the messages of the app', () => {
  it('names each file `messages.ts`, or `<part>.messages.ts` beside it, with both languages in it', () => {
    const files = Object.keys(import.meta.glob(['./**/*messages*.ts', '!./**/*.test.ts']))
    expect(files.length).toBeGreaterThan(20)
    for (const file of files) expect(file, file).toMatch(/\/(messages|[a-z-]+\.messages)\.ts$/)
  })

  it('registers every messages.ts through the app’s entry (renderer/src/messages.ts)', async () => {
    const listed = new Set(registeredMessages().keys())
    expect(listed.size).toBeGreaterThan(10)
    await Promise.all(Object.values(import.meta.glob('./**/messages.ts')).map((load) => load()))
    expect([...registeredMessages().keys()].filter((namespace) => !listed.has(namespace))).toEqual([])
  })

  it('words every key in Norwegian and English, with the same parameters', () => {
    for (const [namespace, messages] of registeredMessages()) {
      const en = new Map(leaves(messages.en))
      const nb = new Map(leaves(messages.nb))
      expect([...nb.keys()], namespace).toEqual([...en.keys()])
      for (const [key, english] of en) {
        const norwegian = nb.get(key)
        expect(typeof norwegian === 'string' && norwegian.trim() !== '', `${namespace}.${key}`).toBe(true)
        const params = (text: unknown) => [...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
        expect(params(norwegian), `${namespace}.${key}`).toEqual(params(english))
      }
    }
  })
})
