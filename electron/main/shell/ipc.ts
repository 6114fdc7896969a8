// Bridge registration over IPC: one helper registers every contract call. Each call is answered only
// for the app's own top-level page; its arguments then go to the shared dispatcher.
import { BrowserWindow, ipcMain, type IpcMainInvokeEvent } from 'electron'
import {
  BridgeError,
  BridgeErrorCode,
  callNames,
  type BridgeResult,
} from '../../../common/bridge/contract.ts'
import { ipcCallChannel, ipcEventChannel } from '../../../common/bridge/ipc.ts'
import type { Dispatch } from '../bridge/dispatcher.ts'
import { isAllowedSender } from '../bridge/sender.ts'
import type { EmitEvent } from '../events.ts'
import type { Logger } from '../logger.ts'

export function registerBridge(dispatch: Dispatch, allowedOrigins: readonly string[], log: Logger): void {
  for (const name of callNames) {
    ipcMain.handle(
      ipcCallChannel(name),
      async (event: IpcMainInvokeEvent, ...args: unknown[]): Promise<BridgeResult> => {
        const frame = event.senderFrame
        // Only the top-level page: an embedded frame never speaks for the app, even on the app's origin.
        const topLevel = frame !== null && frame.parent === null
        if (!topLevel || !isAllowedSender(frame.url, allowedOrigins)) {
          log.warn('bridge: refused a call from a foreign frame', { name, url: frame?.url })
          const error = new BridgeError(
            BridgeErrorCode.ForbiddenSender,
            'This page may not use the Ledgerdesk bridge',
          )
          return { ok: false, error: error.toShape() }
        }
        return dispatch(name, args)
      },
    )
  }
}

export const emitToWindows: EmitEvent = (name, payload) => {
  for (const win of BrowserWindow.getAllWindows()) {
    if (!win.isDestroyed()) win.webContents.send(ipcEventChannel(name), payload)
  }
}
