// Files on the platform's file server (spec: `Files` of /api/endpoints, `POST {Files}/api/file` as a form):
// the scan station's uploads and the documents dropped on a journal draft go the same way.
import type { ApiClient } from './client.ts'

/**
 * The file server's base URL as the session's environment names it. The client keeps it for its own
 * session (environment and user), so a switch of environment or user never reuses another's.
 */
export const filesUrlOf = (api: ApiClient): Promise<string> => api.filesUrl()

/**
 * The id of a stored file as the file server describes it (field notes: the upload answers `Id`, `Name`,
 * `StorageReference`, `ContentLength`, `ContentType`, `ExternalId`). `Id` is read, the entity field `ID`
 * when there is no `Id`; a number or a string of digits. Null for anything else: no id, or one that is not
 * a positive whole number.
 */
export function fileIdOf(answer: unknown): number | null {
  if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) return null
  const row = answer as Record<string, unknown>
  const value = row.Id ?? row.ID
  const id = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null
}

/**
 * Uploads the bytes to the company's files; answers the new file's id. With `link`, the same request links
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
  const id = fileIdOf(created)
  if (id === null)
    throw new Error(
      `The file server answered the upload of ${file.name} without a file id (Id): ${shapeOf(created)}`,
    )
  return id
}

/** What an answer held instead of a file id, for the error. */
function shapeOf(answer: unknown): string {
  if (answer === null || answer === undefined || answer === '') return 'the answer was empty'
  if (typeof answer !== 'object' || Array.isArray(answer))
    return `the answer was ${Array.isArray(answer) ? 'a list' : `a ${typeof answer}`}`
  const row = answer as Record<string, unknown>
  const given = ['Id', 'ID'].filter((k) => row[k] !== undefined && row[k] !== null)
  if (given.length) return given.map((k) => `${k} was ${JSON.stringify(row[k])}`).join(', ')
  const fields = Object.keys(row)
  return fields.length ? `it named ${fields.slice(0, 8).join(', ')}` : 'the answer was an empty object'
}
