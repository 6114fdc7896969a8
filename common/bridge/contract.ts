// The bridge contract: every call the renderer may make to main and every event main may send.
// One definition (with the plain name lists in names.ts) serves the preload, main (argument validation
// before a service runs), the browser-mode WebSocket host, and the renderer's typed useBridge().
import { z } from 'zod'
import type { CallName, EventName } from './names.ts'
import { journalCalls } from './journal.ts'
import { reviewCalls } from './review.ts'
import { approvalsCalls } from './approvals.ts'
import { adminCalls } from './admin.ts'
import { adminUsersCalls } from './admin-users.ts'
import { adminColleagueCalls, RoleTemplates } from './admin-colleague.ts'
import { adminFactoringCalls } from './admin-factoring.ts'
import { adminFieldsCalls } from './admin-fields.ts'
import { outboxCalls } from './outbox.ts'
import { syncCalls } from './sync.ts'
import { scanCalls, scanEvents } from './scan.ts'
import { salesCalls } from './sales.ts'
import { localReadingCalls } from './local-reading.ts'

export { callNames, eventNames, isCallName, isEventName, type CallName, type EventName } from './names.ts'

export const AboutInfo = z.object({
  appName: z.string(),
  appVersion: z.string(),
  /** How the app runs: the Electron desktop app or browser mode (Node host + a browser tab). */
  mode: z.enum(['electron', 'browser']),
  electronVersion: z.string().nullable(),
  nodeVersion: z.string(),
  chromeVersion: z.string().nullable(),
  platform: z.string(),
  arch: z.string(),
  dataDir: z.string(),
  locale: z.string(),
})
export type AboutInfo = z.infer<typeof AboutInfo>

export const Locale = z.enum(['nb', 'en'])
export type Locale = z.infer<typeof Locale>

export const Preferences = z.object({
  /** null follows the system locale. */
  locale: Locale.nullable(),
  /** The role sets the office keeps for a new colleague (Admin → New colleague), beside the built-in ones. */
  roleTemplates: RoleTemplates.optional(),
  /** "My clients": the companies the review desk spans; absent or null spans every company kept offline. */
  deskCompanies: z.array(z.string().min(1).max(200)).max(1000).nullable().optional(),
})
export type Preferences = z.infer<typeof Preferences>

/** An http(s) URL, the only kind main opens in the system browser. */
export const ExternalUrl = z.url({ protocol: /^https?$/ })

/** An environment the user can sign in to; secrets never cross the bridge. */
export const Environment = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['sandbox', 'custom']),
  baseUrl: z.string().nullable(),
  authUrl: z.string().nullable(),
  /**
   * Where the bulk permission route lives (spec 4.10 `{license_admin_url}`, ending with '/'): deployment
   * configuration that the endpoint set does not name. null: none configured (and for the Local sandbox,
   * whose platform tells it at start).
   */
  licenseAdminUrl: z.string().nullable(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
})
export type Environment = z.infer<typeof Environment>

export const EnvironmentList = z.object({ environments: z.array(Environment), lastUsedId: z.string() })
export type EnvironmentList = z.infer<typeof EnvironmentList>

/** What an address leads to, shown before the environment is saved. */
export const EnvironmentProbe = z.object({
  baseUrl: z.string().nullable(),
  authUrl: z.string(),
  issuer: z.string(),
  endpoints: z.record(z.string(), z.string()).nullable(),
  authorizationEndpoint: z.string(),
  tokenEndpoint: z.string(),
  revocationEndpoint: z.string().nullable(),
  scopesSupported: z.array(z.string()),
})
export type EnvironmentProbe = z.infer<typeof EnvironmentProbe>

export const NewEnvironment = z.object({
  name: z.string().trim().min(1).max(100),
  url: z.string().trim().min(1).max(2000),
  clientId: z.string().trim().min(1).max(200),
  clientSecret: z.string().max(2000).optional(),
  /** The license administration address (spec 4.10 `{license_admin_url}`); blank or absent: none. */
  licenseAdminUrl: z.string().trim().max(2000).optional(),
})
export type NewEnvironment = z.infer<typeof NewEnvironment>

export const SandboxStatus = z.discriminatedUnion('state', [
  z.object({ state: z.literal('stopped') }),
  z.object({ state: z.literal('starting') }),
  z.object({
    state: z.literal('ready'),
    baseUrl: z.string(),
    authUrl: z.string(),
    /** The platform's bulk-permission host (its `LicenseAdmin` line); null when it printed none. */
    licenseAdminUrl: z.string().nullable(),
  }),
  z.object({ state: z.literal('failed'), reason: z.string() }),
])
export type SandboxStatus = z.infer<typeof SandboxStatus>

export const SessionUser = z.object({
  GlobalIdentity: z.string(),
  DisplayName: z.string(),
  Email: z.string(),
  UserName: z.string(),
})
export type SessionUser = z.infer<typeof SessionUser>

/** Why the user is signed out (or why a sign-in ended), in the error shape of the bridge. */
export const SessionReason = z.object({ code: z.string(), message: z.string() })
export type SessionReason = z.infer<typeof SessionReason>

export const SessionState = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signedOut'), reason: SessionReason.nullable() }),
  z.object({ status: z.literal('signingIn'), environmentId: z.string() }),
  z.object({
    status: z.literal('signedIn'),
    environmentId: z.string(),
    environmentName: z.string(),
    user: SessionUser,
    /** The company chosen on the login server's company page, if it asked. */
    loginCompanyKey: z.string().nullable(),
  }),
])
export type SessionState = z.infer<typeof SessionState>

export const VaultInfo = z.object({
  backend: z.string(),
  weakBackend: z.boolean(),
  refreshTokens: z.enum(['encrypted', 'memory', 'weak-opted-in']),
})
export type VaultInfo = z.infer<typeof VaultInfo>

/** A company the signed-in user may open (spec 2.3, field notes). */
export const Company = z.object({
  ID: z.number(),
  Name: z.string(),
  Key: z.string(),
  IsTest: z.boolean(),
  OrganizationNumber: z.string().nullable(),
  /** The address the platform takes documents for the company at (spec 2.3); null when it has none. */
  FileFlowEmail: z.string().nullable().optional(),
})
export type Company = z.infer<typeof Company>

export const AppView = z.enum([
  'inbox',
  'review',
  'journal',
  'approvals',
  'sales',
  'contacts',
  'admin',
  'settings',
])
export type AppView = z.infer<typeof AppView>

/** The current-session answer for one company, and the views it offers. */
export const CompanySession = z.object({
  companyKey: z.string(),
  companyName: z.string(),
  user: SessionUser,
  /** The user's own User.ID in this company (it differs per company); null when the answer has none. */
  userId: z.number().int().nullable().optional(),
  /** When the user became a user of this company (their User row's CreatedAt); null when not told. */
  memberSince: z.string().nullable().optional(),
  permissions: z.array(z.string()),
  views: z.array(AppView),
  /** Views the platform refused this user in this company (a 403 on the view's first read), with its reason. */
  hiddenViews: z.array(z.object({ view: AppView, reason: z.string().max(2000) })).optional(),
  /** The Administrator role's reads answered here (spec 4.10): the company's admin sections are offered. */
  isAdmin: z.boolean().optional(),
  /** A license administrator of the office (spec 4.10, 5: `IsLicenseAdmin`) may change users' roles across companies. */
  isLicenseAdmin: z.boolean().optional(),
})
export type CompanySession = z.infer<typeof CompanySession>

/**
 * Calls: name -> [argument tuple schema, result schema]. Names say what the call does
 * (`app.about`, `approvals.approve`); arguments are validated in main before the service runs.
 */
export const calls = {
  'app.about': { args: z.tuple([]), result: AboutInfo },
  'app.getPreferences': { args: z.tuple([]), result: Preferences },
  'app.setPreferences': { args: z.tuple([Preferences.partial()]), result: Preferences },
  'shell.openExternal': { args: z.tuple([ExternalUrl]), result: z.void() },
  'environments.list': { args: z.tuple([]), result: EnvironmentList },
  'environments.probe': { args: z.tuple([z.string().trim().min(1).max(2000)]), result: EnvironmentProbe },
  'environments.add': { args: z.tuple([NewEnvironment]), result: Environment },
  'environments.remove': { args: z.tuple([z.string()]), result: EnvironmentList },
  'sandbox.status': { args: z.tuple([]), result: SandboxStatus },
  'sandbox.start': { args: z.tuple([]), result: SandboxStatus },
  'session.get': { args: z.tuple([]), result: SessionState },
  'session.signIn': { args: z.tuple([z.string()]), result: SessionState },
  'session.cancelSignIn': { args: z.tuple([]), result: SessionState },
  'session.signOut': { args: z.tuple([]), result: SessionState },
  'session.vaultInfo': { args: z.tuple([]), result: VaultInfo },
  'session.setPersistRefreshTokens': { args: z.tuple([z.boolean()]), result: VaultInfo },
  'companies.list': { args: z.tuple([]), result: z.array(Company) },
  'companies.session': { args: z.tuple([z.string().min(1).max(100)]), result: CompanySession },
  ...syncCalls,
  ...outboxCalls,
  ...scanCalls,
  ...journalCalls,
  ...reviewCalls,
  ...localReadingCalls,
  ...approvalsCalls,
  ...adminCalls,
  ...salesCalls,
  ...adminUsersCalls,
  ...adminColleagueCalls,
  ...adminFactoringCalls,
  ...adminFieldsCalls,
} as const satisfies Record<CallName, { args: z.ZodTuple; result: z.ZodType }>
// `satisfies Record<CallName, …>` makes a call missing here, or one not listed in names.ts, a type error.

const NotificationWords = z.object({ title: z.string(), body: z.string() })
/**
 * A notification in the user's language at the time, and where main can word it in every language the app
 * speaks, in each of them: a window that shows it as a toast follows a later change of language with it.
 */
export const AppNotification = NotificationWords.extend({
  languages: z.object({ nb: NotificationWords, en: NotificationWords }).optional(),
  /** Notifications of one tag are one on screen: a new one takes the place of the one still shown. */
  tag: z.string().max(200).optional(),
})
export type AppNotification = z.infer<typeof AppNotification>

/** Events: name -> payload schema. Names say what happened. */
export const events = {
  'app.preferencesChanged': Preferences,
  'shell.openUrlRequested': z.object({ url: ExternalUrl }),
  'app.notification': AppNotification,
  'session.changed': SessionState,
  'sandbox.statusChanged': SandboxStatus,
  ...scanEvents,
} as const satisfies Record<EventName, z.ZodType>

export type CallArgs<K extends CallName> = z.input<(typeof calls)[K]['args']>
/** Arguments as a service receives them, after the contract's schema parsed them. */
export type ParsedCallArgs<K extends CallName> = z.output<(typeof calls)[K]['args']>
export type CallResult<K extends CallName> = z.output<(typeof calls)[K]['result']>
export type EventPayload<K extends EventName> = z.output<(typeof events)[K]>

/** What every transport carries back for a call: the value, or the error as a value. */
export type BridgeResult<T = unknown> = { ok: true; value: T } | { ok: false; error: BridgeErrorShape }

/** Errors cross the bridge as values, never as bare strings. */
export const BridgeErrorShape = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
})
export type BridgeErrorShape = z.infer<typeof BridgeErrorShape>

/** Stable codes for errors that cross the bridge; services add their own domain codes. */
export const BridgeErrorCode = {
  InvalidArguments: 'BRIDGE_INVALID_ARGUMENTS',
  UnknownCall: 'BRIDGE_UNKNOWN_CALL',
  ForbiddenSender: 'BRIDGE_FORBIDDEN_SENDER',
  Disconnected: 'BRIDGE_DISCONNECTED',
  Timeout: 'BRIDGE_TIMEOUT',
  /** A message larger than the bridge carries (maxBridgeMessageBytes): not sent, or refused by the host. */
  MessageTooLarge: 'BRIDGE_MESSAGE_TOO_LARGE',
  /** Browser mode was opened without the host's per-run session secret. */
  NoSession: 'BRIDGE_NO_SESSION',
  /** A capability only the desktop app has (native file dialogs). */
  NotAvailableInBrowserMode: 'NOT_AVAILABLE_IN_BROWSER_MODE',
  Internal: 'INTERNAL',
} as const

export class BridgeError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
    this.name = 'BridgeError'
  }
  toShape(): BridgeErrorShape {
    return {
      code: this.code,
      message: this.message,
      ...(this.details === undefined ? {} : { details: this.details }),
    }
  }
  static from(shape: BridgeErrorShape): BridgeError {
    return new BridgeError(shape.code, shape.message, shape.details)
  }
}
