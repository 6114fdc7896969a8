// The place at the top of the inbox for the scan pipeline's rows. The app sets the component that shows
// them (with the open company's key as its `companyKey` prop); until then the inbox shows nothing there.
import { shallowRef, type Component } from 'vue'

export const inboxScanRows = shallowRef<Component | null>(null)
