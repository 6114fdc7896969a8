// Browser mode: a file's bytes go to one of the host's upload endpoints in one HTTP POST (the bridge socket
// carries messages of at most 1 MiB): a file dropped on the scan station, or a document attached to a journal
// draft. XMLHttpRequest rather than fetch, because only it reports how many
// bytes have gone out; the per-run secret travels in a header, so no other page can make this request.
import { BridgeError, BridgeErrorCode } from '@common/bridge/contract'
import { DropUpload } from '@common/bridge/scan'
import { dropUploadPath, journalDocumentUploadPath, sessionHeader } from '@common/bridge/wire'

export interface UploadOptions {
  /** The host's origin (the page's own). */
  origin: string
  secret: string
  companyKey: string
  file: File
  onProgress?: (sent: number) => void
  XMLHttpRequest?: typeof XMLHttpRequest
}

/** Sends a file dropped on the scan station; `scan.dropUploads` takes the answer's token. */
export const uploadDroppedFile = (options: UploadOptions) => uploadTo(dropUploadPath, options)

/** Sends a document attached to a journal draft; `journal.uploadStaged` takes the answer's token. */
export const uploadJournalDocument = (options: UploadOptions) => uploadTo(journalDocumentUploadPath, options)

function uploadTo(path: string, options: UploadOptions): Promise<DropUpload> {
  const Xhr = options.XMLHttpRequest ?? XMLHttpRequest
  const { file } = options
  const url = new URL(path, options.origin)
  url.searchParams.set('company', options.companyKey)
  url.searchParams.set('name', file.name)
  return new Promise((resolve, reject) => {
    const xhr = new Xhr()
    xhr.open('POST', url.href)
    xhr.setRequestHeader(sessionHeader, options.secret)
    xhr.setRequestHeader('Content-Type', 'application/octet-stream')
    xhr.upload.onprogress = (e) => options.onProgress?.(e.loaded)
    xhr.onload = () => {
      let body: unknown
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = undefined
      }
      if (xhr.status === 201) {
        const upload = DropUpload.safeParse(body)
        if (upload.success) return resolve(upload.data)
      }
      const error = body as { code?: unknown; message?: unknown } | undefined
      reject(
        typeof error?.code === 'string' && typeof error.message === 'string'
          ? new BridgeError(error.code, error.message, { status: xhr.status })
          : new BridgeError(BridgeErrorCode.Internal, `${file.name}: the host answered ${xhr.status}`),
      )
    }
    xhr.onerror = () =>
      reject(
        new BridgeError(
          BridgeErrorCode.Disconnected,
          `${file.name} could not be sent to the Ledgerdesk host`,
        ),
      )
    xhr.send(file)
  })
}
