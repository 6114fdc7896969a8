import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'

const alias = {
  '@renderer': fileURLToPath(new URL('./renderer/src', import.meta.url)),
  '@common': fileURLToPath(new URL('./common', import.meta.url)),
}

export default defineConfig({
  test: {
    // Unit and integration files two at a time on a two-core machine, where vitest's default (cores − 1) runs
    // them one by one: most of their time is spent waiting on a platform server or a child process.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'common/**/*.test.ts',
            'platform/**/*.test.ts',
            'document-reader/**/*.test.ts',
            'electron/**/*.test.ts',
            'test/node/**/*.test.ts',
          ],
          // Every test's temporary folders under one folder of the run, removed after it; then the seeded
          // platform templates that test/support/platform.ts copies.
          globalSetup: ['test/support/temp-folder.ts', 'test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [vue()],
        resolve: { alias },
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['renderer/**/*.test.ts', 'test/dom/**/*.test.ts'],
          setupFiles: ['test/dom/setup.ts'],
          // Many of these mount the whole shell over a test bridge; on a busy two-core machine that alone
          // can take several seconds, so the default 5 s would fail them on load, not on behaviour.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/temp-folder.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // An assertion's message names what was found (an axe finding, a row's text) instead of "[ Array(1) ]".
          chaiConfig: { truncateThreshold: 600 },
        },
      },
    ],
  },
})
