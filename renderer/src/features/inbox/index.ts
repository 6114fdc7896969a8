// What other features may use of the inbox: its keys, which Settings lists.
export { inboxShortcuts, type InboxShortcut } from './inbox-shortcuts.ts'
