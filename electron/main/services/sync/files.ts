// The files the review and approval queues show, for the renderer's cache: a file's bytes and its OCR
// answer (spec: `files/{id}?action=download` and `?action=ocranalyse`).
import type { DownloadedFile, PlatformRow } from '../../../../common/bridge/sync.ts'
import type { ApiClient } from '../api/client.ts'
import { ApiError, ApiErrorCode } from '../api/errors.ts'

export function createFiles(deps: { api(): Promise<ApiClient> }) {
  return {
    /** The file's bytes (field notes: `files/{id}?action=download` answers a URL to them). */
    async download(companyKey: string, fileId: number): Promise<DownloadedFile> {
      const api = await deps.api()
      const [meta, url] = await Promise.all([
        api.get<PlatformRow>(`api/biz/files/${fileId}`, { companyKey }),
        api.get<string>(`api/biz/files/${fileId}`, { companyKey, query: { action: 'download' } }),
      ])
      // The URL is the server's word: fetched only from the environment's own servers, up to a cap.
      const answer = await api.fetchServerUrl(url, `the download address of file ${fileId}`)
      if (answer.status >= 400)
        throw new ApiError(
          ApiErrorCode.NotFound,
          `File ${fileId} could not be downloaded (${answer.status})`,
          {
            status: answer.status,
            fields: [],
            reference: null,
          },
        )
      const bytes = Buffer.from(answer.bytes)
      return {
        fileId,
        name: typeof meta.Name === 'string' ? meta.Name : `file-${fileId}`,
        contentType:
          typeof meta.ContentType === 'string' && meta.ContentType
            ? meta.ContentType
            : (answer.contentType ?? 'application/octet-stream'),
        base64: bytes.toString('base64'),
      }
    },

    async ocr(companyKey: string, fileId: number): Promise<unknown> {
      return (await deps.api()).get(`api/biz/files/${fileId}`, {
        companyKey,
        query: { action: 'ocranalyse' },
        // Reading a scanned page with Tesseract takes longer than an ordinary call.
        timeoutMs: 180_000,
      })
    },
  }
}
