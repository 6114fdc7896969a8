// vue-i18n set-up: the app's two languages and how the system locale maps onto them.
import { createI18n } from 'vue-i18n'
import type { Locale } from '@common/bridge/contract'
import en, { type Messages } from './en.ts'
import nb from './nb.ts'

export type { Messages }
export const locales: readonly Locale[] = ['nb', 'en']

declare module 'vue-i18n' {
  // Gives $t and useI18n key completion from the English schema.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefineLocaleMessage extends Messages {}
}

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
  return createI18n<[Messages], Locale, false>({
    legacy: false,
    locale,
    fallbackLocale: 'en',
    messages: { en, nb },
  })
}

export type AppI18n = ReturnType<typeof createAppI18n>
