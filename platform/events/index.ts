// Eventplans and outbound events (spec 6): the Eventplan API rules and delivery log (hooks), the
// dispatcher that turns change events into webhook deliveries, and the durable delivery worker that
// also carries purchase events (spec 6.4) queued through `enqueueDelivery`.
import type { Store } from '../db/store.ts'
import type { HookSet } from '../model/hooks.ts'
import { startDeliveryWorker, type DeliveryOptions, type DeliveryWorker, type WorkerLog } from './delivery.ts'
import { dispatchChangeEvents } from './dispatcher.ts'
import { registerEventplans } from './eventplans.ts'

export {
  checkEndpoint,
  enqueueDelivery,
  listDeliveries,
  notifyDeliveries,
  redeliver,
  type DeliveryInput,
  type DeliveryKind,
  type DeliveryOptions,
} from './delivery.ts'

export function registerEvents(hooks: HookSet): void {
  registerEventplans(hooks)
}

const DISPATCH_BATCH = 200

/** Starts the dispatcher and the delivery worker of one platform; stop() before the store closes. */
export function startEvents(
  store: Store,
  options: DeliveryOptions & { log?: WorkerLog } = {},
): DeliveryWorker {
  return startDeliveryWorker(store, {
    ...options,
    beforeSend: async () =>
      (await dispatchChangeEvents(store, DISPATCH_BATCH, options.log)) >= DISPATCH_BATCH,
  })
}
