// What the custom fields section asks of main (online calls, spec 4.11); a prop of the section so its tests
// answer as the platform does.
import type { CustomFieldDefinition, CustomFieldDraft, CustomFieldsRead } from '@common/bridge/admin-fields'
import { useBridge } from '@renderer/bridge'

export interface CustomFieldsApi {
  read(companyKey: string): Promise<CustomFieldsRead>
  define(companyKey: string, draft: CustomFieldDraft): Promise<CustomFieldDefinition>
  activate(companyKey: string, field: CustomFieldDefinition & { ID: number }): Promise<CustomFieldDefinition>
}

export function bridgeCustomFieldsApi(): CustomFieldsApi {
  const bridge = useBridge()
  return {
    read: (companyKey) => bridge.call('admin.customFields', companyKey),
    define: (companyKey, draft) => bridge.call('admin.defineCustomField', companyKey, draft),
    activate: (companyKey, field) => bridge.call('admin.activateCustomField', companyKey, field),
  }
}
