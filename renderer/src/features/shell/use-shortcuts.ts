// The view shortcuts (Alt and each view's digit of navigation.ts, Alt+0 and F1), installed once by the shell.
import { onBeforeUnmount, onMounted } from 'vue'
import { useRouter } from 'vue-router'
import { shortcuts, type Shortcut } from '@renderer/navigation'
import { typingIn } from '@renderer/ui/list-keys'

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
    if (event.defaultPrevented || typingIn(event.target) || modalOpen()) return
    const shortcut = matchShortcut(event)
    if (!shortcut) return
    event.preventDefault()
    if (router.currentRoute.value.name !== shortcut.view) void router.push({ name: shortcut.view })
  }
  onMounted(() => window.addEventListener('keydown', onKeyDown))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKeyDown))
}
