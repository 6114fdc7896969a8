// The sections of Admin, in the order the section bar shows them. Each is a component of its own, given
// the open company; `licenseAdmin` sections are offered only to the office's license administrators.
import type { Component } from 'vue'

export interface AdminSectionProps {
  companyKey: string
  companyName: string
  online: boolean
}

export interface AdminSection {
  /** In the address: `/admin?section=<id>`. */
  id: string
  /** The section's name, an i18n key. */
  title: string
  component: () => Promise<Component | { default: Component }>
  /**
   * Offered only when the session says the user is a license administrator (spec 4.10, 5); the other
   * sections only to administrators of the open company (the platform answers their Administrator reads, spec 4.10).
   */
  licenseAdmin?: boolean
}

export const adminSections: readonly AdminSection[] = [
  {
    id: 'approval-rules',
    title: 'admin.sections.approvalRules',
    component: () => import('./ApprovalRulesEditor.vue'),
  },
  {
    id: 'users',
    title: 'admin.sections.users',
    component: () => import('./UsersSection.vue'),
  },
  {
    id: 'colleague',
    title: 'admin.sections.colleague',
    component: () => import('./ColleagueSection.vue'),
  },
  {
    id: 'office',
    title: 'admin.sections.office',
    component: () => import('./OfficeSection.vue'),
    licenseAdmin: true,
  },
  {
    id: 'factoring',
    title: 'admin.sections.factoring',
    component: () => import('./factoring/FactoringSection.vue'),
  },
  {
    id: 'webhooks',
    title: 'admin.sections.webhooks',
    component: () => import('./webhooks/WebhooksSection.vue'),
  },
  {
    id: 'custom-fields',
    title: 'admin.sections.customFields',
    component: () => import('./CustomFieldsSection.vue'),
  },
]
