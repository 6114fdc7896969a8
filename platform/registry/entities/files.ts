// Files and their links to entities (spec 2.13, 4.5; field notes "Supplier invoices, files and OCR").
// A file is linked to an entity by entity type and id, so one file can serve several entities.
import type { EntityDef } from '../types.ts'
import { fields, model, one, many } from './define.ts'

export const fileEntities: EntityDef[] = [
  model({
    name: 'File',
    route: 'files',
    fields: fields(
      'Name:string',
      'Description:string',
      'StorageReference:string',
      'ContentLength:bigint',
      'Extension:string',
      'ContentType:string',
      'ClientId:string',
      'ExternalId:string',
      'Pages:int',
      // Hex SHA-256 of the bytes: the same scan uploaded twice is recognised.
      'Sha256:string',
      { name: 'PublicAvailableFile', type: 'bool', default: false },
      { name: 'ProcessedPercentage', type: 'int', default: 0 },
      { name: 'FullFileProcessed', type: 'bool', default: false },
      { name: 'IsMultipageFile', type: 'bool', default: false },
      'SplitFilePageList:string',
    ),
    relations: [many('EntityLinks', 'FileEntityLink', 'FileID')],
  }),
  model({
    name: 'FileEntityLink',
    route: 'fileentitylinks',
    fields: fields(
      'FileID:int',
      'EntityType:string',
      'EntityID:int',
      { name: 'IsAttachment', type: 'bool', default: true },
      'SubType:string',
    ),
    relations: [one('File', 'File')],
  }),
]
