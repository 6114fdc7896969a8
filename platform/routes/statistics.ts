// GET /api/statistics (spec 4.2; field notes): `{ Data, Success, Message }`, or the bare array with
// `wrap=false`; a query error answers 400 with `Success: false` and the reason.
import type { FastifyInstance } from 'fastify'
import { PlatformError } from '../errors.ts'
import { runStatistics } from '../query/index.ts'
import { readContext, tenantOf, type PlatformContext } from './context.ts'

export function registerStatisticsRoute(app: FastifyInstance, pc: PlatformContext): void {
  app.get('/api/statistics', async (request) => {
    const query = request.query as Record<string, unknown>
    const wrapKey = Object.keys(query).find((k) => k.toLowerCase() === 'wrap')
    const wrap = !(wrapKey && /^(false|0)$/i.test(String(query[wrapKey])))
    try {
      const data = await runStatistics(await readContext(pc, tenantOf(request)), query)
      return wrap ? { Data: data, Success: true, Message: '' } : data
    } catch (err) {
      if (err instanceof PlatformError && (err.status === 400 || err.status === 403) && wrap) {
        throw new PlatformError(err.code, err.message, {
          ...err.details,
          body: { ...err.details.body, Data: [], Success: false },
        })
      }
      throw err
    }
  })
}
