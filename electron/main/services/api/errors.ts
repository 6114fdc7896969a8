// One typed error for every failed platform call. The platform answers failures in three body shapes
// (field notes, Errors) and statistics queries with HTTP 200 and `Success: false`; all of them become
// an ApiError with the status, a stable code, one message a person can read, and the field details.
import { BridgeError } from '../../../../common/bridge/contract.ts'

export const HttpStatus = {
  Ok: 200,
  NoContent: 204,
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  InternalServerError: 500,
  BadGateway: 502,
  ServiceUnavailable: 503,
  GatewayTimeout: 504,
} as const

export const ApiErrorCode = {
  BadRequest: 'API_BAD_REQUEST',
  Validation: 'API_VALIDATION',
  Unauthorized: 'API_UNAUTHORIZED',
  Forbidden: 'API_FORBIDDEN',
  NotFound: 'API_NOT_FOUND',
  Conflict: 'API_CONFLICT',
  Server: 'API_SERVER_ERROR',
  Unavailable: 'API_UNAVAILABLE',
  Statistics: 'API_STATISTICS_FAILED',
  Network: 'API_NETWORK',
  Timeout: 'API_TIMEOUT',
  Aborted: 'API_ABORTED',
  InvalidResponse: 'API_INVALID_RESPONSE',
  /** The answer holds rows its filter excludes: the platform ignored the filter (field notes, Query options). */
  FilterIgnored: 'API_FILTER_IGNORED',
  /** The answer is larger than the client reads (MAX_API_ANSWER_BYTES); it was not read. */
  TooLarge: 'API_ANSWER_TOO_LARGE',
} as const
export type ApiErrorCode = (typeof ApiErrorCode)[keyof typeof ApiErrorCode]

export interface FieldProblem {
  /** Dotted path from the request body's root, e.g. `Items.0.Quantity` or `TaxInclusiveAmount`. */
  field: string
  entityType: string | null
  message: string
  /** Rule violations carry a level (1 info, 20 warning, 30 error); field validation has none. */
  level: number | null
}

export interface ApiErrorDetails {
  status: number
  fields: FieldProblem[]
  /** The platform's ErrorReference, for support. */
  reference: string | null
}

export class ApiError extends BridgeError {
  declare readonly details: ApiErrorDetails
  constructor(code: ApiErrorCode, message: string, details: ApiErrorDetails) {
    super(code, message, details)
    this.name = 'ApiError'
  }
  get status(): number {
    return this.details.status
  }
  get fields(): FieldProblem[] {
    return this.details.fields
  }
}

function codeForStatus(status: number, hasFields: boolean): ApiErrorCode {
  if (status === HttpStatus.BadRequest) return hasFields ? ApiErrorCode.Validation : ApiErrorCode.BadRequest
  if (status === HttpStatus.Unauthorized) return ApiErrorCode.Unauthorized
  if (status === HttpStatus.Forbidden) return ApiErrorCode.Forbidden
  if (status === HttpStatus.NotFound) return ApiErrorCode.NotFound
  if (status === HttpStatus.Conflict) return ApiErrorCode.Conflict
  if (
    status === HttpStatus.ServiceUnavailable ||
    status === HttpStatus.BadGateway ||
    status === HttpStatus.GatewayTimeout
  ) {
    return ApiErrorCode.Unavailable
  }
  if (status >= HttpStatus.InternalServerError) return ApiErrorCode.Server
  return ApiErrorCode.BadRequest
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)
const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v)

/** Shape 3: `_validationResults` keyed by property, possibly nested inside child objects and arrays. */
function collectValidation(node: unknown, path: string[], out: FieldProblem[]): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => collectValidation(item, [...path, String(i)], out))
    return
  }
  if (!isObject(node)) return
  for (const [key, value] of Object.entries(node)) {
    if (key === '_validationResults' && isObject(value)) {
      for (const [property, problems] of Object.entries(value)) {
        for (const p of Array.isArray(problems) ? problems : [problems]) {
          const problem = isObject(p) ? p : {}
          out.push({
            field: [...path, str(problem.PropertyName) ?? property].join('.'),
            entityType: str(problem.EntityType),
            message: str(problem.Message) ?? String(p),
            level: null,
          })
        }
      }
    } else if (isObject(value) || Array.isArray(value)) {
      collectValidation(value, [...path, key], out)
    }
  }
}

/** Maps a failed response's status and parsed body (JSON, text, or nothing) to one ApiError. */
export function apiErrorFrom(status: number, body: unknown): ApiError {
  const fields: FieldProblem[] = []
  let message: string | null = null
  let reference: string | null = null
  if (isObject(body)) {
    message = str(body.Message) ?? str(body.message)
    reference = str(body.ErrorReference)
    // Shape 2: rule violations.
    if (Array.isArray(body.Messages)) {
      for (const m of body.Messages) {
        if (!isObject(m)) continue
        fields.push({
          field: str(m.PropertyName) ?? '',
          entityType: str(m.EntityType),
          message: str(m.Message) ?? '',
          level: typeof m.Level === 'number' ? m.Level : null,
        })
      }
    }
    collectValidation(body, [], fields)
  } else if (typeof body === 'string' && body.trim() !== '' && body.length < 500 && !/^\s*</.test(body)) {
    message = body.trim()
  }
  message ??= fields.find((f) => f.message)?.message ?? `The platform answered with status ${status}`
  return new ApiError(codeForStatus(status, fields.length > 0), message, { status, fields, reference })
}

/** Statistics answers HTTP 200 with `Success: false` and the reason in Message when a query fails. */
export function statisticsError(body: unknown): ApiError | undefined {
  if (!isObject(body) || body.Success !== false) return undefined
  return new ApiError(ApiErrorCode.Statistics, str(body.Message) ?? 'The statistics query failed', {
    status: HttpStatus.Ok,
    fields: [],
    reference: null,
  })
}

export function transportError(code: ApiErrorCode, message: string): ApiError {
  return new ApiError(code, message, { status: 0, fields: [], reference: null })
}
