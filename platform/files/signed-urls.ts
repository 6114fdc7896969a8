// Download URLs a browser or PDF viewer can open without a token: `<files_url>/api/download/<id>?key=
// <company key>&expires=<unix seconds>&signature=<hex HMAC-SHA256>`, valid for a short time. The key is
// kept in the database, so every process of one platform accepts the URLs of the others.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Sql } from '../db/store.ts'

/** How long a download URL works. */
export const DOWNLOAD_URL_TTL_SECONDS = 15 * 60

export interface UrlSigner {
  sign(companyKey: string, fileId: number, now?: number): Promise<{ expires: number; signature: string }>
  verify(
    companyKey: string,
    fileId: number,
    expires: number,
    signature: string,
    now?: number,
  ): Promise<boolean>
}

export function createUrlSigner(sql: Sql): UrlSigner {
  let secret: Promise<Buffer> | undefined
  const load = () =>
    (secret ??= (async () => {
      await sql.query('insert into file_url_key (id, secret) values (1, $1) on conflict (id) do nothing', [
        randomBytes(32).toString('hex'),
      ])
      const { rows } = await sql.query<{ secret: string }>('select secret from file_url_key where id = 1')
      return Buffer.from(rows[0]!.secret, 'hex')
    })().catch((err: unknown) => {
      secret = undefined
      throw err
    }))
  const mac = async (companyKey: string, fileId: number, expires: number) =>
    createHmac('sha256', await load())
      .update(`${companyKey.toLowerCase()}:${fileId}:${expires}`)
      .digest('hex')
  return {
    async sign(companyKey, fileId, now = Date.now()) {
      const expires = Math.floor(now / 1000) + DOWNLOAD_URL_TTL_SECONDS
      return { expires, signature: await mac(companyKey, fileId, expires) }
    },
    async verify(companyKey, fileId, expires, signature, now = Date.now()) {
      if (!Number.isInteger(expires) || expires < Math.floor(now / 1000)) return false
      if (!/^[0-9a-f]{64}$/.test(signature)) return false
      const expected = Buffer.from(await mac(companyKey, fileId, expires), 'hex')
      return timingSafeEqual(expected, Buffer.from(signature, 'hex'))
    },
  }
}
