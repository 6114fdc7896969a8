// The platform's model registry: every entity of the spec, declared once per area.
import { createRegistry } from './registry.ts'
import { systemEntities } from './entities/system.ts'
import { accountingEntities } from './entities/accounting.ts'
import { relationEntities } from './entities/relations.ts'
import { salesEntities } from './entities/sales.ts'
import { supplierInvoiceEntities } from './entities/supplier-invoices.ts'
import { approvalEntities } from './entities/approvals.ts'
import { eventEntities } from './entities/events.ts'
import { fileEntities } from './entities/files.ts'
import { licensingEntities } from './entities/licensing.ts'

export const registry = createRegistry([
  ...systemEntities,
  ...accountingEntities,
  ...relationEntities,
  ...salesEntities,
  ...supplierInvoiceEntities,
  ...approvalEntities,
  ...eventEntities,
  ...fileEntities,
  ...licensingEntities,
])
