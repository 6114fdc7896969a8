// The files the review and approval queues show, for the renderer's cache: a file's bytes and its OCR
// answer (spec: `files/{id}?action=download` and `?action=ocranalyse`). A structured invoice (an XML file, or a
// PDF that embeds one: Factur-X, ZUGFeRD, XRechnung) is answered from its XML here, before and without the
// platform's OCR, whose spec (2.13) says nothing of XML: so the review is filled exactly on any platform.
import type { DownloadedFile } from '../../../../common/bridge/sync.ts'
import type { Logger } from '../../logger.ts'
import type { ApiClient } from '../api/client.ts'
import { ApiError, ApiErrorCode } from '../api/errors.ts'
import { structuredAnswerOf } from '../einvoice-reader/structured.ts'

/** Structured readings of files just downloaded, so the OCR call after a download does not fetch it again. */
const RECENT_READINGS = 32

export function createFiles(deps: {
  api(): Promise<ApiClient>
  log?: Logger
  /** Tells main's local reading of a downloaded document (local-reading/), for the review to find it kept. */
  downloaded?(companyKey: string, fileId: number, bytes: Uint8Array): void
}) {
  const recent = new Map<string, unknown>()
  const remember = (key: string, answer: unknown) => {
    recent.delete(key)
    recent.set(key, answer)
    if (recent.size > RECENT_READINGS) recent.delete(recent.keys().next().value!)
  }
  const download = async (
    companyKey: string,
    fileId: number,
  ): Promise<DownloadedFile & { bytes: Buffer }> => {
    const api = await deps.api()
    // The download is the documented way to a file (field notes); what it is called and its type travel with
    // the bytes (Content-Disposition, Content-Type), so no undocumented read of the file row is needed.
    const url = await api.get<string>(`api/biz/files/${fileId}`, {
      companyKey,
      query: { action: 'download' },
    })
    // The URL is the server's word: fetched only from the environment's own servers, up to a cap.
    const answer = await api.fetchServerUrl(url, `the download address of file ${fileId}`)
    if (answer.status >= 400)
      throw new ApiError(ApiErrorCode.NotFound, `File ${fileId} could not be downloaded (${answer.status})`, {
        status: answer.status,
        fields: [],
        reference: null,
      })
    const bytes = Buffer.from(answer.bytes)
    return {
      fileId,
      name: answer.fileName ?? `file-${fileId}`,
      contentType: answer.contentType?.split(';')[0]?.trim() || 'application/octet-stream',
      base64: bytes.toString('base64'),
      bytes,
    }
  }
  // A structured invoice the file carries but that is refused (over a budget, too slow to read) is logged and
  // remembered as none: the OCR call after the download asks the platform, and does not read the file again.
  const structuredOf = (companyKey: string, fileId: number, bytes: Uint8Array) =>
    structuredAnswerOf(bytes, { log: deps.log, context: { companyKey, fileId } })
  return {
    /** The file's bytes (field notes: `files/{id}?action=download` answers a URL to them). */
    async download(companyKey: string, fileId: number): Promise<DownloadedFile> {
      const { bytes, ...file } = await download(companyKey, fileId)
      const structured = await structuredOf(companyKey, fileId, bytes)
      remember(`${companyKey}:${fileId}`, structured)
      if (!structured) deps.downloaded?.(companyKey, fileId, bytes)
      return file
    },

    /** The file's bytes, for main's own reading of it. */
    async bytes(companyKey: string, fileId: number): Promise<Uint8Array> {
      return (await download(companyKey, fileId)).bytes
    },

    async ocr(companyKey: string, fileId: number): Promise<unknown> {
      const key = `${companyKey}:${fileId}`
      if (!recent.has(key))
        remember(key, await structuredOf(companyKey, fileId, (await download(companyKey, fileId)).bytes))
      const structured = recent.get(key)
      if (structured) return structured
      return (await deps.api()).get(`api/biz/files/${fileId}`, {
        companyKey,
        query: { action: 'ocranalyse' },
        // Reading a scanned page with Tesseract takes longer than an ordinary call.
        timeoutMs: 180_000,
      })
    },
  }
}
