// The preload: the page's only door to main. It exposes one named function per contract call and an
// event subscription limited to contract event names; the page never sees ipcRenderer or an IPC event.
import { contextBridge, ipcRenderer, webUtils } from 'electron'
import { ipcCallChannel, ipcEventChannel, type PreloadApi } from '../../common/bridge/ipc.ts'
import { callNames, isEventName, type CallName } from '../../common/bridge/names.ts'

const call = Object.fromEntries(
  callNames.map((name: CallName) => [
    name,
    (...args: unknown[]) => ipcRenderer.invoke(ipcCallChannel(name), ...args),
  ]),
) as unknown as PreloadApi['call']

const api: PreloadApi = {
  call,
  // A file dropped on the window: its path on disk, so main reads it there (the scan station).
  pathForFile: (file) => webUtils.getPathForFile(file),
  on(name, listener) {
    if (!isEventName(name)) throw new Error(`Unknown bridge event: ${String(name)}`)
    const channel = ipcEventChannel(name)
    const forward = (_event: Electron.IpcRendererEvent, payload: unknown) =>
      (listener as (p: unknown) => void)(payload)
    ipcRenderer.on(channel, forward)
    return () => {
      ipcRenderer.off(channel, forward)
    }
  },
}

contextBridge.exposeInMainWorld('ledgerdesk', api)
