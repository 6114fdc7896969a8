// Opening a desk invoice: the review, in the invoice's own company (named in the address), going through
// the desk. The window's company stays as it is.
import type { Router } from 'vue-router'
import type { DeskPlace } from './desk-rows.ts'

export function deskReviewQuery(place: DeskPlace): Record<string, string> {
  return { desk: '1', company: place.companyKey, invoice: String(place.id) }
}

export function openDeskRow(router: Router, row: { companyKey: string; ID: number }): void {
  void router.push({ name: 'review', query: deskReviewQuery({ companyKey: row.companyKey, id: row.ID }) })
}
