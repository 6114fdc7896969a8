// A file the user dropped or chose, read for the bridge: its bytes as base64 (browser mode carries them over
// the WebSocket; the desktop app's preload passes paths where it can).

export function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''))
    reader.onerror = () => reject(reader.error ?? new Error(`${file.name} could not be read`))
    reader.readAsDataURL(file)
  })
}

/** Whether a drag carries files (not text or a link). */
export const dragHasFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files')

/**
 * Elements that take dropped files themselves (a journal entry's attachments) carry this attribute; the
 * window-wide scan drop stands aside over them.
 */
export const dropTargetAttribute = 'data-drop-target'
export const overDropTarget = (e: Event) =>
  e.target instanceof Element && e.target.closest(`[${dropTargetAttribute}]`) !== null
