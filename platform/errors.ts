// Errors are values with a stable code. One place (the server's error handler) maps them to HTTP
// status codes and the platform's error bodies (field notes: always a top-level Message).

export interface ValidationResult {
  PropertyName: string
  EntityType: string
  Message: string
}

export interface RuleMessage extends ValidationResult {
  /** 1 info, 20 warning, 30 error. */
  Level: 1 | 20 | 30
}

export type PlatformErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION'
  | 'RULE_VIOLATION'
  | 'QUERY_INVALID'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TRANSITION_NOT_ALLOWED'
  | 'ENTITY_LOCKED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA'
  | 'INTERNAL'

const statusOf: Record<PlatformErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  RULE_VIOLATION: 400,
  QUERY_INVALID: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TRANSITION_NOT_ALLOWED: 400,
  ENTITY_LOCKED: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  INTERNAL: 500,
}

export class PlatformError extends Error {
  readonly status: number
  constructor(
    readonly code: PlatformErrorCode,
    message: string,
    readonly details: {
      /** Field validation (error shape 3): property -> results. */
      validationResults?: Record<string, ValidationResult[]>
      /** Rule violations (error shape 2). */
      messages?: RuleMessage[]
      /** Extra values for the body (e.g. `Success: false` on statistics). */
      body?: Record<string, unknown>
    } = {},
  ) {
    super(message)
    this.name = 'PlatformError'
    this.status = statusOf[code]
  }
}

/** Builds the error body for a PlatformError: shape 1, 2 or 3 of the field notes, always with Message. */
export function errorBody(err: PlatformError, errorReference: string): Record<string, unknown> {
  const body: Record<string, unknown> = { Message: err.message, ErrorReference: errorReference }
  if (err.details.validationResults) body._validationResults = err.details.validationResults
  if (err.details.messages) {
    body.Messages = err.details.messages
    body.ErrorsCount = err.details.messages.filter((m) => m.Level === 30).length
  }
  return { ...body, ...err.details.body }
}
