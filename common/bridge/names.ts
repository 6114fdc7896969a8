// The bridge's call and event names as plain strings. They live apart from the zod schemas so the
// sandboxed preload can bundle them without a validation library; contract.ts fails to compile unless
// its calls and events are exactly these names.
export const callNames = [
  'app.about',
  'app.getPreferences',
  'app.setPreferences',
  'shell.openExternal',
  'environments.list',
  'environments.probe',
  'environments.add',
  'environments.remove',
  'sandbox.status',
  'sandbox.start',
  'session.get',
  'session.signIn',
  'session.cancelSignIn',
  'session.signOut',
  'session.vaultInfo',
  'session.setPersistRefreshTokens',
  'companies.list',
  'companies.session',
  'connection.probe',
  'sync.pull',
  'sync.ids',
  'sync.row',
  'outbox.execute',
  'outbox.executeBatch',
  'files.download',
  'files.ocr',
  'files.readLocally',
  'scan.overview',
  'scan.rows',
  'scan.addFolder',
  'scan.removeFolder',
  'scan.setPolling',
  'scan.setSplitOnSeparators',
  'scan.separatorSheet',
  'scan.pages',
  'scan.split',
  'scan.checkPath',
  'scan.chooseFolder',
  'scan.scanNow',
  'scan.retry',
  'scan.cancel',
  'scan.dropFiles',
  'scan.dropUploads',
  'scan.dropPaths',
  'scan.showInFolder',
  'journal.search',
  'journal.entries',
  'journal.findBooking',
  'journal.uploadDocument',
  'journal.uploadStaged',
  'review.proposedRule',
  'review.history',
  'review.ledgerSuggestions',
  'approvals.flow',
  'approvals.waiting',
  'admin.approvalSetup',
  'admin.saveApprovalRule',
  'admin.saveThreshold',
  'admin.saveLinkGroup',
  'admin.ruleFor',
  'sales.invoicePdf',
  'admin.users',
  'admin.inviteUser',
  'admin.addIdentity',
  'admin.setUserRoles',
  'admin.removeAccess',
  'admin.activateUser',
  'admin.office',
  'admin.updatePermissions',
  'admin.checkPermissions',
  'admin.grantColleague',
  'admin.grantProgress',
  'admin.factoringSetups',
  'admin.activateFactoring',
  'admin.deactivateFactoring',
  'admin.customFields',
  'admin.defineCustomField',
  'admin.activateCustomField',
] as const

export const eventNames = [
  'app.preferencesChanged',
  // Browser mode: main asks the page to open an external URL in a new tab (a Node host has no browser).
  'shell.openUrlRequested',
  // Browser mode: a notification main wants shown; the page shows it (toast or Web Notification).
  'app.notification',
  // The signed-in state changed: signed in, signing in, or signed out (with the reason).
  'session.changed',
  // The Local sandbox's platform process: starting, ready, failed (with the reason), stopped.
  'sandbox.statusChanged',
  // The scan station: a file's row changed, the folders or queue changed, a batch finished.
  'scan.rowChanged',
  'scan.overviewChanged',
  'scan.batchFinished',
] as const

export type CallName = (typeof callNames)[number]
export type EventName = (typeof eventNames)[number]

const callNameSet: ReadonlySet<string> = new Set(callNames)
const eventNameSet: ReadonlySet<string> = new Set(eventNames)

export function isCallName(name: unknown): name is CallName {
  return typeof name === 'string' && callNameSet.has(name)
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && eventNameSet.has(name)
}
