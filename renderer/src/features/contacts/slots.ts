// What the contacts register shows in other features' views (the places are declared in
// renderer/src/slots.ts): a supplier's card beside the review.
import type { SlotOffer } from '@renderer/slots'
import PartyCard from './PartyCard.vue'

export const contactsSlots: SlotOffer = {
  'review.supplierCard': PartyCard,
}
