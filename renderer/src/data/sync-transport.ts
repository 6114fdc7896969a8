// What the sync engine needs from main, as one interface: the app implements it with bridge calls
// (stores/sync.ts); tests with the main-process services directly (integration) or an in-memory platform.
import type { OutboxBatchResult, OutboxCommand, OutboxOutcome } from '@common/bridge/outbox'
import type {
  ConnectionProbe,
  DownloadedFile,
  PlatformRow,
  PullCheckpoint,
  PullOptions,
  PullPage,
  SyncEntity,
} from '@common/bridge/sync'

export interface SyncTransport {
  probe(): Promise<ConnectionProbe>
  pull(companyKey: string, entity: SyncEntity, from: PullCheckpoint, options: PullOptions): Promise<PullPage>
  ids(companyKey: string, entity: SyncEntity, options: PullOptions): Promise<number[]>
  row(companyKey: string, entity: SyncEntity, id: number): Promise<PlatformRow | null>
  execute(companyKey: string, command: OutboxCommand): Promise<OutboxOutcome>
  /** Several entries in one call (main sends runs of them as bulk requests); without it, one at a time. */
  executeBatch?(companyKey: string, commands: OutboxCommand[]): Promise<OutboxBatchResult>
  download(companyKey: string, fileId: number): Promise<DownloadedFile>
  ocr(companyKey: string, fileId: number): Promise<unknown>
}
