// Supplier: the invoice's supplier, found by its organisation number, else created with the station's
// note (in the user's language), under a lock per organisation number so that two files of one new
// supplier make one supplier. A file without an organisation number goes to the company's "unknown
// supplier". Where the platform creates suppliers only inside a draft, the invoice step makes it.
import type { Station } from '../station.ts'
import type { StepRun } from './run.ts'

export type SupplierStation = Pick<
  Station,
  'platform' | 'record' | 'supplierNote' | 'unknownName' | 'withSupplierLock'
>

export async function supplier(station: SupplierStation, run: StepRun) {
  const { platform } = station
  const { companyKey, sha } = run
  const fields = run.entry.fields!
  const ctx = run.entry
  const { supplierId, created } = await station.withSupplierLock(
    `${companyKey}/${fields.orgNumber ?? ''}`,
    async () => {
      if (!fields.orgNumber)
        return {
          supplierId: await platform.unknownSupplier(companyKey, station.unknownName()),
          created: false,
        }
      const found = await platform.findSupplier(companyKey, fields.orgNumber)
      if (found !== null) {
        // An interrupted run may have created it without its note: add the note once.
        if (ctx.supplierCreated && !ctx.supplierNoted) await noteSupplier(station, run, found, false)
        return { supplierId: found, created: ctx.supplierCreated }
      }
      await station.record(companyKey, sha, { supplierCreated: true })
      const id = await platform.createSupplier(companyKey, fields, station.supplierNote())
      // Null: the platform creates it with the draft (the invoice step), and it is noted then.
      if (id !== null) await noteSupplier(station, run, id, true)
      return { supplierId: id, created: true }
    },
  )
  await run.advance('invoice', { supplierId, supplierCreated: created })
}

/** The note on a supplier this run created, recorded once posted (ledger.ts `supplierNoted`). */
export async function noteSupplier(
  station: Pick<Station, 'platform' | 'record' | 'supplierNote'>,
  run: Pick<StepRun, 'companyKey' | 'sha'>,
  id: number,
  fresh: boolean,
) {
  await station.platform.markSupplier(run.companyKey, id, station.supplierNote(), fresh)
  await station.record(run.companyKey, run.sha, { supplierNoted: true })
}
