// Wires the services to the bridge's call names. Electron main and the browser-mode host both build
// their handlers here, each with its own ports.
import type { SessionState } from '../../../common/bridge/contract.ts'
import type { Handlers } from '../bridge/dispatcher.ts'
import type { EmitEvent } from '../events.ts'
import type { Logger } from '../logger.ts'
import type { Ports } from '../ports.ts'
import { createAboutService, type AboutDeps } from './about.ts'
import { createCompaniesService } from './companies.ts'
import { createEnvironmentsService } from './environments/environments.ts'
import { createPreferencesService } from './preferences.ts'
import { createSandboxService } from './sandbox.ts'
import { createOidc } from './session/oidc.ts'
import { createSessionService } from './session/session.ts'
import { createSignInFlow, type RedirectMode } from './session/sign-in.ts'
import { createTokenVault } from './session/token-vault.ts'
import { createShellService } from './shell.ts'
import { createJournalService } from './journal/journal-service.ts'
import { createApprovalFlowService } from './approvals/flow-service.ts'
import { createWaitingApprovalsService } from './approvals/waiting-service.ts'
import { createApprovalRulesService } from './admin/approval-rules-service.ts'
import { createAdminUsersService } from './admin/users-service.ts'
import { createColleagueService } from './admin/colleague-service.ts'
import { createFactoringService } from './admin/factoring-service.ts'
import { createCustomFieldsService } from './admin/custom-fields-service.ts'
import { createSyncService } from './sync/sync-service.ts'
import { createScanService } from './scan/service.ts'
import { createReviewService } from './review/review-service.ts'
import { createLocalReading } from './local-reading/local-reading.ts'
import { createSalesService } from './sales/sales-service.ts'
import type { StagingOwner } from './uploads/staging.ts'

export interface ServiceDeps {
  about: AboutDeps
  dataDir: string
  ports: Ports
  emit: EmitEvent
  log: Logger
  /** Electron answers 'scheme' when no.ledgerdesk.app is registered; browser mode always uses loopback. */
  redirectMode?: () => RedirectMode
  /** The clock of token expiry (tests move it). */
  now?: () => number
  /** Shows a file in the system's file manager (Electron only). */
  reveal?: (path: string) => void
}

/** The signed-in user of an environment, to whom staged uploads belong; null when no one is signed in. */
function ownerOf(state: SessionState): StagingOwner | null {
  return state.status === 'signedIn'
    ? { environmentId: state.environmentId, subject: state.user.GlobalIdentity }
    : null
}

export function createServices(deps: ServiceDeps) {
  const { ports, log } = deps
  // The scan station and the journal's staged documents follow the session (and the scan station the
  // language) as they change.
  const scanRef: { current?: ReturnType<typeof createScanService> } = {}
  const journalRef: { current?: ReturnType<typeof createJournalService> } = {}
  const emit: EmitEvent = (name, payload) => {
    deps.emit(name, payload)
    if (name === 'session.changed') {
      void scanRef.current?.sessionChanged(payload as SessionState)
      void journalRef.current?.sessionChanged(ownerOf(payload as SessionState))
    }
    if (name === 'app.preferencesChanged')
      scanRef.current?.preferencesChanged(payload as { locale: 'nb' | 'en' | null })
  }
  const about = createAboutService(deps.about)
  const preferences = createPreferencesService({ dataDir: deps.dataDir, emit, log })
  const shell = createShellService({ external: ports.external })
  const environments = createEnvironmentsService({
    store: ports.keyValue('environments'),
    secrets: ports.secrets,
    fetch: ports.fetch,
    log,
  })
  const sandbox = createSandboxService({
    platformProcess: ports.platformProcess,
    dataDir: deps.dataDir,
    store: ports.keyValue('sandbox'),
    emit,
    log,
    env: process.env,
  })
  const now = deps.now ?? Date.now
  const oidc = createOidc({ fetch: ports.fetch, now })
  const vault = createTokenVault({ secrets: ports.secrets, store: ports.keyValue('vault'), log })
  const session = createSessionService({
    environments,
    sandbox,
    oidc,
    signInFlow: createSignInFlow({
      oidc,
      openBrowser: (url) => shell.openExternal(url),
      redirectMode: deps.redirectMode ?? (() => 'loopback'),
      log,
    }),
    vault,
    store: ports.keyValue('session'),
    fetch: ports.fetch,
    emit,
    log,
    now,
  })
  const companies = createCompaniesService({ api: () => session.api() })
  // Documents read on this computer (the scan station's before their upload, the review's files), kept per
  // company by content in the data folder.
  const localReading = createLocalReading({ dataDir: deps.dataDir, log })
  const sync = createSyncService({
    api: () => session.api(),
    fetch: ports.fetch,
    log,
    downloaded: (companyKey, fileId, bytes) => localReading.downloaded(companyKey, fileId, bytes),
  })
  const scan = createScanService({
    dataDir: deps.dataDir,
    emit,
    log,
    notifier: ports.notifier,
    dialogs: ports.dialogs,
    localReading,
    ...(deps.reveal ? { reveal: deps.reveal } : {}),
    api: () => session.api(),
    companies: () => companies.list(),
    locale: async () =>
      (await preferences.get()).locale ?? (/^(nb|nn|no)\b/i.test(deps.about.systemLocale()) ? 'nb' : 'en'),
  })
  scanRef.current = scan
  const journal = createJournalService({
    api: () => session.api(),
    staging: {
      dataDir: deps.dataDir,
      owner: async () => ownerOf(await session.get()),
      companies: () => companies.list(),
    },
  })
  journalRef.current = journal
  const review = createReviewService({ api: () => session.api() })
  const approvalFlows = createApprovalFlowService({ api: () => session.api() })
  const waitingApprovals = createWaitingApprovalsService({ api: () => session.api() })
  const approvalRules = createApprovalRulesService({ api: () => session.api() })
  const sales = createSalesService({ log })
  const adminUsers = createAdminUsersService({ api: () => session.api() })
  const colleague = createColleagueService({ api: () => session.api() })
  const factoring = createFactoringService({
    api: () => session.api(),
    store: ports.keyValue('factoring'),
    environment: async () => {
      const state = await session.get()
      return state.status === 'signedIn' ? state.environmentId : null
    },
  })
  const customFields = createCustomFieldsService({ api: () => session.api() })
  const handlers: Handlers = {
    'app.about': () => about.about(),
    'app.getPreferences': () => preferences.get(),
    'app.setPreferences': (change) => preferences.set(change),
    'shell.openExternal': (url) => shell.openExternal(url),
    'environments.list': () => environments.list(),
    'environments.probe': (url) => environments.probe(url),
    'environments.add': (input) => environments.add(input),
    'environments.remove': (id) => environments.remove(id),
    'sandbox.status': () => sandbox.status(),
    'sandbox.start': () => sandbox.start(),
    'session.get': () => session.get(),
    'session.signIn': (environmentId) => session.signIn(environmentId),
    'session.cancelSignIn': () => session.cancelSignIn(),
    'session.signOut': () => session.signOut(),
    'session.vaultInfo': () => session.vaultInfo(),
    'session.setPersistRefreshTokens': (persist) => session.setPersistRefreshTokens(persist),
    'companies.list': () => companies.list(),
    'companies.session': (companyKey) => companies.session(companyKey),
    'connection.probe': () => sync.probe(),
    'sync.pull': (companyKey, entity, from, options) => sync.pull(companyKey, entity, from, options),
    'sync.ids': (companyKey, entity, options) => sync.ids(companyKey, entity, options),
    'sync.row': (companyKey, entity, id) => sync.row(companyKey, entity, id),
    'outbox.execute': (companyKey, command) => sync.execute(companyKey, command),
    'outbox.executeBatch': (companyKey, commands) => sync.executeBatch(companyKey, commands),
    'files.download': (companyKey, fileId) => sync.download(companyKey, fileId),
    'files.ocr': (companyKey, fileId) => sync.ocr(companyKey, fileId),
    'files.readLocally': (companyKey, fileId) =>
      localReading.readFile(companyKey, fileId, () => sync.bytes(companyKey, fileId)),
    'scan.overview': () => scan.overview(),
    'scan.rows': (companyKey) => scan.rows(companyKey),
    'scan.addFolder': (input) => scan.addFolder(input),
    'scan.removeFolder': (id) => scan.removeFolder(id),
    'scan.setPolling': (id, mode) => scan.setPolling(id, mode),
    'scan.setSplitOnSeparators': (id, on) => scan.setSplitOnSeparators(id, on),
    'scan.separatorSheet': (locale) => scan.separatorSheet(locale),
    'scan.pages': (companyKey, id) => scan.pages(companyKey, id),
    'scan.split': (companyKey, id, cuts) => scan.split(companyKey, id, cuts),
    'scan.checkPath': (path) => scan.checkPath(path),
    'scan.chooseFolder': () => scan.chooseFolder(),
    'scan.scanNow': (id) => scan.scanNow(id),
    'scan.retry': (companyKey, id) => scan.retry(companyKey, id),
    'scan.cancel': (companyKey) => scan.cancel(companyKey),
    'scan.dropFiles': (companyKey, files) => scan.dropFiles(companyKey, files),
    'scan.dropUploads': (companyKey, tokens) => scan.dropUploads(companyKey, tokens),
    'scan.dropPaths': (companyKey, paths) => scan.dropPaths(companyKey, paths),
    'scan.showInFolder': (companyKey, id) => scan.showInFolder(companyKey, id),
    'journal.search': (companyKey, query) => journal.search(companyKey, query),
    'journal.entries': (companyKey, ids) => journal.entries(companyKey, ids),
    'journal.findBooking': (companyKey, entries, since) => journal.findBooking(companyKey, entries, since),
    'journal.uploadDocument': (companyKey, document) => journal.uploadDocument(companyKey, document),
    'journal.uploadStaged': (companyKey, token) => journal.uploadStaged(companyKey, token),
    'review.proposedRule': (companyKey, query) => review.proposedRule(companyKey, query),
    'review.history': (companyKey, invoiceId) => review.history(companyKey, invoiceId),
    'review.ledgerSuggestions': (companyKey, orgNumber) => review.ledgerSuggestions(companyKey, orgNumber),
    'approvals.flow': (companyKey, invoiceId) => approvalFlows.flow(companyKey, invoiceId),
    'approvals.waiting': (companyKeys, before) => waitingApprovals.waiting(companyKeys, before),
    'admin.approvalSetup': (companyKey) => approvalRules.setup(companyKey),
    'admin.saveApprovalRule': (companyKey, rule) => approvalRules.saveRule(companyKey, rule),
    'admin.saveThreshold': (companyKey, threshold) => approvalRules.saveThreshold(companyKey, threshold),
    'admin.saveLinkGroup': (companyKey, group) => approvalRules.saveLinkGroup(companyKey, group),
    'admin.ruleFor': (companyKey, question) => approvalRules.ruleFor(companyKey, question),
    'sales.invoicePdf': (request) => sales.invoicePdf(request),
    'admin.users': (companyKey) => adminUsers.users(companyKey),
    'admin.inviteUser': (companyKey, invitation) => adminUsers.invite(companyKey, invitation),
    'admin.addIdentity': (companyKey, identity) => adminUsers.addIdentity(companyKey, identity),
    'admin.setUserRoles': (companyKey, change) => adminUsers.setRoles(companyKey, change),
    'admin.removeAccess': (companyKey, removal) => adminUsers.removeAccess(companyKey, removal),
    'admin.activateUser': (companyKey, userId) => adminUsers.activate(companyKey, userId),
    'admin.office': () => adminUsers.office(),
    'admin.updatePermissions': (request) => adminUsers.updatePermissions(request),
    'admin.checkPermissions': (check) => adminUsers.checkPermissions(check),
    'admin.grantColleague': async (grant) => colleague.start(grant).job,
    'admin.grantProgress': async (id) => colleague.progress(id),
    'admin.factoringSetups': (companyKey) => factoring.overview(companyKey),
    'admin.activateFactoring': (companyKey, activation) => factoring.activate(companyKey, activation),
    'admin.deactivateFactoring': (companyKey) => factoring.deactivate(companyKey),
    'admin.customFields': (companyKey) => customFields.read(companyKey),
    'admin.defineCustomField': (companyKey, draft) => customFields.define(companyKey, draft),
    'admin.activateCustomField': (companyKey, field) => customFields.activate(companyKey, field),
  }
  return {
    handlers,
    about,
    preferences,
    shell,
    environments,
    sandbox,
    session,
    companies,
    sync,
    scan,
    journal,
    oidc,
    vault,
    /** Starts what runs in the background: the scan station (after a restored session). */
    async start() {
      await scan.start()
      await scan.sessionChanged(await session.get())
    },
    /** Stops what the services started (the Local sandbox's process, the scan watchers) when the app quits. */
    dispose: async () => {
      await scan.stop()
      await localReading.close()
      await sandbox.stop()
    },
  }
}
