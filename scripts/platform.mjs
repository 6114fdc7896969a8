#!/usr/bin/env node
// `npm run platform -- [flags]`: the local platform from its build (scripts/build-platform.mjs), rebuilt first
// when a source changed. The flags are the platform's own (platform/cli.ts). The app's browser mode, the
// end-to-end host and the benchmarks start the Local sandbox through this same file.
import { pathToFileURL } from 'node:url'
import { ensurePlatformBuild, platformEntry } from './build-platform.mjs'

await ensurePlatformBuild()
const { runPlatformCli } = await import(pathToFileURL(platformEntry).href)
await runPlatformCli()
