// Vitest global setup of the node project: prepares the platform templates once per run, so no
// test file pays for initdb and seeding (test/support/platform.ts copies them).
import type { TestProject } from 'vitest/node'
import { prepareTemplates, TEST_DATABASE_ENV, type PlatformTemplates } from './templates.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    platformTemplates: PlatformTemplates
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const prepared = await prepareTemplates(process.env[TEST_DATABASE_ENV] || undefined)
  project.provide('platformTemplates', prepared.templates)
  return () => prepared.dispose()
}
