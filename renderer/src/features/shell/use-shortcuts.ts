// The view shortcuts (Alt and each view's digit of navigation.ts, Alt+0 and F1), installed once by the shell.
import { onBeforeUnmount, onMounted } from 'vue'
import { useRouter } from 'vue-router'
import { shortcuts, type Shortcut } from '@renderer/navigation'

/** True while the user types: in a text field, a select or an editable element. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  const tag = target.tagName
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true
  if (tag !== 'INPUT') return false
  const type = (target as HTMLInputElement).type
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(type)
}

/** The shortcut a key press means, or undefined. Ctrl, Meta and Shift never count (AltGr is Ctrl+Alt). */
export function matchShortcut(event: KeyboardEvent): Shortcut | undefined {
  if (event.ctrlKey || event.metaKey || event.shiftKey || event.repeat) return undefined
  return shortcuts.find((shortcut) => shortcut.code === event.code && shortcut.alt === event.altKey)
}

/** A modal dialog owns the keyboard until it closes; a view change behind it would go unseen. */
function modalOpen(): boolean {
  return (
    document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]') !==
    null
  )
}

export function useShortcuts(): void {
  const router = useRouter()
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented || isTyping(event.target) || modalOpen()) return
    const shortcut = matchShortcut(event)
    if (!shortcut) return
    event.preventDefault()
    if (router.currentRoute.value.name !== shortcut.view) void router.push({ name: shortcut.view })
  }
  onMounted(() => window.addEventListener('keydown', onKeyDown))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKeyDown))
}
