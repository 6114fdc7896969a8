import { describe, expect, it } from 'vitest'
import { bookingMarker, readBookingMarker, withoutBookingMarker } from './journal-booking.ts'

describe('the booking marker', () => {
  const key = '0f3a9c2e-1111-4222-8333-444455556666'

  it('names the booking and the entry, and is read back from a Description', () => {
    const text = `Husleie mars ${bookingMarker(key, 2)}`
    expect(text).toBe('Husleie mars [ld:0f3a9c2e-2]')
    expect(readBookingMarker(text)).toEqual({ key: '0f3a9c2e', entry: 2 })
    expect(readBookingMarker('Husleie mars')).toBeNull()
  })

  it('is left out where the app shows a Description, and the rest is kept as written', () => {
    expect(withoutBookingMarker(`Husleie mars ${bookingMarker(key, 2)}`)).toBe('Husleie mars')
    expect(withoutBookingMarker(bookingMarker(key, 1))).toBe('')
    expect(withoutBookingMarker('Gebyr [ld:notamark-1] bank')).toBe('Gebyr [ld:notamark-1] bank')
    expect(withoutBookingMarker(null)).toBe('')
  })
})
