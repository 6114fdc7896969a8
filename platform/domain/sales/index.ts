// Sales domain (spec 2.4-2.10, 3.3, 4.3): computed invoice sums, invoicing with number, KID and booking,
// credit notes, and factoring (platform/domain/factoring.ts).
import type { ActionRequest, HookSet } from '../../model/hooks.ts'
import { registerFactoring } from '../factoring.ts'
import { registerInvoiceSums } from './invoice-sums.ts'
import { createCreditDraft, invoiceDraft } from './invoicing.ts'

const readInvoice = (req: ActionRequest, id: number) =>
  req.api.read(req.registry.require('CustomerInvoice'), id, { expand: 'Items' })

export function registerSales(hooks: HookSet): void {
  registerInvoiceSums(hooks)
  hooks.register('CustomerInvoice', {
    actions: {
      // spec 4.3: no body; answers the invoiced invoice with its items.
      invoice: {
        methods: ['POST', 'PUT'],
        target: 'entity',
        async handler(req) {
          await invoiceDraft(req, req.id!)
          return readInvoice(req, req.id!)
        },
      },
      // spec 3.3: no body; answers the new credit draft with its items.
      'create-credit-draft-invoice': {
        methods: ['PUT', 'POST'],
        target: 'entity',
        async handler(req) {
          return readInvoice(req, await createCreditDraft(req, req.id!))
        },
      },
    },
  })
  registerFactoring(hooks)
}
