import { describe, expect, it } from 'vitest'
import { effectScope, nextTick, ref } from 'vue'
import { invoicesInHand, isInHand, useInvoiceInHand } from './invoices-in-hand.ts'

describe('the invoices in hand', () => {
  it('holds the review’s current invoice of its own company only, and puts it down on a move or a close', async () => {
    const current = ref<number | null>(7)
    const scope = effectScope()
    scope.run(() => useInvoiceInHand('nordlys', current))
    expect(isInHand('nordlys', 7)).toBe(true)
    expect(isInHand('aurora', 7)).toBe(false)
    const before = invoicesInHand.value
    current.value = 8
    await nextTick()
    expect(isInHand('nordlys', 7)).toBe(false)
    expect(isInHand('nordlys', 8)).toBe(true)
    expect(invoicesInHand.value).not.toBe(before)
    scope.stop()
    expect(isInHand('nordlys', 8)).toBe(false)
    expect(invoicesInHand.value.size).toBe(0)
  })

  it('keeps an invoice held by two reviews until both have put it down', () => {
    const first = effectScope()
    const second = effectScope()
    first.run(() => useInvoiceInHand('nordlys', ref(3)))
    second.run(() => useInvoiceInHand('nordlys', ref(3)))
    first.stop()
    expect(isInHand('nordlys', 3)).toBe(true)
    second.stop()
    expect(isInHand('nordlys', 3)).toBe(false)
  })
})
