// Invoice: the draft supplier invoice, made once. Before it is made again after an interrupted run (or
// when another user on this station may have made it) the platform is asked for it by its scan mark.
// Where the platform creates suppliers only inside a draft, the draft is made under the supplier's lock,
// so that two files of one new supplier make one supplier (the second finds the one the first made).
import type { Station } from '../station.ts'
import type { StepRun } from './run.ts'
import { noteSupplier } from './supplier.ts'

export type InvoiceStation = Pick<
  Station,
  'platform' | 'record' | 'supplierNote' | 'unknownName' | 'withSupplierLock' | 'elsewhereOf'
>

export async function invoice(station: InvoiceStation, run: StepRun) {
  const { platform } = station
  const { companyKey, sha } = run
  // Another user may have made this content an invoice since this entry was taken (this user's
  // queue waited while they were signed in): then the platform is asked for it by its scan mark.
  const resumed = run.interrupted('invoice') || (await station.elsewhereOf(companyKey, sha)) !== undefined
  if (run.entry.started !== 'invoice') await run.record({ started: 'invoice' })
  let invoiceId = resumed ? await platform.findInvoice(companyKey, sha) : null
  run.check()
  const current = run.entry
  const create = (supplierId: number | null) =>
    platform.createInvoice(companyKey, {
      supplierId,
      ...(supplierId === null
        ? { unknownSupplierName: station.unknownName(), supplierNote: station.supplierNote() }
        : {}),
      fields: current.fields!,
      sha256: sha,
      fileName: current.name,
    })
  if (current.supplierId !== null) invoiceId ??= await create(current.supplierId)
  else {
    // The platform creates suppliers only inside a draft: under the supplier's lock.
    const fields = current.fields!
    const { made, byThisDraft } = await station.withSupplierLock(
      `${companyKey}/${fields.orgNumber ?? ''}`,
      async () => {
        const existing = fields.orgNumber
          ? await platform.findSupplier(companyKey, fields.orgNumber)
          : await platform.unknownSupplier(companyKey, station.unknownName())
        invoiceId ??= await create(existing)
        if (existing !== null) return { made: existing, byThisDraft: false }
        return { made: await platform.supplierOfInvoice(companyKey, invoiceId), byThisDraft: true }
      },
    )
    const entry = await run.record({ supplierId: made })
    // Noted as the station notes the suppliers it makes (an interrupted run's draft: asked first).
    if (made !== null && byThisDraft && current.supplierCreated && !entry.supplierNoted)
      await noteSupplier(station, run, made, !resumed)
  }
  await run.advance('link', { invoiceId: invoiceId!, started: null })
}
