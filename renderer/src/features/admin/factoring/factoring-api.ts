// What the factoring section asks of main (spec 4.4). Admin edits are online operations on the company's
// set-up, so they are bridge calls; the section takes this as a prop so its tests can answer as the
// platform does.
import type { FactoringActivation, FactoringOverview } from '@common/bridge/admin-factoring'
import { useBridge } from '@renderer/bridge'

export interface FactoringApi {
  overview(companyKey: string): Promise<FactoringOverview>
  activate(companyKey: string, activation: FactoringActivation): Promise<FactoringOverview>
  deactivate(companyKey: string): Promise<FactoringOverview>
}

export function bridgeFactoringApi(): FactoringApi {
  const bridge = useBridge()
  return {
    overview: (companyKey) => bridge.call('admin.factoringSetups', companyKey),
    activate: (companyKey, activation) => bridge.call('admin.activateFactoring', companyKey, activation),
    deactivate: (companyKey) => bridge.call('admin.deactivateFactoring', companyKey),
  }
}
