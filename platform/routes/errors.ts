// One place maps every failure to the platform's error bodies (field notes, "Errors"): a
// PlatformError keeps its status and shape, parser and validation errors of Fastify become 400 with
// a Message, anything else is a 500 that is logged with its context and never shows a stack trace.
import { randomUUID } from 'node:crypto'
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import { errorBody, PlatformError } from '../errors.ts'

function context(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: request.url,
    companyId: request.tenant?.companyId,
    user: request.tenant?.globalIdentity ?? request.claims?.sub,
  }
}

/** Fastify's own client errors (bad JSON, wrong content type, too large) as PlatformErrors. */
function fromFastify(err: FastifyError): PlatformError | undefined {
  if (err.validation) return new PlatformError('BAD_REQUEST', `Invalid request: ${err.message}`)
  const status = err.statusCode ?? 0
  if (status === 413) return new PlatformError('PAYLOAD_TOO_LARGE', 'The request body is too large')
  if (status === 415)
    return new PlatformError('UNSUPPORTED_MEDIA', `Unsupported content type: ${err.message}`)
  if (err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return new PlatformError('BAD_REQUEST', 'The request body is not valid JSON')
  }
  if (status >= 400 && status < 500)
    return new PlatformError(status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', err.message)
  return undefined
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const reference = randomUUID()
    const known = error instanceof PlatformError ? error : fromFastify(error)
    if (known) {
      if (known.status >= 500)
        request.log.error({ err: error, ...context(request), reference }, 'request failed')
      return reply.status(known.status).send(errorBody(known, reference))
    }
    request.log.error({ err: error, ...context(request), reference }, 'unexpected error')
    return reply.status(500).send({ Message: 'An unexpected error occurred', ErrorReference: reference })
  })
  app.setNotFoundHandler((request, reply) => {
    const err = new PlatformError('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`)
    return reply.status(404).send(errorBody(err, randomUUID()))
  })
  // Bodies of action calls are often empty although the client sends Content-Type: application/json.
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text.trim() === '') return done(null, undefined)
    try {
      done(null, JSON.parse(text))
    } catch {
      done(new PlatformError('BAD_REQUEST', 'The request body is not valid JSON'), undefined)
    }
  })
}
