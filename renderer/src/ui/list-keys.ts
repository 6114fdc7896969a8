// The keys every list view answers the same way: the status tabs above a list (the WAI-ARIA tablist pattern:
// Left and Right move and wrap, Home and End go to the ends), and J and K in its table, which move from row
// to row as the arrow keys do. Every list view reads these (list-view/ListView.vue), so the keys behave alike;
// and whether the user is typing (typingIn), which every keyboard shortcut of the app asks first.

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

/** Input types that take no text: a letter pressed on one is a shortcut, not typing. */
const untyped = new Set([
  'button',
  'checkbox',
  'radio',
  'submit',
  'reset',
  'range',
  'color',
  'file',
  'image',
  'hidden',
])

/**
 * Widgets that take letters and arrows as their own though they are no text field: PrimeVue's Select and
 * Listbox find an option by the letters typed on them, AutoComplete, the code pickers and InputNumber are
 * edited through their role (WAI-ARIA combobox, listbox, textbox, searchbox, spinbutton).
 */
const editingRoles =
  '[role="combobox"], [role="listbox"], [role="textbox"], [role="searchbox"], [role="spinbutton"]'

/**
 * True while the user types: in a text field of any kind, a text area, a select, an editable element, or a
 * widget that reads typed letters (editingRoles). Letters are theirs then, and no shortcut takes them. A
 * checkbox, radio button, button, slider, colour or file input takes no text, so the keys stay shortcuts.
 * The one answer for every view: the shell's view keys, the review's commands and the list views' J and K.
 */
export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  if (target instanceof HTMLInputElement) return !untyped.has(target.type)
  return target.closest(editingRoles) !== null
}
