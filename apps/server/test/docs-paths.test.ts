import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { expect, test } from 'vitest'

/**
 * A page that names a file which moved or went misleads whoever follows it. Every backticked
 * file name in the README, docs/ and the folder READMEs must be a tracked file: `./` and `../`
 * from the page's folder, otherwise any tracked file with that path or ending in it (a page
 * about the orders module may say `checkout.ts`). A `.js` name may stand for its `.ts` source,
 * as the imports write it.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

/** Names that show a pattern, not a file (docs/conventions.md's examples). */
const EXAMPLES = new Set(['order-total.ts', 'order-total.test.ts', 'use-x.ts', 'NNNN-title.md'])

const FILE_NAME = /`([\w.@/-]+\.(?:ts|tsx|mjs|js|sql|json|sh|conf|md|css))`/g

export function missingFiles(page: string, text: string, tracked: readonly string[]): string[] {
  const known = new Set(tracked)
  const missing: string[] = []
  for (const [, name = ''] of text.matchAll(FILE_NAME)) {
    if (EXAMPLES.has(name)) continue
    const spellings = name.endsWith('.js') ? [name, `${name.slice(0, -3)}.ts`] : [name]
    const found = spellings.some((spelling) =>
      spelling.startsWith('./') || spelling.startsWith('../')
        ? known.has(path.join(path.dirname(page), spelling))
        : known.has(spelling) || tracked.some((file) => file.endsWith(`/${spelling}`)),
    )
    if (!found) missing.push(`${page} → ${name}`)
  }
  return missing
}

test('a backticked file name is found as written, from the page, or as the end of a path', () => {
  const tracked = ['apps/server/src/app.ts', 'docs/testing.md', 'apps/server/src/db/README.md']
  expect(
    missingFiles('docs/a.md', '`apps/server/src/app.ts` `app.js` `db/README.md`', tracked),
  ).toEqual([])
  expect(missingFiles('apps/server/src/db/README.md', '`../app.ts`', tracked)).toEqual([])
  expect(missingFiles('docs/a.md', '`apps/server/src/gone.ts` `../app.ts`', tracked)).toEqual([
    'docs/a.md → apps/server/src/gone.ts',
    'docs/a.md → ../app.ts',
  ])
})

test('every file the README, docs/ and the folder READMEs name in backticks exists', () => {
  const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
  const pages = tracked.filter((file) => file.endsWith('.md'))
  expect(pages.length).toBeGreaterThan(20)
  const missing = pages.flatMap((page) =>
    missingFiles(page, readFileSync(path.join(root, page), 'utf8'), tracked),
  )
  expect(missing).toEqual([])
})
