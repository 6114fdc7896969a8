import { BridgeError, BridgeErrorCode, ExternalUrl } from '../../../common/bridge/contract.ts'
import type { ExternalOpener } from '../ports.ts'

export function createShellService(deps: { external: ExternalOpener }) {
  return {
    async openExternal(url: string): Promise<void> {
      // Checked here too: services are also called from inside main, not only through the bridge.
      if (!ExternalUrl.safeParse(url).success) {
        throw new BridgeError(BridgeErrorCode.InvalidArguments, 'Only http and https links can be opened', {
          url,
        })
      }
      await deps.external.openExternal(url)
    },
  }
}
