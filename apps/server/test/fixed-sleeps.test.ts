import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { expect, test } from 'vitest'

/**
 * A test that waits a fixed time is slow on a quiet machine and flaky on a busy one: it waits
 * for what it needs (a poll against a deadline, an event, a fake clock). This finds the waits
 * that are not inside such a loop in the tests and their helpers. The ones below were there
 * before the rule; the list can only shrink.
 */
const ALLOWED: Record<string, number> = {
  'apps/server/test/crash-restart.pg.test.ts': 1,
  'apps/server/test/sigterm-drain.ts': 1,
  'apps/web/src/app/providers.test.tsx': 1,
  'apps/web/src/lib/query-client.test.ts': 2,
  'e2e/xss.spec.ts': 1,
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

/** Tests and the helpers only tests use. */
function testSources(): string[] {
  // This file's own examples are not waits.
  const self = path.relative(root, fileURLToPath(import.meta.url))
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(
      (f) =>
        /\.(test|spec)\.tsx?$/.test(f) ||
        /^(apps\/server\/test|e2e\/support|e2e\/cluster)\/.*\.ts$/.test(f),
    )
    .filter((f) => f !== self && existsSync(path.join(root, f)))
}

const SLEEP = /setTimeout\(\s*\w+\s*,\s*[\w.]+\s*\)|waitForTimeout\(|from 'node:timers\/promises'/
/** A wait that is one step of a loop towards a condition, not a guess at how long it takes. */
const POLL = /\bwhile\b|\bfor \(|deadline|until|Date\.now\(\)|retry|attempt/i

/** The fixed waits of a file's text: a sleep with no loop on its line or the fifteen before. */
export function fixedSleeps(text: string): number {
  const lines = text.split('\n')
  let count = 0
  lines.forEach((line, i) => {
    if (!SLEEP.test(line) || line.trimStart().startsWith('//') || line.trimStart().startsWith('*'))
      return
    const context = lines.slice(Math.max(0, i - 15), i + 1).join('\n')
    // A timer raced against something else is a timeout, not a wait.
    if (POLL.test(context) || /Promise\.race/.test(context)) return
    count += 1
  })
  return count
}

test('a wait of a fixed time is told apart from a poll and a timeout', () => {
  expect(fixedSleeps('await new Promise((r) => setTimeout(r, 500))')).toBe(1)
  expect(fixedSleeps('await page.waitForTimeout(200)')).toBe(1)
  expect(fixedSleeps('while (!ready()) {\n  await new Promise((r) => setTimeout(r, 20))\n}')).toBe(
    0,
  )
  expect(fixedSleeps('await Promise.race([work, new Promise((r) => setTimeout(r, 3_000))])')).toBe(
    0,
  )
})

test('no test waits a fixed time beyond the waits that were there before the rule', () => {
  const found: Record<string, number> = {}
  for (const file of testSources()) {
    const count = fixedSleeps(readFileSync(path.join(root, file), 'utf8'))
    if (count > 0) found[file] = count
  }
  // More than allowed: a new fixed wait. Fewer: one went, so the list shrinks with it.
  expect(found).toEqual(ALLOWED)
})
