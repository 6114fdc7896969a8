// Rows the dom tests share: the one company most of them work in, its supplier Havbris AS, and a custom
// field of supplier invoices.
import type { CustomFieldDefinition } from '@common/bridge/admin-fields'
import type { Company } from '@common/bridge/contract'
import type { PlatformRow } from '@common/bridge/sync'
import { CustomFieldStatus } from '@common/status'

export const nordlys: Company = {
  ID: 1,
  Name: 'Nordlys Bakeri AS',
  Key: 'nordlys',
  IsTest: false,
  OrganizationNumber: '924956488',
}

/** Havbris AS (supplier 5 of Nordlys), as main's pull answers it. */
export const havbris: PlatformRow = {
  ID: 5,
  UpdatedAt: '2026-10-01T10:00:00.000Z',
  StatusCode: 30001,
  SupplierNumber: 200001,
  Info: { Name: 'Havbris AS' },
}

/** An active custom field of supplier invoices. */
export const invoiceField = (
  Name: string,
  kind: CustomFieldDefinition['kind'],
  Nullable = true,
): CustomFieldDefinition => ({
  model: 'SupplierInvoice',
  Name,
  ID: 7,
  DataType: kind,
  kind,
  Nullable,
  StatusCode: CustomFieldStatus.Active,
})
