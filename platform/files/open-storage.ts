// Opens the file store `--files` names (storage.ts); the S3 client loads only when it is used.
import { join } from 'node:path'
import type { Store } from '../db/store.ts'
import {
  createFileStorage,
  createPostgresFileStorage,
  type FileStorage,
  type FileStoreConfig,
} from './storage.ts'

export async function openFileStorage(
  config: FileStoreConfig,
  store: Store,
  dataDir: string,
): Promise<FileStorage> {
  if (config.kind === 'postgres') {
    if (store.kind !== 'postgres')
      throw new Error(
        '--files postgres needs --database postgres://...: the embedded database is one process',
      )
    return createPostgresFileStorage(store, dataDir)
  }
  if (config.kind === 's3') {
    const { createS3FileStorage } = await import('./storage-s3.ts')
    return createS3FileStorage(config, join(dataDir, 'files', 'tmp'))
  }
  return createFileStorage(dataDir)
}
