// The marker a booking's journal entries carry in their Description: the first eight characters of the
// outbox operation key and the entry's place in the batch. The app writes it; main looks for it before a
// retry sends a booking again (exactly once), and the app reads it to put each entry's number on its draft.

export function bookingMarker(operationKey: string, entry: number): string {
  return `${bookingMarkerPrefix(operationKey)}${entry}]`
}

/** What every entry of one booking carries, whatever its place in the batch. */
export function bookingMarkerPrefix(operationKey: string): string {
  return `[ld:${operationKey.slice(0, 8)}-`
}

/** The key prefix and entry place a Description's marker names, if it has one. */
export function readBookingMarker(text: string | null | undefined): { key: string; entry: number } | null {
  const m = /\[ld:([0-9a-f]{8})-(\d+)\]/.exec(text ?? '')
  return m ? { key: m[1]!, entry: Number(m[2]) } : null
}

/**
 * A Description as the app shows it: without the booking marker, which is there for the retry check only.
 * The spec offers no other free field on a booked entry (the request item is DraftLines and FileIDs), so
 * the marker stays in the Description the platform keeps, and the app's own views leave it out.
 */
export function withoutBookingMarker(text: string | null | undefined): string {
  return (text ?? '').replace(/\s*\[ld:[0-9a-f]{8}-\d+\]/g, '').trim()
}
