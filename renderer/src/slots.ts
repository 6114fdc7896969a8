// The places where one feature shows something in another feature's view (ARCHITECTURE.md: features meet
// through declared slots). Each slot is declared here once with what fills it; a feature offers its fillings
// from its index.ts, the shell (App.vue) provides every offer to the views, and a view asks for a slot with
// useSlot. Neither feature imports the other, and a view whose slot nobody fills leaves that place out.
import { inject, provide, type Component, type InjectionKey, type Ref } from 'vue'

export interface SlotFillings {
  /**
   * Above the inbox's tabs: documents on their way into the open company (the scan station's queue). Shown
   * with the attributes `company-key` (the open company) and `aria-label`.
   */
  'inbox.incoming': Component
  /**
   * The office overview's "in progress" column: per company key, the documents still being handled on
   * their way in. Called in the overview's setup; a company missing from the map has none.
   */
  'overview.documentsInProgress': () => Readonly<Ref<ReadonlyMap<string, number>>>
  /**
   * Beside the review: a supplier's card (the contacts register's), where a bank account or the default
   * cost account is corrected without leaving the invoice. Shown with the attributes `company-key`,
   * `entity` and `id`; it emits `close`, and `open(entity, id)` for another party's card.
   */
  'review.supplierCard': Component
}

export type SlotName = keyof SlotFillings

/** What one feature fills: some of the slots. */
export type SlotOffer = Partial<SlotFillings>

const slotsKey: InjectionKey<SlotOffer> = Symbol('slots')

/**
 * Puts every feature's offer where the views below the calling component find it. Two features offering
 * the same slot is a mistake in the app's wiring, reported when the shell starts.
 */
export function provideSlots(offers: readonly SlotOffer[]): void {
  const filled: Record<string, unknown> = {}
  for (const offer of offers)
    for (const [name, filling] of Object.entries(offer)) {
      if (name in filled) throw new Error(`Two features fill the slot ${name}`)
      filled[name] = filling
    }
  provide(slotsKey, Object.freeze(filled) as SlotOffer)
}

/** What fills the slot, or undefined when no feature offers it. Called in a component's setup. */
export function useSlot<N extends SlotName>(name: N): SlotFillings[N] | undefined {
  return inject(slotsKey, null)?.[name]
}
