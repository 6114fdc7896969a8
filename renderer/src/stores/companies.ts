// The companies of the signed-in user, the open company of this window, recent companies first, and
// the current-session answer per company (the views it offers). Every answer is kept with the key it
// was asked for, so a late answer for one company is never shown under another's name.
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import type { AppView, Company, CompanySession, SessionReason } from '@common/bridge/contract'
import { useBridge } from '@renderer/bridge'
import { isConnectionError } from '@renderer/data/drain'
import { useWorkspace } from '@renderer/stores/workspace'
import { useSessionStore } from './session.ts'

// sessionStorage is per window (and per tab in browser mode): each window remembers its own company.
const windowKey = 'ledgerdesk.currentCompany'
const recentKey = 'ledgerdesk.recentCompanies'
const maxRecent = 8

function readRecent(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(recentKey) ?? '[]')
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
  } catch {
    return []
  }
}

export const useCompaniesStore = defineStore('companies', () => {
  const companies = ref<Company[]>([])
  const currentKey = ref<string | null>(sessionStorage.getItem(windowKey))
  const recent = ref<string[]>(readRecent())
  const sessions = ref<Record<string, CompanySession>>({})
  const loading = ref(false)
  const error = ref<SessionReason | null>(null)

  const current = computed(() => companies.value.find((c) => c.Key === currentKey.value) ?? null)
  /** The current company's session answer, only when it is the answer for that very company. */
  const currentSession = computed(() => {
    const key = currentKey.value
    const answer = key ? sessions.value[key] : undefined
    return answer && answer.companyKey.toLowerCase() === key!.toLowerCase() ? answer : null
  })
  const views = computed<AppView[] | null>(() => currentSession.value?.views ?? null)

  /** Recent companies first (most recent first), then the rest by name. */
  const ordered = computed(() => {
    const rank = new Map(recent.value.map((k, i) => [k, i]))
    return [...companies.value].sort((a, b) => {
      const ra = rank.get(a.Key) ?? Infinity
      const rb = rank.get(b.Key) ?? Infinity
      return ra !== rb ? ra - rb : a.Name.localeCompare(b.Name)
    })
  })

  /** Companies whose session answer came from the workspace: asked for again once the platform answers. */
  const cachedSessions = ref<ReadonlySet<string>>(new Set())

  async function loadSession(key: string): Promise<void> {
    const db = useWorkspace().value
    try {
      const answer = await useBridge().call('companies.session', key)
      sessions.value = { ...sessions.value, [key]: answer }
      cachedSessions.value = new Set([...cachedSessions.value].filter((k) => k !== key))
      await db?.companySessions
        .put({ companyKey: key, session: answer, savedAt: new Date().toISOString() })
        .catch((e: unknown) => console.error('Keeping the company session failed', { companyKey: key, e }))
    } catch (e) {
      // The platform cannot be reached: the answer kept from the last time opens the company offline.
      const kept = isConnectionError(e)
        ? await db?.companySessions.get(key).catch(() => undefined)
        : undefined
      if (kept && kept.session.companyKey.toLowerCase() === key.toLowerCase()) {
        sessions.value = { ...sessions.value, [key]: kept.session }
        cachedSessions.value = new Set([...cachedSessions.value, key])
        return
      }
      if (currentKey.value === key)
        error.value = { code: (e as { code?: string }).code ?? 'INTERNAL', message: (e as Error).message }
    }
  }

  /** Asks the platform again for the sessions that came from the workspace (after it can be reached). */
  async function refreshCachedSessions(): Promise<void> {
    await Promise.all([...cachedSessions.value].map((key) => loadSession(key)))
  }

  async function load(): Promise<void> {
    loading.value = true
    error.value = null
    try {
      try {
        companies.value = await useBridge().call('companies.list')
      } catch (e) {
        // Offline (or the platform is down): the companies this user's workspace already knows, so the
        // cached work stays reachable; the list is asked for again on the next sign-in or reload.
        const known = await knownCompanies()
        if (known.length === 0) throw e
        companies.value = known
      }
      const session = useSessionStore()
      const loginKey = session.state.status === 'signedIn' ? session.state.loginCompanyKey : null
      const keep = [currentKey.value, loginKey, ...recent.value].find(
        (k) => k && companies.value.some((c) => c.Key === k),
      )
      const first = keep ?? ordered.value[0]?.Key ?? null
      if (first) select(first)
    } catch (e) {
      error.value = { code: (e as { code?: string }).code ?? 'INTERNAL', message: (e as Error).message }
    } finally {
      loading.value = false
    }
  }

  async function knownCompanies(): Promise<Company[]> {
    const db = useWorkspace().value
    if (!db) return []
    return (await db.companies.toArray()).map((c) => ({
      ID: c.ID ?? 0,
      Name: c.Name,
      Key: c.Key,
      IsTest: c.IsTest ?? false,
      OrganizationNumber: c.OrganizationNumber,
      FileFlowEmail: c.FileFlowEmail ?? null,
    }))
  }

  /** Opens a company in this window: instant from the cache, refreshed in the background. */
  function select(key: string): void {
    if (!companies.value.some((c) => c.Key === key)) return
    error.value = null
    currentKey.value = key
    sessionStorage.setItem(windowKey, key)
    recent.value = [key, ...recent.value.filter((k) => k !== key)].slice(0, maxRecent)
    localStorage.setItem(recentKey, JSON.stringify(recent.value))
    void loadSession(key)
  }

  function clear(): void {
    companies.value = []
    sessions.value = {}
    currentKey.value = null
    sessionStorage.removeItem(windowKey)
  }

  // Signed in: load the companies; signed out: forget what belonged to that session (the saved work of
  // other stores stays).
  const session = useSessionStore()
  watch(
    () =>
      session.state.status === 'signedIn'
        ? `${session.state.environmentId}:${session.state.user.GlobalIdentity}`
        : null,
    (who, before) => {
      if (who === before) return
      if (who) {
        if (before) clear()
        void load()
      } else if (before) clear()
      // Before the sign-in state is known (a reload) nothing is cleared: the window keeps its company.
    },
    { immediate: true },
  )

  return {
    companies,
    ordered,
    current,
    currentKey,
    currentSession,
    views,
    recent,
    loading,
    error,
    load,
    select,
    refreshCachedSessions,
    clear,
  }
})
