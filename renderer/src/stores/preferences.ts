// The user's preferences as main keeps them, and the language that follows from them.
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { Locale, Preferences } from '@common/bridge/contract'
import type { RoleTemplate } from '@common/bridge/admin-colleague'
import { useBridge } from '@renderer/bridge'
import { systemLocale } from '@renderer/i18n'

function navigatorLanguages(): readonly string[] {
  return navigator.languages?.length ? navigator.languages : [navigator.language]
}

export const usePreferencesStore = defineStore('preferences', () => {
  /** The saved choice; null follows the system. */
  const preferredLocale = ref<Locale | null>(null)
  const systemLanguage = ref<Locale>(systemLocale(navigatorLanguages()))
  const locale = computed<Locale>(() => preferredLocale.value ?? systemLanguage.value)
  /** The role sets the office keeps for a new colleague (Admin → New colleague). */
  const roleTemplates = ref<RoleTemplate[]>([])
  /** "My clients": the companies the review desk spans; null spans every company kept offline. */
  const deskCompanies = ref<string[] | null>(null)

  function apply(preferences: Preferences): void {
    preferredLocale.value = preferences.locale
    roleTemplates.value = preferences.roleTemplates ?? []
    deskCompanies.value = preferences.deskCompanies ?? null
  }

  let stopListening: (() => void) | undefined
  const onLanguageChange = () => {
    systemLanguage.value = systemLocale(navigatorLanguages())
  }

  /** Reads the saved preferences and follows later changes (from another window or tab too). */
  async function load(): Promise<void> {
    const bridge = useBridge()
    if (!stopListening) {
      const off = bridge.on('app.preferencesChanged', apply)
      window.addEventListener('languagechange', onLanguageChange)
      stopListening = () => {
        off()
        window.removeEventListener('languagechange', onLanguageChange)
      }
    }
    apply(await bridge.call('app.getPreferences'))
  }

  /** Saves the language (null: follow the system); rejects with the bridge's error when main refuses. */
  async function setLocale(next: Locale | null): Promise<void> {
    apply(await useBridge().call('app.setPreferences', { locale: next }))
  }

  /** Saves the office's role sets; rejects with the bridge's error when main refuses them. */
  async function setRoleTemplates(next: RoleTemplate[]): Promise<void> {
    apply(await useBridge().call('app.setPreferences', { roleTemplates: next }))
  }

  /** Saves "my clients" (null: every company kept offline); rejects with the bridge's error when main refuses. */
  async function setDeskCompanies(next: string[] | null): Promise<void> {
    apply(await useBridge().call('app.setPreferences', { deskCompanies: next }))
  }

  function dispose(): void {
    stopListening?.()
    stopListening = undefined
  }

  return {
    preferredLocale,
    systemLanguage,
    locale,
    roleTemplates,
    deskCompanies,
    load,
    setLocale,
    setRoleTemplates,
    setDeskCompanies,
    dispose,
  }
})
