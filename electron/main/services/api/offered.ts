// Reads the documents do not promise. The app uses only what platform-api.md and the field notes document;
// where it reads more (a list the spec gives only a POST for, a filter on a field it does not name), a
// platform that behaves as documented refuses the read: 404 for a route or action it does not have, 400 or
// 403 for a query it will not answer, rows its filter excludes (it ignored the filter, which the client
// reports as API_FILTER_IGNORED), or a statistics query answered `Success: false` (field notes,
// "Responses"). Such a read is "not offered": the caller degrades and says so, it does not fail. Any other
// failure (offline, 500, a timeout) is still a failure.
import { ApiError, ApiErrorCode, HttpStatus } from './errors.ts'

const refusals = new Set<number>([HttpStatus.BadRequest, HttpStatus.Forbidden, HttpStatus.NotFound])

/** The platform answered that it does not offer this read (see above). */
export function isNotOffered(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false
  return (
    error.code === ApiErrorCode.FilterIgnored ||
    error.code === ApiErrorCode.Statistics ||
    refusals.has(error.status)
  )
}

/** The read's answer, or null when the platform does not offer it. */
export async function ifOffered<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read()
  } catch (error) {
    if (isNotOffered(error)) return null
    throw error
  }
}
