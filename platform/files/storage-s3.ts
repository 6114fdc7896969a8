// File bytes in an S3-compatible object store (`--files s3://bucket/prefix`), through the AWS SDK's S3 client
// (@aws-sdk/client-s3 v3). One object per content under `<prefix>/<first two hex digits>/<sha256>`; a PUT is
// all or nothing, so a half-written upload is never visible, and a HEAD first keeps the same bytes from being
// sent twice. Endpoint, region and credentials come from the SDK's usual environment variables:
// AWS_ENDPOINT_URL_S3 (or AWS_ENDPOINT_URL) for a store that is not AWS, AWS_REGION, AWS_ACCESS_KEY_ID and
// AWS_SECRET_ACCESS_KEY (or a profile). With an endpoint of its own the store is addressed path-style
// (`http://host/bucket/key`, what MinIO, Ceph and Garage expect) unless LEDGERDESK_S3_PATH_STYLE=0.
import { createReadStream } from 'node:fs'
import type { Readable } from 'node:stream'
import {
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { contentReference, spoolingStore, type FileStorage, type FileStoreConfig } from './storage.ts'

function clientFromEnvironment(env: NodeJS.ProcessEnv = process.env): S3Client {
  const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || undefined
  return new S3Client({
    // The SDK reads AWS_ENDPOINT_URL(_S3) itself too; naming it here lets path-style follow from it.
    ...(endpoint ? { endpoint } : {}),
    region: env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
    forcePathStyle: endpoint !== undefined && env.LEDGERDESK_S3_PATH_STYLE !== '0',
    // Checksums only where S3 requires them: many S3-compatible stores refuse the chunked uploads with
    // trailing checksums that newer SDKs send by default. AWS_REQUEST_CHECKSUM_CALCULATION overrides it.
    requestChecksumCalculation:
      env.AWS_REQUEST_CHECKSUM_CALCULATION === 'WHEN_SUPPORTED' ? 'WHEN_SUPPORTED' : 'WHEN_REQUIRED',
    responseChecksumValidation:
      env.AWS_RESPONSE_CHECKSUM_VALIDATION === 'WHEN_SUPPORTED' ? 'WHEN_SUPPORTED' : 'WHEN_REQUIRED',
  })
}

const missing = (err: unknown) =>
  err instanceof NotFound ||
  err instanceof NoSuchKey ||
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404

export function createS3FileStorage(
  config: Extract<FileStoreConfig, { kind: 's3' }>,
  spoolDir: string,
  client: S3Client = clientFromEnvironment(),
): FileStorage {
  const keyOf = (sha256: string) =>
    config.prefix ? `${config.prefix}/${contentReference(sha256)}` : contentReference(sha256)

  async function size(sha256: string): Promise<number | undefined> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: keyOf(sha256) }))
      return head.ContentLength ?? 0
    } catch (err) {
      if (missing(err)) return undefined
      throw err
    }
  }

  async function get(sha256: string) {
    const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: keyOf(sha256) }))
    if (!answer.Body) throw new Error(`no stored content ${sha256}`)
    return answer.Body
  }

  return spoolingStore(
    's3',
    spoolDir,
    async (upload) => {
      if ((await size(upload.sha256)) === upload.size) return false
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: keyOf(upload.sha256),
          Body: createReadStream(upload.tempPath),
          ContentLength: upload.size,
          ContentType: 'application/octet-stream',
        }),
      )
      return true
    },
    {
      async read(sha256) {
        return Buffer.from(await (await get(sha256)).transformToByteArray())
      },
      async open(sha256) {
        return (await get(sha256)) as unknown as Readable
      },
    },
  )
}
