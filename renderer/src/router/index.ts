// Hash history keeps every route inside the one page the app:// scheme (or the browser-mode host) serves.
import { createRouter, createWebHashHistory, type RouteRecordRaw, type RouterHistory } from 'vue-router'
import { mainViews, type ViewName } from '../navigation.ts'

declare module 'vue-router' {
  interface RouteMeta {
    view?: ViewName
  }
}

const components: Record<ViewName, RouteRecordRaw['component']> = {
  inbox: () => import('../views/InboxView.vue'),
  review: () => import('../views/ReviewView.vue'),
  journal: () => import('../views/JournalView.vue'),
  approvals: () => import('../views/ApprovalsView.vue'),
  sales: () => import('../views/SalesView.vue'),
  contacts: () => import('../views/ContactsView.vue'),
  admin: () => import('../views/AdminView.vue'),
  settings: () => import('../views/SettingsView.vue'),
  about: () => import('../views/AboutView.vue'),
}

export const routes: RouteRecordRaw[] = [
  { path: '/', redirect: { name: 'inbox' } },
  ...[...mainViews, 'about' as const].map((view): RouteRecordRaw => ({
    path: `/${view}`,
    name: view,
    component: components[view]!,
    meta: { view },
  })),
  { path: '/:unknown(.*)*', redirect: '/inbox' },
]

export function createAppRouter(history: RouterHistory = createWebHashHistory()) {
  return createRouter({ history, routes })
}
