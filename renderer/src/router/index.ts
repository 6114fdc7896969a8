// Hash history keeps every route inside the one page the app:// scheme (or the browser-mode host) serves.
import { createRouter, createWebHashHistory, type RouteRecordRaw, type RouterHistory } from 'vue-router'
import { mainViews, type ViewName } from '../navigation.ts'

declare module 'vue-router' {
  interface RouteMeta {
    view?: ViewName
  }
}

const components: Record<ViewName, RouteRecordRaw['component']> = {
  overview: () => import('../features/overview/OverviewView.vue'),
  desk: () => import('../features/desk/DeskView.vue'),
  inbox: () => import('../features/inbox/InboxView.vue'),
  review: () => import('../features/review/ReviewPage.vue'),
  journal: () => import('../features/journal/JournalView.vue'),
  approvals: () => import('../features/approvals/ApprovalsView.vue'),
  sales: () => import('../features/sales/SalesView.vue'),
  contacts: () => import('../features/contacts/ContactsView.vue'),
  admin: () => import('../features/admin/AdminView.vue'),
  settings: () => import('../features/settings/SettingsView.vue'),
  about: () => import('../features/about/AboutView.vue'),
}

export const routes: RouteRecordRaw[] = [
  { path: '/', redirect: { name: 'overview' } },
  ...[...mainViews, 'about' as const].map((view): RouteRecordRaw => ({
    path: `/${view}`,
    name: view,
    component: components[view]!,
    meta: { view },
  })),
  // The inbox's list of invoices that went through by themselves (straight-through rules).
  {
    path: '/went-through',
    name: 'wentThrough',
    component: () => import('../features/review/WentThroughView.vue'),
    meta: { view: 'inbox' },
  },
  { path: '/:unknown(.*)*', redirect: '/overview' },
]

export function createAppRouter(history: RouterHistory = createWebHashHistory()) {
  return createRouter({ history, routes })
}
