// Keeps the user out of the views the open company does not offer them (its current-session `views`, the
// answer the sidebar reads too). Entering such a view by an address, a link or a shortcut, or staying in
// one when the answer arrives or the company changes, sends the user to the overview; the shell then says
// why in a polite status line, not an alert (nothing went wrong, the view is just not theirs here).
import { onBeforeUnmount, shallowRef, watch, type Ref } from 'vue'
import { useRouter } from 'vue-router'
import { isOffered, type ViewName } from '@renderer/navigation'
import { useCompaniesStore } from '@renderer/stores/companies'

/** A view the user was kept out of, and the company that does not offer it. */
export interface RefusedView {
  view: ViewName
  companyName: string | null
}

export function useViewGuard(): Ref<RefusedView | null> {
  const router = useRouter()
  const companies = useCompaniesStore()
  const refused = shallowRef<RefusedView | null>(null)
  const refuse = (view: ViewName) => {
    refused.value = { view, companyName: companies.current?.Name ?? null }
  }

  const removeGuard = router.beforeEach((to) => {
    const view = to.meta.view
    if (!view || isOffered(view, companies.views)) {
      // The note belongs to the overview it explained; going on to another view ends it.
      if (to.name !== 'overview') refused.value = null
      return true
    }
    refuse(view)
    return { name: 'overview', replace: true }
  })
  onBeforeUnmount(removeGuard)

  // The answer arrives after the view opened (a reload, a company switch): leave a view it does not offer.
  watch(
    [() => companies.views, () => router.currentRoute.value.meta.view],
    ([views, view]) => {
      if (!view || isOffered(view, views)) return
      refuse(view)
      void router.replace({ name: 'overview' })
    },
    { immediate: true },
  )

  return refused
}
