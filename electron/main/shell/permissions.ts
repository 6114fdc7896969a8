// What the app's pages may use of Chromium's permissions: only what the allow-list names, denied by
// default. A request (a page asks for a permission) and a check (Chromium or a page asks whether it holds
// one, e.g. navigator.permissions.query or a clipboard write) are answered from the same list.
import { session } from 'electron'

/** Copying from the app (an invoice number, a KID) writes sanitized text to the clipboard; nothing else. */
export const allowedPermissions: ReadonlySet<string> = new Set(['clipboard-sanitized-write'])

export function lockDownPermissions(target = session.defaultSession): void {
  target.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(allowedPermissions.has(permission)),
  )
  target.setPermissionCheckHandler((_contents, permission) => allowedPermissions.has(permission))
}
