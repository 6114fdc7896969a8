// The sales view's state that belongs in the address: the open tab and the open invoice
// (`?invoice=12`, negative for a draft made on this computer, `?invoice=new`, `?invoice=new&customer=5`), so
// Back returns from the editor to the list and a link opens an invoice.
import { computed } from 'vue'
import { useRoute, useRouter, type LocationQuery } from 'vue-router'
import { isSalesTab, type SalesTab } from './sales-rows.ts'

/** Reads `12`, `-3` or `new`; anything else (0 included) opens no invoice. */
export function parseInvoiceParam(value: unknown): number | 'new' | null {
  if (value === 'new') return 'new'
  if (typeof value !== 'string' || !/^-?\d{1,15}$/.test(value)) return null
  const id = Number(value)
  return id === 0 ? null : id
}

/** A customer's ID for a new invoice, or null. */
export function parseCustomerParam(value: unknown): number | null {
  return typeof value === 'string' && /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : null
}

export function useSalesRoute() {
  const route = useRoute()
  const router = useRouter()

  const tab = computed<SalesTab>({
    get: () => (isSalesTab(route.query.tab) ? route.query.tab : 'draft'),
    set: (next) => void router.replace({ query: { ...route.query, tab: next } }),
  })

  const invoice = computed(() => parseInvoiceParam(route.query.invoice))
  const customer = computed(() => parseCustomerParam(route.query.customer))

  /** Opens the editor, as a step Back returns from; `replace` when it takes the place of what was open. */
  function openInvoice(id: number | 'new', options: { replace?: boolean } = {}): void {
    const query: LocationQuery = { ...route.query, invoice: String(id) }
    if (id !== 'new') delete query.customer
    const location = { query }
    void (options.replace ? router.replace(location) : router.push(location))
  }

  function closeInvoice(): void {
    const query: LocationQuery = { ...route.query }
    delete query.invoice
    delete query.customer
    void router.replace({ query })
  }

  return { tab, invoice, customer, openInvoice, closeInvoice }
}
