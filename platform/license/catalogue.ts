// Contract types and their products (spec 2.18, 4.10): what a company's contract offers, which roles a
// product licenses, and which products and roles a new user gets by default.
import type { Sql } from '../db/store.ts'

export interface Product {
  id: number
  label: string
  name: string
  /** Comma-separated role names (spec 2.18). */
  listofroles: string
  defaultroles: string
  producttype: string
  productstatus: string
  ismandatoryproduct: boolean
  isdefaultproduct: boolean
  isperuser: boolean
}

export interface ProductRecord extends Product {
  initial_status: 'Accepted' | 'Pending'
  activation_endpoint: string | null
}

/** The product fields of spec 2.18, as the license server names them. */
export const PRODUCT_FIELDS: readonly (keyof Product)[] = [
  'id',
  'label',
  'name',
  'listofroles',
  'defaultroles',
  'producttype',
  'productstatus',
  'ismandatoryproduct',
  'isdefaultproduct',
  'isperuser',
]

export function roleList(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)
}

export async function findContractType(
  sql: Sql,
  type: string,
): Promise<{ id: number; name: string } | undefined> {
  const byId = /^\d{1,9}$/.test(type)
  const { rows } = await sql.query<{ id: number; name: string }>(
    byId
      ? 'select id, name from license_contract_type where id = $1'
      : 'select id, name from license_contract_type where lower(name) = lower($1)',
    [byId ? Number(type) : type],
  )
  return rows[0]
}

export async function contractProducts(sql: Sql, contractTypeId: number): Promise<ProductRecord[]> {
  const { rows } = await sql.query<ProductRecord>(
    `select p.* from license_product p
       join license_contract_product cp on cp.product_id = p.id
      where cp.contract_type_id = $1
      order by p.id`,
    [contractTypeId],
  )
  return rows
}

export async function findProduct(sql: Sql, id: number): Promise<ProductRecord | undefined> {
  if (!Number.isInteger(id) || id < 1 || id > 2147483647) return undefined
  const { rows } = await sql.query<ProductRecord>('select * from license_product where id = $1', [id])
  return rows[0]
}

export async function allProducts(sql: Sql): Promise<ProductRecord[]> {
  return (await sql.query<ProductRecord>('select * from license_product order by id')).rows
}

/** The contract type of a company (Company.ContractType); companies without one have Standard. */
export async function companyContractType(sql: Sql, companyId: number): Promise<number> {
  const { rows } = await sql.query<{ ContractType: number | null }>(
    'select "ContractType" from "Company" where "ID" = $1',
    [companyId],
  )
  return rows[0]?.ContractType ?? 3
}

/**
 * What a new user of a company gets (spec 4.10): the default (and mandatory) live products of the
 * company's contract type, and the default roles of those products.
 */
export async function defaultsFor(
  sql: Sql,
  companyId: number,
): Promise<{ products: ProductRecord[]; roles: string[] }> {
  const products = (await contractProducts(sql, await companyContractType(sql, companyId))).filter(
    (p) => (p.isdefaultproduct || p.ismandatoryproduct) && p.productstatus === 'Live' && p.isperuser,
  )
  const roles = [...new Set(products.flatMap((p) => roleList(p.defaultroles)))]
  return { products, roles }
}
