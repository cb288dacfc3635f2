import { readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Which server test files depend on the database engine. The server suites run on PGlite and
 * again on PostgreSQL; a file that opens no test database (pure logic, PDFs, a server process
 * on its own embedded database) would only repeat itself there, so the PostgreSQL project
 * leaves it out. The vitest config and test/database.ts both ask this module, so the two cannot
 * disagree: a file that opens a test database without being counted here fails loudly instead
 * of silently skipping PostgreSQL.
 */

/** What a file (or a test helper it imports) says when it opens an engine's database. */
const ENGINE_MARKERS = /\b(useTestDatabase|createTestDatabase|TEST_DB_KIND|TEST_DATABASE_URL)\b/

const RELATIVE_IMPORT = /from\s+'(\.{1,2}\/[^']+)\.js'/g

const memo = new Map<string, boolean>()

/** Whether the file at `file` opens a test database, itself or through the helpers it imports. */
export function dependsOnEngine(file: string, seen = new Set<string>()): boolean {
  const known = memo.get(file)
  if (known !== undefined) return known
  if (seen.has(file)) return false
  seen.add(file)
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return false
  }
  let result = ENGINE_MARKERS.test(text)
  if (!result) {
    for (const match of text.matchAll(RELATIVE_IMPORT)) {
      const target = path.resolve(path.dirname(file), `${match[1]}.ts`)
      // Only the tests' own helpers can open a test database; the app's sources cannot.
      if (!target.includes(`${path.sep}test${path.sep}`)) continue
      if (dependsOnEngine(target, seen)) {
        result = true
        break
      }
    }
  }
  memo.set(file, result)
  return result
}
