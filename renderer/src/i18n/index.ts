// vue-i18n set-up: the app's two languages, how the system locale maps onto them, and where the messages
// come from. i18n/ holds the words of the app as a whole (en.ts, nb.ts: the navigation, the errors) and of
// the field checks; every feature and ui widget words itself in its own `messages.ts` and registers it here
// under its namespace (registerMessages), so i18n/ never imports a feature (eslint.config.js, `i18n` wall).
// renderer/src/messages.ts loads every registration before the app starts.
import { createI18n } from 'vue-i18n'
import type { Locale } from '@common/bridge/contract'
import en, { type Messages } from './en.ts'
import nb from './nb.ts'

export type { Messages }
export const locales: readonly Locale[] = ['nb', 'en']

declare module 'vue-i18n' {
  // Gives $t and useI18n key completion: the app's own keys here, each feature's where it registers them.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefineLocaleMessage extends Messages {}
}

/** One namespace's messages in both languages. */
export interface LocaleMessages<T> {
  en: T
  nb: T
}

type Tree = Record<string, unknown>
const registered = new Map<string, LocaleMessages<Tree>>()
/** The i18n instances made so far, which a later registration reaches too. */
const live: WeakRef<{ global: { mergeLocaleMessage(locale: Locale, message: never): void } }>[] = []

/**
 * Registers a feature's messages under its namespace (`contacts` for `t('contacts.…')`). The Norwegian
 * must have every key of the English and no other (vue-tsc fails otherwise), so no English shows in the
 * Norwegian UI. An i18n made before the registration gets the messages too. Answers the messages.
 */
export function registerMessages<T extends object>(
  namespace: string,
  messages: { en: T; nb: NoInfer<T> },
): LocaleMessages<T> {
  registered.set(namespace, messages as unknown as LocaleMessages<Tree>)
  for (const ref of live) {
    const i18n = ref.deref()
    for (const locale of locales)
      i18n?.global.mergeLocaleMessage(locale, { [namespace]: messages[locale] } as never)
  }
  return messages
}

/** The namespaces registered so far (renderer/src/messages.test.ts checks each language of every one). */
export const registeredMessages = (): ReadonlyMap<string, LocaleMessages<Tree>> => registered

const messagesOf = (locale: Locale, own: Messages): Messages =>
  ({
    ...own,
    ...Object.fromEntries([...registered].map(([namespace, messages]) => [namespace, messages[locale]])),
  }) as Messages

/** Nynorsk and the generic `no` read best in bokmål; every other language gets English. */
export function systemLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const language = tag.toLowerCase().split(/[-_]/)[0]
    if (language === 'nb' || language === 'nn' || language === 'no') return 'nb'
    if (language) return 'en'
  }
  return 'en'
}

export function createAppI18n(locale: Locale = 'en') {
  const i18n = createI18n<[Messages], Locale, false>({
    legacy: false,
    locale,
    fallbackLocale: 'en',
    messages: { en: messagesOf('en', en), nb: messagesOf('nb', nb) },
  })
  live.push(new WeakRef(i18n))
  return i18n
}

export type AppI18n = ReturnType<typeof createAppI18n>
