// The reader thread of structured invoices (see structured.ts): a file's XML invoice, or the one its PDF
// embeds, is read here, so a large or hostile file costs this thread's time and memory, never main's.
import { parentPort } from 'node:worker_threads'
import { readStructured, type StructuredReading } from './structured-read.ts'

export type StructuredRequest = { id: number; bytes: Uint8Array }
export type StructuredReply = { ready: true } | { id: number; reading: StructuredReading }

const port = parentPort
if (port) {
  port.on('message', (req: StructuredRequest) => {
    void readStructured(req.bytes).then(
      (reading) => port.postMessage({ id: req.id, reading } satisfies StructuredReply),
      // readStructured never throws; a failure here is the thread's own (out of memory while cloning).
      (err: unknown) =>
        port.postMessage({
          id: req.id,
          reading: {
            invoice: null,
            refused: { code: 'malformed', message: `The file could not be read (${String(err)})` },
          },
        } satisfies StructuredReply),
    )
  })
  // Told once the modules are loaded, so a file's time budget does not pay for the thread's start.
  port.postMessage({ ready: true } satisfies StructuredReply)
}
