#!/usr/bin/env node
// `npm test`: every check a change must pass, in order: type checks and lint (at the same time), unit and
// integration tests (vitest node + dom projects), the browser end-to-end suite. All steps run; the exit code
// is non-zero when any failed, and the last line counts the tests of every vitest run.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { basename, join } from 'node:path'

const reports = join('test-results', 'vitest')
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

const vitestJson = (name) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(reports, `${name}.json`)}`,
]

// The end-to-end suite runs against the Local sandbox started as the documented cloud
// (`--surface documented`, platform/surface): only what the spec and field notes document is answered, and
// each request that touched anything else is recorded here; the step after it checks every recorded use
// against the app's list of extensions with a fallback (electron/main/services/api/extensions.ts).
const undocumentedRecord = join(process.cwd(), reports, 'undocumented.jsonl')
const documentedSurface = {
  LEDGERDESK_SANDBOX_SURFACE: 'documented',
  LEDGERDESK_SANDBOX_RECORD: undocumentedRecord,
}

// Steps in one stage run at the same time, their output held back until each ends; the stages run in order.
const stages = [
  [
    { name: 'typecheck (node)', cmd: 'npx', args: ['tsc', '-p', 'tsconfig.node.json', '--noEmit'] },
    { name: 'typecheck (web)', cmd: 'npx', args: ['vue-tsc', '-p', 'tsconfig.web.json', '--noEmit'] },
    { name: 'lint', cmd: 'npx', args: ['eslint', '--max-warnings', '0', '.'] },
  ],
  {
    name: 'unit and integration',
    cmd: 'npx',
    args: ['vitest', 'run', '--project', 'node', '--project', 'dom', ...vitestJson('unit')],
  },
  { name: 'build for end-to-end', cmd: 'node', args: ['scripts/build-web.mjs'] },
  {
    name: 'end-to-end (documented surface)',
    cmd: 'npx',
    args: ['vitest', 'run', '--project', 'e2e', ...vitestJson('e2e')],
    env: documentedSurface,
  },
  {
    name: 'undocumented uses',
    cmd: 'npx',
    args: ['tsx', 'scripts/check-surface.ts', undocumentedRecord],
  },
].map((stage) => (Array.isArray(stage) ? stage : [stage]))

// Runs one step with its output passed through, and keeps what vitest says of errors outside any test
// (an unhandled rejection fails the run with no failed test in the JSON report), so the summary can name them.
function run(step, held) {
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, {
      stdio: ['inherit', 'pipe', 'pipe'],
      env: { ...process.env, ...step.env },
    })
    const loose = []
    let tail = ''
    let keep = 0
    const scan = (text) => {
      const lines = (tail + text).split('\n')
      tail = lines.pop() ?? ''
      for (const raw of lines) {
        const line = raw.replaceAll(String.fromCharCode(27), '').replace(/\[[0-9;]*m/g, '')
        if (/Unhandled (Error|Rejection)|unhandled errors? during the test run/.test(line)) keep = 4
        if (/This error originated in|The latest test that might've caused/.test(line)) keep = 1
        if (keep > 0 && line.trim() !== '' && !/^[⎯\s]+$/.test(line)) {
          loose.push(line.trim().slice(0, 200))
          keep -= 1
        }
      }
    }
    const output = []
    child.stdout.on('data', (chunk) => {
      if (held) output.push(chunk)
      else process.stdout.write(chunk)
      scan(chunk.toString())
    })
    child.stderr.on('data', (chunk) => {
      if (held) output.push(chunk)
      else process.stderr.write(chunk)
      scan(chunk.toString())
    })
    child.on('close', (code, signal) => resolve({ code, signal, loose: loose.slice(0, 40), output }))
  })
}

const results = []
for (const stage of stages) {
  const held = stage.length > 1
  const ended = await Promise.all(
    stage.map(async (step) => {
      const started = Date.now()
      if (!held) console.log(`\n=== ${step.name}: ${step.cmd} ${step.args.join(' ')}`)
      const r = await run(step, held)
      return { step, r, seconds: (Date.now() - started) / 1000 }
    }),
  )
  for (const { step, r, seconds } of ended) {
    const ok = r.code === 0
    if (held) {
      console.log(`\n=== ${step.name}: ${step.cmd} ${step.args.join(' ')}`)
      for (const chunk of r.output) process.stdout.write(chunk)
    }
    results.push({ name: step.name, ok, seconds, loose: r.loose })
    console.log(
      `=== ${step.name}: ${ok ? 'ok' : `FAILED (exit ${r.code ?? r.signal})`} in ${seconds.toFixed(1)} s`,
    )
  }
}

let passed = 0
let failed = 0
let skipped = 0
const failures = []
const hostLogs = []
for (const name of ['unit', 'e2e']) {
  const file = join(reports, `${name}.json`)
  if (!existsSync(file)) continue
  const report = JSON.parse(readFileSync(file, 'utf8'))
  passed += report.numPassedTests ?? 0
  failed += report.numFailedTests ?? 0
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  for (const suite of report.testResults ?? []) {
    const file = suite.name.replace(process.cwd() + '/', '')
    for (const t of suite.assertionResults ?? []) {
      if (t.status !== 'failed') continue
      const message = t.failureMessages?.[0] ?? ''
      const why = message.split('\n')[0].slice(0, 600)
      // The line of the test file where it failed: the stack's first frame in the file itself.
      const at = message
        .split('\n')
        .find((line) => line.includes(`${file}:`))
        ?.trim()
        .replace(process.cwd() + '/', '')
      failures.push(`${file} > ${t.fullName}\n      ${why}${at ? `\n      ${at}` : ''}`)
      // An end-to-end test leaves the last of its host's log (test/e2e/support.ts): what main was doing.
      const hostLog = join(reports, 'host-logs', `${basename(file)}.log`)
      if (name === 'e2e' && existsSync(hostLog)) {
        const lines = readFileSync(hostLog, 'utf8').trimEnd().split('\n').slice(1).slice(-20)
        hostLogs.push(`${file}:\n${lines.map((l) => `  ${l.slice(0, 240)}`).join('\n')}`)
      }
    }
    if ((suite.assertionResults ?? []).length === 0 && suite.status === 'failed') {
      failures.push(`${file}\n      ${(suite.message ?? '').split('\n')[0].slice(0, 200)}`)
    }
  }
}

// Above the summary, so that the last lines still name the failed tests and where they failed.
if (hostLogs.length > 0) console.log("\nThe host's log, last lines, where an end-to-end test failed:")
for (const text of hostLogs) console.log(text)
console.log('\nSummary')
for (const r of results) console.log(`  ${r.ok ? 'ok    ' : 'FAILED'} ${r.name} (${r.seconds.toFixed(1)} s)`)
// The failed tests by name, so that the last lines of a long log say what broke.
if (failures.length > 0) {
  console.log('Failed tests:')
  for (const f of failures) console.log(`  ${f}`)
}
// Errors outside any test, which fail a step without a failed test in its report.
for (const r of results.filter((r) => r.loose.length > 0)) {
  console.log(`Errors outside tests in ${r.name}:`)
  for (const line of r.loose) console.log(`  ${line}`)
}
const stepFailures = results.filter((r) => !r.ok).length
if (stepFailures > 0 && failed === 0) failed = stepFailures
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(results.every((r) => r.ok) ? 0 : 1)
