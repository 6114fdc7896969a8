// The invoices a person has open in this window's review right now. The straight-through rules never send
// such an invoice on by themselves: the accountant looking at it decides, and it goes by its rule only once
// the review has moved on (the rules run again then). Per window: another window's review is not known here.
import { onScopeDispose, shallowRef, watch, type Ref } from 'vue'

/** How many reviews hold each invoice: when a review is swapped for another, the new one holds before the old lets go. */
const holders = new Map<string, number>()
const held = shallowRef<ReadonlySet<string>>(new Set())

const keyOf = (companyKey: string, invoiceId: number) => `${companyKey}\u0000${invoiceId}`

/** Whether the invoice is open in this window's review. */
export function isInHand(companyKey: string, invoiceId: number): boolean {
  return held.value.has(keyOf(companyKey, invoiceId))
}

/** The invoices in hand, as a ref: a change (an invoice put down) runs the rules again. */
export const invoicesInHand: Readonly<Ref<ReadonlySet<string>>> = held

function change(key: string, add: boolean): void {
  const count = (holders.get(key) ?? 0) + (add ? 1 : -1)
  if (count > 0) holders.set(key, count)
  else holders.delete(key)
  if (held.value.has(key) !== count > 0) held.value = new Set(holders.keys())
}

/** Holds the review's current invoice while it is shown; puts it down when another is shown or the review closes. */
export function useInvoiceInHand(companyKey: string | null, currentId: Readonly<Ref<number | null>>): void {
  let holding: string | null = null
  const putDown = () => {
    if (holding !== null) change(holding, false)
    holding = null
  }
  watch(
    currentId,
    (id) => {
      putDown()
      if (companyKey && id !== null) {
        holding = keyOf(companyKey, id)
        change(holding, true)
      }
    },
    { immediate: true },
  )
  onScopeDispose(putDown)
}
