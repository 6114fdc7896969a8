// Files on the platform's file server (spec: `Files` of /api/endpoints, `POST {Files}/api/file` as a form):
// the scan station's uploads and the documents dropped on a journal draft go the same way.
import type { ApiClient } from './client.ts'

/**
 * The file server's base URL as the session's environment names it. The client keeps it for its own
 * session (environment and user), so a switch of environment or user never reuses another's.
 */
export const filesUrlOf = (api: ApiClient): Promise<string> => api.filesUrl()

/**
 * Uploads the bytes to the company's files; answers the new file's ID. With `link`, the same request links
 * the file to an entity (field notes: the upload takes `EntityType` and `EntityID`), so the file is never
 * stored without its link.
 */
export async function uploadFile(
  api: ApiClient,
  filesUrl: string,
  companyKey: string,
  file: {
    bytes: Uint8Array
    name: string
    /** The part's content type (an XML invoice is `application/xml`); the server reads the type from the content. */
    contentType?: string
    link?: { entityType: string; entityId: number }
  },
  options: { signal?: AbortSignal; onProgress?: (percent: number) => void } = {},
): Promise<number> {
  const form = new FormData()
  form.set('Key', companyKey)
  form.set('FileName', file.name)
  form.set('File', new Blob([file.bytes], file.contentType ? { type: file.contentType } : {}), file.name)
  if (file.link) {
    form.set('EntityType', file.link.entityType)
    form.set('EntityID', String(file.link.entityId))
  }
  const created = await api.request<Record<string, unknown>>(`${filesUrl.replace(/\/+$/, '')}/api/file`, {
    method: 'POST',
    companyKey,
    body: form,
    ...(options.signal ? { signal: options.signal } : {}),
    timeoutMs: 120_000,
    ...(options.onProgress
      ? { onUploadProgress: (sent: number, total: number) => options.onProgress!((100 * sent) / total) }
      : {}),
  })
  // The file server's answer names the new file `Id` (field notes: Id, Name, StorageReference, ...); some
  // platforms answer the File row with `ID`.
  const id = created?.Id ?? created?.ID
  if (typeof id !== 'number') throw new Error('The file server answered without a file id')
  return id
}
