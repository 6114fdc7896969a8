// KIDs of customer invoices from a PaymentInfoType (spec 2.9, 2.11, 8; field notes "Customer invoices,
// KID, factoring"): parts in SortIndex order, macros filled from the invoice, numeric parts left-padded
// to their Length, the check digit last, total length `Length`.
import { buildKid, type KidPart } from '../../../common/norwegian.ts'
import type { Sql } from '../../db/store.ts'
import { PlatformError } from '../../errors.ts'

export interface KidType {
  ID: number
  Name: string | null
  Length: number
  Modulus: number | null
  HasKid: boolean
  parts: KidPart[]
}

export async function loadKidType(sql: Sql, companyId: number, id: number): Promise<KidType | undefined> {
  const { rows } = await sql.query<Record<string, unknown>>(
    `select "ID", "Name", "Length", "Modulus", "HasKid" from "PaymentInfoType"
      where "CompanyID" = $1 and "ID" = $2 and "Deleted" = false`,
    [companyId, id],
  )
  const t = rows[0]
  if (!t) return undefined
  const { rows: parts } = await sql.query<{ Part: string; Length: number; SortIndex: number }>(
    `select "Part", "Length", "SortIndex" from "PaymentInfoTypePart"
      where "CompanyID" = $1 and "PaymentInfoTypeID" = $2 and "Deleted" = false order by "SortIndex", "ID"`,
    [companyId, id],
  )
  return {
    ID: Number(t.ID),
    Name: (t.Name as string | null) ?? null,
    Length: Number(t.Length),
    Modulus: t.Modulus === null ? null : Number(t.Modulus),
    HasKid: t.HasKid !== false,
    parts: parts.map((p) => ({ Part: p.Part, Length: Number(p.Length), SortIndex: Number(p.SortIndex) })),
  }
}

/**
 * The KID type an invoice uses when it names none: the company's first active Regular type (Type 1,
 * StatusCode 42400) that is not a factoring setup's.
 */
export async function defaultKidTypeId(sql: Sql, companyId: number): Promise<number | undefined> {
  const { rows } = await sql.query<{ ID: number }>(
    `select p."ID" from "PaymentInfoType" p
      where p."CompanyID" = $1 and p."Deleted" = false and p."StatusCode" = 42400 and p."Type" = 1 and p."HasKid" = true
        and not exists (select 1 from "FactoringSettings" f where f."CompanyID" = p."CompanyID"
                         and f."FactoringPaymentInfoTypeID" = p."ID")
      order by p."ID" limit 1`,
    [companyId],
  )
  return rows[0] ? Number(rows[0].ID) : undefined
}

/** Values of the macros an invoice KID can use. */
export interface KidValues {
  invoice_number: string
  customer_number: string
  /** Factoring setups (spec 2.11 example parts): the customer reference at the factoring company. */
  kid_prefix?: string
  /** Factoring setups: the document kind, 0 invoice, 1 credit note. */
  kid_code?: string
}

/** Builds the KID; a value that does not fit its part refuses the invoicing (400) with the reason. */
export function invoiceKid(type: KidType, values: KidValues): string | null {
  if (!type.HasKid || type.parts.length === 0) return null
  try {
    return buildKid(type.Length, type.parts, values as unknown as Record<string, string>)
  } catch (err) {
    throw new PlatformError(
      'BAD_REQUEST',
      `The KID of payment info type ${type.ID} (${type.Name ?? 'unnamed'}) cannot be built: ${(err as Error).message}`,
    )
  }
}
