// The custom fields of one company as an administrator defines them (spec 2.16, 3.6, 4.11), through the
// spec's routes only: the data types from the `customfieldsqltypes` value list, each model's id from
// `models?filter=name eq`, POST custom-fields and `?action=activate`. The spec documents no route that lists
// custom fields, so what is defined is read from the `CustomValues` keys of one row of each model (spec 4.2:
// always returned; 2.16: an active field appears there) on the model's documented list route.
import type {
  CustomFieldDefinition,
  CustomFieldDraft,
  CustomFieldsRead,
  CustomFieldType,
} from '../../../../common/bridge/admin-fields.ts'
import {
  customFieldModels,
  kindOfTypeName,
  nameOfCustomKey,
  type CustomFieldModel,
} from '../../../../common/custom-values.ts'
import { CustomFieldStatus } from '../../../../common/status.ts'
import type { ApiClient } from '../api/client.ts'
import { quote } from '../../../../common/entities/declarations.ts'

type Row = Record<string, unknown>

/** The documented list route of each model's rows (spec 4.3, 4.5); none is documented for journal lines. */
const listRoutes: Record<CustomFieldModel, string | null> = {
  SupplierInvoice: 'supplierinvoices',
  Supplier: 'suppliers',
  Customer: 'customers',
  CustomerInvoice: 'invoices',
  JournalEntryLine: null,
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '')
const num = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v
  return typeof n === 'number' && Number.isFinite(n) ? n : null
}

export function toFieldType(item: Row): CustomFieldType {
  const Name = str(item.Name)
  return { Code: str(item.Code), Name, Description: str(item.Description), kind: kindOfTypeName(Name) }
}

/** The custom field names a row carries (`CustomValues: { CustomProject: … }` gives `Project`). */
export function customNamesOf(row: Row | undefined): string[] {
  const values = row?.CustomValues
  if (!values || typeof values !== 'object') return []
  return Object.keys(values).flatMap((key) => nameOfCustomKey(key) ?? [])
}

export function createCustomFieldsService(deps: { api(): Promise<ApiClient> }) {
  async function client(companyKey: string) {
    const api = await deps.api()
    return {
      get: <T>(path: string, query: Record<string, string | number | boolean> = {}) =>
        api.get<T>(`api/biz/${path}`, { companyKey, query }),
      post: <T>(path: string, body: unknown, query: Record<string, string> = {}) =>
        api.post<T>(`api/biz/${path}`, body, { companyKey, query }),
    }
  }
  type Client = Awaited<ReturnType<typeof client>>

  async function types(c: Client): Promise<CustomFieldType[]> {
    // spec 4.11, as written there.
    const lists = await c.get<Row[]>('valuelists', {
      expand: 'items',
      filter: "code eq 'customfieldsqltypes'",
      hateoas: false,
    })
    const items = (Array.isArray(lists) ? lists : []).flatMap((l) =>
      Array.isArray(l.Items) ? (l.Items as Row[]) : [],
    )
    return items.sort((a, b) => (num(a.Index) ?? 0) - (num(b.Index) ?? 0)).map(toFieldType)
  }

  return {
    async read(companyKey: string): Promise<CustomFieldsRead> {
      const c = await client(companyKey)
      const [typeList, models, seen] = await Promise.all([
        types(c),
        Promise.all(
          customFieldModels.map(async (model) => {
            const found = await c.get<Row[]>('models', { filter: `name eq ${quote(model)}` })
            return { model, ModelID: num(found[0]?.ID) }
          }),
        ),
        Promise.all(
          customFieldModels.map(async (model) => {
            const route = listRoutes[model]
            if (!route) return { model, names: [], readable: false }
            const rows = await c.get<Row[]>(route, { select: 'ID', top: 1 })
            return { model, names: customNamesOf(rows[0]), readable: true }
          }),
        ),
      ])
      return { types: typeList, models, seen }
    },

    async define(companyKey: string, draft: CustomFieldDraft): Promise<CustomFieldDefinition> {
      const c = await client(companyKey)
      const created = await c.post<Row>('custom-fields', {
        Name: draft.Name,
        ModelID: draft.ModelID,
        DataType: draft.DataType,
        Nullable: draft.Nullable,
      })
      const type = (await types(c)).find((t) => t.Code === draft.DataType)
      return {
        model: draft.model,
        Name: str(created.Name) || draft.Name,
        ID: Number(created.ID),
        DataType: draft.DataType,
        kind: type?.kind ?? null,
        Nullable: typeof created.Nullable === 'boolean' ? created.Nullable : draft.Nullable,
        StatusCode: num(created.StatusCode) ?? CustomFieldStatus.Created,
      }
    },

    async activate(
      companyKey: string,
      field: CustomFieldDefinition & { ID: number },
    ): Promise<CustomFieldDefinition> {
      const c = await client(companyKey)
      // spec 3.6: 200 when activated; the answer's body is not documented, the field notes name 110101 active.
      const answer = await c.post<Row | null | undefined>(`custom-fields/${field.ID}`, null, {
        action: 'activate',
      })
      const status = answer && typeof answer === 'object' ? num(answer.StatusCode) : null
      return { ...field, StatusCode: status ?? CustomFieldStatus.Active }
    },
  }
}
