import { describe, expect, it } from 'vitest'
import { uploadDroppedFile, uploadJournalDocument } from './upload.ts'

/** An XMLHttpRequest the test answers: it records what the page sent and reports progress when told. */
class FakeXhr {
  static last: FakeXhr
  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: unknown
  status = 0
  responseText = ''
  upload: { onprogress: ((e: { loaded: number }) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  constructor() {
    FakeXhr.last = this
  }
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: unknown) {
    this.body = body
  }
  answer(status: number, body: unknown) {
    this.status = status
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body)
    this.onload?.()
  }
}

const file = new File([new Uint8Array(10)], 'Skann mars.pdf', { type: 'application/pdf' })
const send = (progress: number[] = []) =>
  uploadDroppedFile({
    origin: 'http://127.0.0.1:4300',
    secret: 's3cret',
    companyKey: 'company nordlys',
    file,
    onProgress: (sent) => progress.push(sent),
    XMLHttpRequest: FakeXhr as unknown as typeof XMLHttpRequest,
  })

describe("a dropped file's upload to the browser-mode host", () => {
  it('posts the file itself with the session secret in a header, reports progress and resolves with the token', async () => {
    const progress: number[] = []
    const upload = send(progress)
    const xhr = FakeXhr.last
    expect(xhr.method).toBe('POST')
    expect(xhr.url).toBe('http://127.0.0.1:4300/scan/drop?company=company+nordlys&name=Skann+mars.pdf')
    expect(xhr.headers['x-ledgerdesk-session']).toBe('s3cret')
    expect(xhr.body).toBe(file)
    xhr.upload.onprogress?.({ loaded: 4 })
    xhr.upload.onprogress?.({ loaded: 10 })
    xhr.answer(201, { token: 'a'.repeat(32), name: 'Skann mars.pdf', size: 10 })
    expect(await upload).toEqual({ token: 'a'.repeat(32), name: 'Skann mars.pdf', size: 10 })
    expect(progress).toEqual([4, 10])
  })

  it("rejects with the host's code and message, or a clear error when the host cannot be reached", async () => {
    const refused = send()
    FakeXhr.last.answer(413, { code: 'SCAN_DROP_TOO_LARGE', message: 'Skann mars.pdf is 60.0 MB' })
    await expect(refused).rejects.toMatchObject({
      code: 'SCAN_DROP_TOO_LARGE',
      message: 'Skann mars.pdf is 60.0 MB',
    })
    const garbled = send()
    FakeXhr.last.answer(502, 'Bad gateway')
    await expect(garbled).rejects.toMatchObject({ code: 'INTERNAL', message: /answered 502/ })
    const lost = send()
    FakeXhr.last.onerror?.()
    await expect(lost).rejects.toMatchObject({
      code: 'BRIDGE_DISCONNECTED',
      message: 'Skann mars.pdf could not be sent to the Ledgerdesk host',
    })
  })

  it("posts a journal document to the journal's endpoint, whose token journal.uploadStaged takes", async () => {
    const upload = uploadJournalDocument({
      origin: 'http://127.0.0.1:4300',
      secret: 's3cret',
      companyKey: 'nordlys',
      file,
      XMLHttpRequest: FakeXhr as unknown as typeof XMLHttpRequest,
    })
    const xhr = FakeXhr.last
    expect(xhr.url).toBe('http://127.0.0.1:4300/journal/document?company=nordlys&name=Skann+mars.pdf')
    expect(xhr.headers['x-ledgerdesk-session']).toBe('s3cret')
    xhr.answer(201, { token: 'b'.repeat(32), name: 'Skann mars.pdf', size: 10 })
    expect((await upload).token).toBe('b'.repeat(32))
  })
})
