// The local platform as a library: `startPlatform` opens the store, migrates and seeds it, and serves
// the API, the identity server and the other servers on one port. It listens first, so the URLs
// (and with them the identity server's issuer) are known before anything else is configured. With a
// public URL those URLs name it instead of the listening address (platform/public-url.ts).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify'
import { migrate, schemaFingerprint } from './db/migrate.ts'
import { openStore, type Store } from './db/store.ts'
import { databaseTemplate, isNewDatabaseDir } from './db/template.ts'
import { registerApprovals } from './domain/approvals/index.ts'
import { registerCommentRoutes, registerComments } from './domain/comments.ts'
import { registerLedgerSuggestionRoutes } from './domain/ledger-suggestions.ts'
import { createCustomFieldCache, registerCustomFieldHooks } from './domain/custom-fields.ts'
import { registerEntityLocks } from './domain/entity-locks.ts'
import { registerJournal } from './domain/journal/index.ts'
import { registerSales } from './domain/sales/index.ts'
import { registerSupplierInvoices } from './domain/supplier-invoices.ts'
import { transitionEntities } from './domain/transitions.ts'
import { registerPurchaseRoutes, registerPurchases } from './domain/purchases/index.ts'
import { registerUserRoutes, registerUsers } from './domain/users/index.ts'
import { registerEvents, startEvents } from './events/index.ts'
import { registerFileRoutes, registerFiles } from './files/routes.ts'
import { openFileStorage } from './files/open-storage.ts'
import type { FileStoreConfig } from './files/storage.ts'
import { createIdentity } from './identity/index.ts'
import { createSignInGuard } from './identity/sign-in.ts'
import { registerLicenseRoutes, startLicenseWorker } from './license/index.ts'
import { hooks } from './model/hooks.ts'
import { collectGarbage } from '../document-reader/memory.ts'
import { closeReader } from '../document-reader/reader-host.ts'
import { registry } from './registry/index.ts'
import type { Registry } from './registry/registry.ts'
import { registerBizRoutes } from './routes/biz.ts'
import type { PlatformContext, PlatformUrls } from './routes/context.ts'
import { endpointSet, registerDiscoveryRoutes } from './routes/discovery.ts'
import { registerErrorHandling } from './routes/errors.ts'
import { registerStatisticsRoute } from './routes/statistics.ts'
import { createRecorder, registerDocumentedSurface, type SurfaceRecorder } from './surface/enforce.ts'
import { publicBaseUrl } from './public-url.ts'
import { seedSystem } from './seed/system.ts'
import { registerSessionActions } from './tenancy/session.ts'
import { registerRoleCache } from './tenancy/roles.ts'
import { createTenantCache, registerTenancy } from './tenancy/tenancy.ts'
import { registerUserAdminRules } from './tenancy/user-admin.ts'

export interface PlatformOptions {
  /** 0 picks a free port. Default 4100. */
  port?: number
  host?: string
  /**
   * The address clients reach the platform at when it is not the listening address (behind TLS termination
   * or a reverse proxy): `https://ledger.example.no/`. Every URL the platform hands out names it: the endpoint
   * set, the identity server's issuer and endpoints, the `AppFramework` claim, download links, `ApiBaseUrl`.
   * http or https, no path, query or fragment. Default: `http://HOST:PORT/`.
   */
  publicUrl?: string
  /** Holds `db/` (embedded database) and `identity/` (signing keys). */
  dataDir: string
  /** Seed of a new database: the demo bookkeeping office (default) or nothing but system data. */
  seed?: 'demo' | 'empty'
  /** postgres://... runs on a PostgreSQL server instead of the embedded database. */
  databaseUrl?: string
  /** Access-token lifetime in seconds (default 3600). */
  tokenTtl?: number
  /** Fastify logger option; default warnings and errors (unexpected failures are logged with context). */
  logger?: FastifyServerOptions['logger']
  /** Embedded database only: trade durability for speed (tests, benchmarks). */
  relaxedDurability?: boolean
  /**
   * Where uploaded file bytes live (files/storage.ts): the data directory (default, one process), PostgreSQL
   * (`{ kind: 'postgres' }`, with databaseUrl) or an S3-compatible store; the last two serve several processes.
   */
  files?: FileStoreConfig
  /**
   * How long a process may hold a document-reading job without renewing its claim (default 30 s; renewed every
   * third of it while the reading runs). Another process takes over a job whose lease ran out: its process died.
   */
  jobLeaseMs?: number
  /** Largest file the file server accepts, in bytes (default 50 MB); larger uploads answer 413. */
  maxUploadBytes?: number
  /** First retry delay of a failed webhook or purchase-event POST, doubled per retry (default 1000 ms). */
  webhookRetryBaseMs?: number
  /** Time allowed for one webhook or purchase-event POST (default 10 s). */
  webhookTimeoutMs?: number
  /** Attempts before a webhook or purchase-event delivery is marked failed (default 10). */
  webhookMaxAttempts?: number
  /**
   * Host names, addresses and CIDR ranges webhooks and purchase events are POSTed to although they are
   * loopback, link-local, private or otherwise internal: for local testing only (`['127.0.0.1', 'localhost']`).
   * Default none: a delivery to an internal address is refused and its log says why (events/outbound-address.ts).
   */
  webhookAllowHosts?: readonly string[]
  /**
   * Embedded database only: the folder of database templates (db/template.ts). A new database is loaded from
   * the template of this schema when there is one, and leaves one behind when there is not. Without it every
   * new database runs initdb and the schema.
   */
  templateDir?: string
  /** Called as each start-up phase ends, with its name (`store`, `schema`, `seed`, ...); for timing the start. */
  onPhase?: (phase: string) => void
  /**
   * `documented`: answer only what the spec and field notes document, as the real cloud would be read from
   * them (surface/enforce.ts); `full` (default): the local platform's whole, more generous surface.
   */
  surface?: 'full' | 'documented'
  /** With the documented surface: append each undocumented use, once, as a JSON line to this file. */
  recordUndocumented?: string
  /** `none`: `ocranalyse` answers as a cloud OCR that read nothing of the document (files/routes.ts). */
  ocrAnswers?: 'full' | 'none'
  /**
   * The clock of sign-in back-off and locks (milliseconds since the epoch; default the real one). Tests move it
   * forward to let a lock run out.
   */
  signInClock?: () => number
}

export interface Platform {
  /** The URLs clients are told: under the public URL when one is set, else under the listening address. */
  urls: PlatformUrls
  /** Where the server listens, `http://HOST:PORT/` (the same as `urls.base` without a public URL). */
  listenUrl: string
  /** The endpoint set of spec 2.1, as /api/endpoints answers it. */
  endpoints: Record<string, string>
  store: Store
  registry: Registry
  /** With the documented surface: the undocumented uses recorded so far. */
  undocumented?: SurfaceRecorder
  close(): Promise<void>
}

/** The advisory lock (PostgreSQL) held while a process migrates and seeds: its own number, "LDSK". */
const START_LOCK = 0x4c44534b

/** Platforms open in this process: the document reader is shared and ends with the last of them. */
let openPlatforms = 0

let systemHooksRegistered = false
function registerSystemHooks(): void {
  if (systemHooksRegistered) return
  systemHooksRegistered = true
  registerCustomFieldHooks(hooks)
  registerSessionActions(hooks)
  registerUserAdminRules(hooks)
  registerEvents(hooks)
  registerUsers(hooks)
  registerPurchases(hooks)
  registerJournal(hooks)
  registerApprovals(hooks)
  registerSupplierInvoices(hooks)
  registerSales(hooks)
  registerEntityLocks(hooks)
  registerComments(hooks)
  registerFiles(hooks)
  registerRoleCache(hooks)
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve(server.address() as AddressInfo)
    })
  })
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1'
  return host.includes(':') ? `[${host}]` : host
}

export async function startPlatform(options: PlatformOptions): Promise<Platform> {
  registerSystemHooks()
  const phase = options.onPhase ?? (() => {})
  const host = options.host ?? '127.0.0.1'
  let publicBase: string | undefined
  if (options.publicUrl !== undefined) {
    try {
      publicBase = publicBaseUrl(options.publicUrl)
    } catch (err) {
      throw new Error(`publicUrl ${(err as Error).message}`)
    }
  }
  const httpServer = createServer()
  // An idle keep-alive connection is kept longer than clients keep theirs (undici takes the server's hint
  // less a second; browsers keep about a minute). With Node's default of 5 s, a request sent just as the
  // server closed the idle connection met ECONNRESET, most often on a busy machine whose timers run late.
  httpServer.keepAliveTimeout = 65_000
  httpServer.headersTimeout = 66_000
  const address = await listen(httpServer, options.port ?? 4100, host)
  const listenUrl = `http://${urlHost(host)}:${address.port}/`
  const base = publicBase ?? listenUrl
  const urls: PlatformUrls = {
    base,
    auth: `${base}identity`,
    files: `${base}files`,
    license: `${base}license`,
    licenseAdmin: `${base}license-admin`,
  }
  openPlatforms++
  const closers: (() => Promise<void>)[] = [
    async () => {
      if (--openPlatforms === 0) await closeReader(true)
    },
    () =>
      new Promise<void>((resolve) => {
        httpServer.closeAllConnections()
        httpServer.close(() => resolve())
      }),
  ]
  const closeAll = async () => {
    for (const close of closers.reverse()) await close().catch(() => {})
  }
  try {
    const dbDir = join(options.dataDir, 'db')
    const template =
      options.templateDir && !options.databaseUrl && isNewDatabaseDir(dbDir)
        ? databaseTemplate(options.templateDir, schemaFingerprint(registry))
        : undefined
    const fromTemplate = template?.extractInto(dbDir) ?? false
    const store = await openStore({
      dataDir: dbDir,
      databaseUrl: options.databaseUrl,
      relaxedDurability: options.relaxedDurability,
    })
    closers.push(() => store.close())
    phase(fromTemplate ? 'store-from-template' : 'store')
    // Several processes starting on one PostgreSQL database migrate and seed it one at a time.
    const exclusive = <T>(fn: () => Promise<T>) => (store.exclusive ? store.exclusive(START_LOCK, fn) : fn())
    const files = await openFileStorage(options.files ?? { kind: 'disk' }, store, options.dataDir)
    const fresh = await exclusive(async () => {
      await migrate(store, registry)
      // The first new database of this schema leaves its empty, migrated state behind for the next ones.
      if (template && !fromTemplate && store.dumpDataDir) {
        await template.save(await store.dumpDataDir()).catch((err: unknown) => {
          console.error(`platform: the database template could not be kept in ${template.path}:`, err)
        })
      }
      phase('schema')
      return store.transaction(async (tx) => {
        const created = await seedSystem(tx, registry)
        if (created && (options.seed ?? 'demo') === 'demo') {
          // The demo seed and what it draws its PDFs with (pdf-lib, fontkit, canvas) load only for a new
          // database: a restart does not pay for them.
          const [
            { seedDemo },
            { seedDemoApprovals },
            { seedDemoReview },
            { seedDemoContacts },
            { seedDemoOfficeMemory },
            { seedDemoDocuments },
          ] = await Promise.all([
            import('./seed/demo.ts'),
            import('./seed/demo-approvals.ts'),
            import('./seed/demo-review.ts'),
            import('./seed/demo-contacts.ts'),
            import('./seed/demo-office-memory.ts'),
            import('./seed/demo-documents.ts'),
          ])
          phase('seed-system')
          await seedDemo(tx, registry)
          phase('seed-demo')
          await seedDemoApprovals(tx, registry, { hooks, files })
          phase('seed-approvals')
          await seedDemoReview(tx, registry, { hooks, files })
          await seedDemoContacts(tx, registry, { hooks })
          await seedDemoOfficeMemory(tx, registry, { hooks, files })
          // Last: every supplier invoice the seeds above left without a document gets its own PDF.
          await seedDemoDocuments(tx, registry, { hooks, files })
        }
        return created
      })
    })
    phase('seed')

    const signIns = createSignInGuard({ now: options.signInClock })
    const identity = await createIdentity({
      store,
      signIns,
      dataDir: join(options.dataDir, 'identity'),
      issuer: urls.auth,
      apiBaseUrl: base,
      fixedOrigin: publicBase !== undefined,
      tokenTtl: options.tokenTtl ?? 3600,
    })
    closers.push(() => identity.close())
    phase('identity')

    const app = Fastify({
      logger: options.logger ?? { level: 'warn' },
      serverFactory: (handler: (req: IncomingMessage, res: ServerResponse) => void) => {
        httpServer.on('request', handler)
        return httpServer
      },
      bodyLimit: 20 * 1024 * 1024,
      // spec 4.5 and 4.8 write some routes with a slash before the query (`suppliers/?expand=info`).
      routerOptions: { ignoreTrailingSlash: true },
    })
    closers.push(() => app.close())
    const pc: PlatformContext = {
      store,
      registry,
      hooks,
      urls,
      customFields: createCustomFieldCache({ keep: store.kind !== 'postgres' }),
      tenants: createTenantCache(),
      transitionEntities: await transitionEntities(store),
      signIns,
    }
    registerErrorHandling(app)
    const undocumented =
      options.surface === 'documented' ? createRecorder(options.recordUndocumented) : undefined
    if (undocumented) registerDocumentedSurface(app, pc, undocumented)
    registerTenancy(app, store, (token) => identity.verifyAccessToken(token), pc.tenants)
    registerDiscoveryRoutes(app, pc)
    registerStatisticsRoute(app, pc)
    registerUserRoutes(app, pc)
    registerPurchaseRoutes(app, pc)
    registerLicenseRoutes(app, pc, (token) => identity.verifyAccessToken(token))
    registerFileRoutes(app, pc, {
      storage: files,
      jobLeaseMs: options.jobLeaseMs,
      maxUploadBytes: options.maxUploadBytes,
      verify: (token) => identity.verifyAccessToken(token),
      ...(options.ocrAnswers ? { ocrAnswers: options.ocrAnswers } : {}),
    })
    registerCommentRoutes(app, pc)
    registerLedgerSuggestionRoutes(app, pc)
    registerBizRoutes(app, pc)
    await identity.register(app)
    await app.ready()
    phase('routes')
    const events = startEvents(store, {
      retryBaseMs: options.webhookRetryBaseMs,
      timeoutMs: options.webhookTimeoutMs,
      maxAttempts: options.webhookMaxAttempts,
      allowHosts: options.webhookAllowHosts,
      log: app.log,
    })
    closers.push(() => events.stop())
    closers.push(startLicenseWorker(pc, app.log))
    // A new embedded database is created by a second, temporary PostgreSQL instance (initdb) whose
    // WebAssembly memory and data-directory image (several hundred MB) are garbage once it closed. Measured
    // with the demo seed: 733 -> 400 MB resident right after the first start. One collection, once.
    if (fresh) collectGarbage()
    phase('workers')
    ;(app.log as FastifyBaseLogger).info({ urls, listenUrl }, 'platform ready')

    let closed: Promise<void> | undefined
    return {
      urls,
      listenUrl,
      endpoints: endpointSet(urls),
      store,
      registry,
      ...(undocumented ? { undocumented } : {}),
      close: () => (closed ??= closeAll()),
    }
  } catch (err) {
    await closeAll()
    throw err
  }
}
