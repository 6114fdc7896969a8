// The bridge area of Admin's custom fields (spec 2.16, 3.6, 4.11): what the section reads (the data types of
// the `customfieldsqltypes` value list, each offered model's id, and the custom fields the platform's rows
// carry) and the two online edits, define and activate. A refusal reaches the renderer as the client's
// ApiError, whose field problems name the body's properties (`Name`, `DataType`, `ModelID`).
import { z } from 'zod'
import { CUSTOM_FIELD_NAME, customFieldKinds, customFieldModels } from '../custom-values.ts'

const CompanyKey = z.string().min(1).max(100)
const Id = z.number().int().positive()

export const CustomFieldModel = z.enum(customFieldModels)
export const CustomFieldKind = z.enum(customFieldKinds)

/** An item of the `customfieldsqltypes` value list; `kind` null for an item spec 2.16 does not name. */
export const CustomFieldType = z.object({
  Code: z.string(),
  Name: z.string(),
  Description: z.string(),
  kind: CustomFieldKind.nullable(),
})
export type CustomFieldType = z.infer<typeof CustomFieldType>

/**
 * A custom field as the app knows it. The platform documents no list of custom fields, so a field is known
 * from two places: the answer to its definition on this computer (ID, data type, nullable, status), and the
 * `CustomValues` keys of the model's rows (spec 4.2: always returned; spec 2.16: an active field appears
 * there), which tell the name and that it is active, but not its type (`DataType`, `kind`, `Nullable` null).
 */
export const CustomFieldDefinition = z.object({
  model: CustomFieldModel,
  /** Without the `Custom` prefix: `Project` is `CustomValues.CustomProject`. */
  Name: z.string().min(1).max(100),
  ID: Id.nullable(),
  DataType: z.string().nullable(),
  kind: CustomFieldKind.nullable(),
  Nullable: z.boolean().nullable(),
  /** 110100 created, 110101 active (field notes); null when only seen on rows (so active). */
  StatusCode: z.number().int().nullable(),
})
export type CustomFieldDefinition = z.infer<typeof CustomFieldDefinition>

/** What the section reads for one company. */
export const CustomFieldsRead = z.object({
  types: z.array(CustomFieldType),
  /** Each offered model's id from `models?filter=name eq`; null where the platform has no such model. */
  models: z.array(z.object({ model: CustomFieldModel, ModelID: Id.nullable() })),
  /**
   * The custom field names seen on each model's rows; `readable` false for a model whose rows the spec
   * documents no list route for (its fields are then known only from their definition here).
   */
  seen: z.array(z.object({ model: CustomFieldModel, names: z.array(z.string()), readable: z.boolean() })),
})
export type CustomFieldsRead = z.infer<typeof CustomFieldsRead>

export const CustomFieldDraft = z.object({
  Name: z.string().regex(CUSTOM_FIELD_NAME),
  model: CustomFieldModel,
  ModelID: Id,
  /** The `Code` of a `customfieldsqltypes` item. */
  DataType: z.string().min(1).max(100),
  Nullable: z.boolean(),
})
export type CustomFieldDraft = z.infer<typeof CustomFieldDraft>

export const adminFieldsCalls = {
  'admin.customFields': { args: z.tuple([CompanyKey]), result: CustomFieldsRead },
  'admin.defineCustomField': { args: z.tuple([CompanyKey, CustomFieldDraft]), result: CustomFieldDefinition },
  'admin.activateCustomField': {
    args: z.tuple([CompanyKey, CustomFieldDefinition.extend({ ID: Id })]),
    result: CustomFieldDefinition,
  },
} as const
