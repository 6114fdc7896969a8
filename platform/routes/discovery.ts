// Discovery and session start: the endpoint set (spec 2.1) and the caller's companies (spec 2.3,
// field notes: also OrganizationNumber, IsTemplate, LastActivity).
import type { FastifyInstance } from 'fastify'
import { UserStatus } from '../../common/status.ts'
import { PlatformError } from '../errors.ts'
import { rowToApi } from '../query/index.ts'
import type { PlatformContext } from './context.ts'

export function endpointSet(urls: PlatformContext['urls']): Record<string, string> {
  return {
    AppFramework: urls.base,
    Identity: urls.auth,
    Job: `${urls.base}api/`,
    Files: urls.files,
    License: urls.license,
    Signalr: '',
    Integration: `${urls.base}api/`,
    FrontEnd: urls.base,
  }
}

export function registerDiscoveryRoutes(app: FastifyInstance, pc: PlatformContext): void {
  app.get('/api/endpoints', async () => endpointSet(pc.urls))

  app.get('/api/init/companies', async (request) => {
    const sub = request.claims?.sub
    if (!sub) throw new PlatformError('UNAUTHORIZED', 'Authorization required')
    const company = pc.registry.require('Company')
    const { rows } = await pc.store.query<Record<string, unknown>>(
      `select c.* from "Company" c
        where c."Deleted" = false and exists (
          select 1 from "User" u where u."CompanyID" = c."ID" and u."GlobalIdentity"::text = $1
             and u."Deleted" = false and u."StatusCode" = $2)
        order by c."Name", c."ID"`,
      [sub, UserStatus.Active],
    )
    return rows.map((r) => rowToApi(pc.registry, company, r, []))
  })
}
