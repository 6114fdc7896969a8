// What the sync engine needs from main, as one interface: the app implements it with bridge calls; tests
// implement it with the main-process services directly (integration) or with an in-memory platform (unit).
import type {
  ConnectionProbe,
  DownloadedFile,
  OutboxCommand,
  OutboxOutcome,
  PlatformRow,
  PullCheckpoint,
  PullOptions,
  PullPage,
  SyncEntity,
} from '@common/bridge/sync'
import { useBridge } from '@renderer/bridge'

export interface SyncTransport {
  probe(): Promise<ConnectionProbe>
  pull(companyKey: string, entity: SyncEntity, from: PullCheckpoint, options: PullOptions): Promise<PullPage>
  ids(companyKey: string, entity: SyncEntity, options: PullOptions): Promise<number[]>
  row(companyKey: string, entity: SyncEntity, id: number): Promise<PlatformRow | null>
  execute(companyKey: string, command: OutboxCommand): Promise<OutboxOutcome>
  download(companyKey: string, fileId: number): Promise<DownloadedFile>
  ocr(companyKey: string, fileId: number): Promise<unknown>
}

/** The app's transport: every call goes through the typed bridge to main, which holds the tokens. */
export function bridgeTransport(): SyncTransport {
  const bridge = useBridge()
  return {
    probe: () => bridge.call('connection.probe'),
    pull: (companyKey, entity, from, options) => bridge.call('sync.pull', companyKey, entity, from, options),
    ids: (companyKey, entity, options) => bridge.call('sync.ids', companyKey, entity, options),
    row: (companyKey, entity, id) => bridge.call('sync.row', companyKey, entity, id),
    execute: (companyKey, command) => bridge.call('outbox.execute', companyKey, command),
    download: (companyKey, fileId) => bridge.call('files.download', companyKey, fileId),
    ocr: (companyKey, fileId) => bridge.call('files.ocr', companyKey, fileId),
  }
}
