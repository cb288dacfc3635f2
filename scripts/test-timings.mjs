#!/usr/bin/env node
// Reads Vitest's JSON report and prints the slowest test files, the test count and the warnings
// of the test budget (docs/testing.md, "What CI costs"). A busy machine must not turn CI red, so
// a slow file or a slow step only warns; only a file past FAIL_FILE_SECONDS, which no healthy run
// comes near, fails.
//
//   node scripts/test-timings.mjs <report.json> [step seconds]
import { readFileSync } from 'node:fs'
import path from 'node:path'

export const WARN_FILE_SECONDS = 60
export const WARN_STEP_SECONDS = 8 * 60
export const FAIL_FILE_SECONDS = 5 * 60
const SHOWN = 10

/**
 * The report's files with their wall time and test counts, slowest first.
 * @param {{ testResults: { name: string, startTime: number, endTime: number, assertionResults: unknown[] }[] }} report
 */
export function fileTimings(report, root = process.cwd()) {
  return report.testResults
    .map((file) => ({
      file: path.relative(root, file.name),
      seconds: (file.endTime - file.startTime) / 1000,
      tests: file.assertionResults.length,
    }))
    .sort((a, b) => b.seconds - a.seconds)
}

/**
 * What the budget says about a run: lines to print and whether it fails.
 * @param {{ file: string, seconds: number }[]} timings
 * @param {number | undefined} stepSeconds
 */
export function budgetVerdict(timings, stepSeconds) {
  const lines = []
  let failed = false
  for (const { file, seconds } of timings) {
    if (seconds > FAIL_FILE_SECONDS) {
      failed = true
      lines.push(`FAIL: ${file} took ${seconds.toFixed(0)} s (limit ${FAIL_FILE_SECONDS} s)`)
    } else if (seconds > WARN_FILE_SECONDS) {
      lines.push(`WARNING: ${file} took ${seconds.toFixed(0)} s (over ${WARN_FILE_SECONDS} s)`)
    }
  }
  if (stepSeconds !== undefined && stepSeconds > WARN_STEP_SECONDS)
    lines.push(
      `WARNING: the test step took ${(stepSeconds / 60).toFixed(1)} min (over ${WARN_STEP_SECONDS / 60} min)`,
    )
  return { lines, failed }
}

if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  const [reportPath, stepArg] = process.argv.slice(2)
  if (!reportPath) {
    console.error('usage: node scripts/test-timings.mjs <report.json> [step seconds]')
    process.exit(2)
  }
  const report = JSON.parse(readFileSync(reportPath, 'utf8'))
  const timings = fileTimings(report)
  console.log(
    `${report.numTotalTests} tests in ${timings.length} files (${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests + report.numTodoTests} skipped or todo)`,
  )
  console.log(`the ${SHOWN} slowest files:`)
  for (const { file, seconds, tests } of timings.slice(0, SHOWN))
    console.log(`${seconds.toFixed(1).padStart(7)} s ${String(tests).padStart(4)} tests  ${file}`)
  const verdict = budgetVerdict(timings, stepArg === undefined ? undefined : Number(stepArg))
  for (const line of verdict.lines) console.log(line)
  if (verdict.failed) process.exit(1)
}
