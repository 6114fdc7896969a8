// The keys every list view answers the same way: the status tabs above a list (the WAI-ARIA tablist pattern:
// Left and Right move and wrap, Home and End go to the ends), and J and K in its table, which move from row
// to row as the arrow keys do. The inbox and the contacts register read these, so the keys behave alike.

/** The tab a key moves to from `current`, or null for a key the tablist does not take. */
export function tabAfterKey<T>(tabs: readonly T[], current: T, key: string): T | null {
  const index = tabs.indexOf(current)
  const last = tabs.length - 1
  const next =
    key === 'ArrowRight'
      ? (index + 1) % tabs.length
      : key === 'ArrowLeft'
        ? (index + last) % tabs.length
        : key === 'Home'
          ? 0
          : key === 'End'
            ? last
            : null
  return next === null ? null : tabs[next]!
}

/**
 * J or K on a row of a table's body moves the focus to the next or previous row (the row's roving tab stop
 * follows it). Answers whether it took the key.
 */
export function moveRowFocus(event: KeyboardEvent): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey) return false
  const row = (event.target as HTMLElement).closest('tr')
  if (!row || !row.closest('tbody')) return false
  const next =
    event.code === 'KeyJ' ? row.nextElementSibling : event.code === 'KeyK' ? row.previousElementSibling : null
  if (!(next instanceof HTMLElement)) return false
  event.preventDefault()
  row.tabIndex = -1
  next.tabIndex = 0
  next.focus()
  return true
}

/** True while the user types (a text field, a select, an editable element): letters are theirs then. */
export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return true
  if (target.tagName !== 'INPUT') return false
  return !['button', 'checkbox', 'radio', 'submit', 'reset'].includes((target as HTMLInputElement).type)
}
