// oidc-provider's storage adapter on the `oidc_payload` table, so sessions, grants, codes and refresh
// tokens survive restarts. Works on both stores (PGlite and pg): plain SQL with a jsonb payload.
import type { Sql } from '../db/store.ts'

type Payload = Record<string, unknown> & { grantId?: string; userCode?: string; uid?: string }

interface Row {
  payload: Payload
  consumed_at: string | null
}

/** The model name under which a grant's chosen company is kept (removed with the grant's tokens). */
export const GRANT_COMPANY_MODEL = 'GrantCompany'

function expiry(expiresIn: number | undefined): string | null {
  return expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null
}

function withConsumed(row: Row | undefined): Payload | undefined {
  if (!row) return undefined
  if (!row.consumed_at) return row.payload
  return { ...row.payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) }
}

export function createAdapterClass(sql: Sql) {
  const findBy = async (model: string, column: 'id' | 'uid' | 'user_code', value: string) => {
    const { rows } = await sql.query<Row>(
      `select payload, consumed_at from oidc_payload
        where model = $1 and ${column} = $2 and (expires_at is null or expires_at > now())`,
      [model, value],
    )
    return withConsumed(rows[0])
  }

  return class PayloadAdapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      await sql.query(
        `insert into oidc_payload (model, id, payload, grant_id, user_code, uid, expires_at)
         values ($1, $2, $3::jsonb, $4, $5, $6, $7)
         on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
           user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
        [
          this.model,
          id,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.userCode ?? null,
          payload.uid ?? null,
          expiry(expiresIn),
        ],
      )
    }

    find(id: string): Promise<Payload | undefined> {
      return findBy(this.model, 'id', id)
    }

    findByUid(uid: string): Promise<Payload | undefined> {
      return findBy(this.model, 'uid', uid)
    }

    findByUserCode(userCode: string): Promise<Payload | undefined> {
      return findBy(this.model, 'user_code', userCode)
    }

    async consume(id: string): Promise<void> {
      await sql.query('update oidc_payload set consumed_at = now() where model = $1 and id = $2', [
        this.model,
        id,
      ])
    }

    async destroy(id: string): Promise<void> {
      await sql.query('delete from oidc_payload where model = $1 and id = $2', [this.model, id])
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await sql.query('delete from oidc_payload where model = $1 and grant_id = $2', [this.model, grantId])
    }
  }
}

/** Keeps the company chosen for a grant, so tokens issued from it (also after refresh) carry it. */
export async function saveGrantCompany(sql: Sql, grantId: string, companyKey: string, ttlSeconds: number) {
  await new (createAdapterClass(sql))(GRANT_COMPANY_MODEL).upsert(
    grantId,
    { grantId, companyKey },
    ttlSeconds,
  )
}

export async function grantCompany(sql: Sql, grantId: string): Promise<string | undefined> {
  const payload = await new (createAdapterClass(sql))(GRANT_COMPANY_MODEL).find(grantId)
  return typeof payload?.companyKey === 'string' ? payload.companyKey : undefined
}

/** Removes the company record with its grant (revocation calls every model's revokeByGrantId). */
export async function dropGrantCompany(sql: Sql, grantId: string): Promise<void> {
  await sql.query('delete from oidc_payload where model = $1 and grant_id = $2', [
    GRANT_COMPANY_MODEL,
    grantId,
  ])
}
