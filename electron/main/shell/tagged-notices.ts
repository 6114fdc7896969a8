// The desktop's system notifications, one per tag on screen: a notification with a tag closes the one of
// the same tag still shown before it shows itself (a company's scan batches told as one, scan/notice.ts).
import type { AppNotification } from '../../../common/bridge/contract.ts'

/** What of Electron's Notification this needs. */
export interface ShownNotice {
  show(): void
  close(): void
  once(event: 'close', listener: () => void): unknown
}

export function taggedNotifier(create: (words: { title: string; body: string }) => ShownNotice) {
  const shownByTag = new Map<string, ShownNotice>()
  return ({ title, body, tag }: AppNotification) => {
    const shown = create({ title, body })
    if (tag) {
      shownByTag.get(tag)?.close()
      shownByTag.set(tag, shown)
      shown.once('close', () => {
        if (shownByTag.get(tag) === shown) shownByTag.delete(tag)
      })
    }
    shown.show()
  }
}
