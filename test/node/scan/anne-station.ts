// Anne's scan station against a test file's own local platform: the platform starts before the file's first
// test and closes after its last; reads go to one company as Anne, and pipelines sign in as her with the
// password grant. (Kept apart from ./support.ts, which the kill test's child process loads without vitest.)
import { afterAll, beforeAll } from 'vitest'
import { DEMO_PASSWORD, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { createPipeline, type PipelineOptions } from '../../../electron/main/services/scan/pipeline.ts'
import type { ScanPlatform } from '../../../electron/main/services/scan/platform.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'
import { quietLog, scanPlatformFor } from './support.ts'

const anne = DEMO_USERS.anne.email

export interface AnneStation {
  readonly platform: TestPlatform
  /** Anne's bearer token. */
  readonly token: string
  /** A read as Anne in the company: its body. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert response bodies field by field
  get(path: string): Promise<any>
  /** The scan station's platform calls, signed in as Anne. */
  scanPlatform(): ScanPlatform
  /** A pipeline as Anne: Norwegian, a quiet log and no events unless `options` says otherwise. */
  pipeline(ledgerDir: string, options?: Partial<PipelineOptions>): ReturnType<typeof createPipeline>
}

/** Registers the file's hooks (or a describe's, called inside one) for a platform Anne scans into `companyKey`. */
export function useAnneStation(companyKey: string): AnneStation {
  let platform: TestPlatform | undefined
  let token: string | undefined
  beforeAll(async () => {
    platform = await startTestPlatform()
    token = await platform.token(anne)
  })
  afterAll(async () => platform?.close())
  const started = (): TestPlatform => {
    if (!platform) throw new Error('the test platform is read before the file started it')
    return platform
  }
  const station: AnneStation = {
    get platform() {
      return started()
    },
    get token() {
      if (token === undefined) throw new Error('the test platform is read before the file started it')
      return token
    },
    get: async (path) => (await api(started().urls.base, 'GET', path, { token, companyKey })).body,
    scanPlatform: () =>
      scanPlatformFor({
        authUrl: started().urls.auth,
        filesUrl: started().urls.files,
        email: anne,
        password: DEMO_PASSWORD,
      }).platform,
    pipeline: (ledgerDir, options = {}) =>
      createPipeline({
        platform: station.scanPlatform(),
        ledgerDir,
        log: quietLog,
        locale: () => 'nb',
        events: {},
        ...options,
      }),
  }
  return station
}
