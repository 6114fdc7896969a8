// Custom fields (spec 2.16, 3.6, 4.11): a company adds a field to any model; once activated it
// appears on that model as `CustomValues.Custom<Name>`, typed by the `customfieldsqltypes` value list.
import { CustomFieldStatus } from '../../common/status.ts'
import type { Sql } from '../db/store.ts'
import { PlatformError } from '../errors.ts'
import { ActionResponse, type HookSet } from '../model/hooks.ts'
import type { CustomFieldType } from '../model/validate.ts'
import type { EntityDef } from '../registry/types.ts'

/** Value-list items of `customfieldsqltypes`; the GUID codes are fixed so clients may keep them. */
export const customFieldSqlTypes = [
  {
    Code: '7b3f0c52-1d6e-4a8f-9c21-5e0a4d1b7c01',
    Name: 'Small text field',
    Description: 'Text up to 255 characters',
    Index: 0,
    type: 'smalltext',
  },
  {
    Code: '7b3f0c52-1d6e-4a8f-9c21-5e0a4d1b7c02',
    Name: 'Text',
    Description: 'Text of any length',
    Index: 1,
    type: 'text',
  },
  {
    Code: '7b3f0c52-1d6e-4a8f-9c21-5e0a4d1b7c03',
    Name: 'Number',
    Description: 'Whole number',
    Index: 2,
    type: 'number',
  },
  {
    Code: '7b3f0c52-1d6e-4a8f-9c21-5e0a4d1b7c04',
    Name: 'Money',
    Description: 'Amount with two decimals',
    Index: 3,
    type: 'money',
  },
] as const satisfies readonly {
  Code: string
  Name: string
  Description: string
  Index: number
  type: CustomFieldType['type']
}[]

export const CUSTOM_FIELD_VALUE_LIST = 'customfieldsqltypes'

const typeByCode = new Map<string, CustomFieldType['type']>(customFieldSqlTypes.map((t) => [t.Code, t.type]))

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]{0,99}$/

/**
 * Active custom fields per company and model, read once and kept until a custom field changes. With `keep`
 * false (a PostgreSQL server, where another process may change them) they are read for every request.
 */
export interface CustomFieldCache {
  load(sql: Sql, companyId: number): Promise<(entity: EntityDef) => readonly CustomFieldType[]>
  invalidate(companyId: number): void
}

export function createCustomFieldCache(options: { keep?: boolean } = {}): CustomFieldCache {
  const keep = options.keep ?? true
  const cache = new Map<number, Promise<Map<string, CustomFieldType[]>>>()
  const read = async (sql: Sql, companyId: number) => {
    const { rows } = await sql.query<{ Name: string; DataType: string; ModelName: string }>(
      `select f."Name", f."DataType", m."Name" as "ModelName"
         from "CustomField" f join "Model" m on m."ID" = f."ModelID"
        where f."CompanyID" = $1 and f."Deleted" = false and f."StatusCode" = $2
        order by f."ID"`,
      [companyId, CustomFieldStatus.Active],
    )
    const byModel = new Map<string, CustomFieldType[]>()
    for (const r of rows) {
      const type = typeByCode.get(r.DataType)
      if (!type) continue
      const key = r.ModelName.toLowerCase()
      byModel.set(key, [...(byModel.get(key) ?? []), { name: r.Name, type }])
    }
    return byModel
  }
  return {
    async load(sql, companyId) {
      let p = keep ? cache.get(companyId) : undefined
      if (!p) {
        p = read(sql, companyId)
        if (keep) {
          cache.set(companyId, p)
          p.catch(() => cache.delete(companyId))
        }
      }
      const byModel = await p
      return (entity) => byModel.get(entity.name.toLowerCase()) ?? []
    },
    invalidate(companyId) {
      cache.delete(companyId)
    },
  }
}

/**
 * Rules of CustomField writes and the `activate` action (spec 3.6: 200 with the field; activating an
 * active field again is harmless). The status itself moves through the seeded `activate` transition.
 */
export function registerCustomFieldHooks(hooks: HookSet): void {
  hooks.register('CustomField', {
    async beforeWrite(e) {
      if (e.operation === 'D') return
      const v = e.values
      const merged = { ...e.before, ...v }
      if (e.operation === 'C') v.StatusCode = CustomFieldStatus.Created // spec 3.6
      if ('DataType' in v && !typeByCode.has(String(v.DataType))) {
        throw fieldError(
          'DataType',
          `DataType must be the Code of a '${CUSTOM_FIELD_VALUE_LIST}' value-list item (${[...typeByCode.keys()].join(', ')})`,
        )
      }
      if (
        e.operation === 'U' &&
        e.before?.StatusCode === CustomFieldStatus.Active &&
        ('DataType' in v || 'Name' in v || 'ModelID' in v)
      ) {
        throw new PlatformError(
          'BAD_REQUEST',
          'An active custom field cannot change its Name, ModelID or DataType',
        )
      }
      if ('Name' in v && !IDENTIFIER.test(String(v.Name))) {
        throw fieldError(
          'Name',
          'Name must start with a letter and hold only letters, digits and underscores (it becomes CustomValues.Custom<Name>)',
        )
      }
      if ('ModelID' in v) {
        const { rows } = await e.sql.query('select 1 from "Model" where "ID" = $1 and "Deleted" = false', [
          v.ModelID,
        ])
        if (!rows.length) throw fieldError('ModelID', `ModelID ${String(v.ModelID)} is not a model`)
      }
      if ('Name' in v || 'ModelID' in v) {
        const { rows } = await e.sql.query(
          `select 1 from "CustomField" where "CompanyID" = $1 and "ModelID" = $2 and lower("Name") = lower($3)
              and "Deleted" = false and "ID" <> $4`,
          [e.companyId, merged.ModelID, merged.Name, Number(e.before?.ID ?? 0)],
        )
        if (rows.length)
          throw fieldError('Name', `The model already has a custom field named ${String(merged.Name)}`)
      }
    },
    actions: {
      activate: {
        methods: ['POST', 'PUT'],
        target: 'entity',
        async handler(req) {
          const { rows } = await req.sql.query<{ StatusCode: number }>(
            'select "StatusCode" from "CustomField" where "CompanyID" = $1 and "ID" = $2 and "Deleted" = false',
            [req.companyId, req.id],
          )
          if (!rows[0]) throw new PlatformError('NOT_FOUND', `CustomField ${req.id} was not found`)
          if (rows[0].StatusCode !== CustomFieldStatus.Active) {
            await req.api.transition(req.entity, req.id!, 'activate')
          }
          return new ActionResponse(200, await req.api.read(req.entity, req.id!))
        },
      },
    },
  })
}

function fieldError(property: string, message: string): PlatformError {
  return new PlatformError('VALIDATION', message, {
    validationResults: {
      [property]: [{ PropertyName: property, EntityType: 'CustomField', Message: message }],
    },
  })
}
