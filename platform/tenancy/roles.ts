// The roles a member holds in a company: what the models' access declarations are checked against.
import type { Sql } from '../db/store.ts'

/** Role names (lower case) of User `userId` in the company; a role row without a Role keeps its own name. */
export async function rolesOf(sql: Sql, companyId: number, userId: number): Promise<Set<string>> {
  const { rows } = await sql.query<{ name: string | null }>(
    `select lower(coalesce(r."Name", ur."SharedRoleName")) as name
       from "UserRole" ur left join "Role" r on r."ID" = ur."SharedRoleId"
      where ur."CompanyID" = $1 and ur."UserID" = $2 and ur."Deleted" = false`,
    [companyId, userId],
  )
  return new Set(rows.flatMap((r) => (r.name ? [r.name] : [])))
}
