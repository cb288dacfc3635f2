import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { expect, test } from 'vitest'

// The repository explains itself: a short README that is the front door, and
// every document it or docs/ points at is inside the clone.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

function markdownFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const rel = path.join(dir, name)
    if (statSync(path.join(root, rel)).isDirectory()) return markdownFiles(rel)
    return rel.endsWith('.md') ? [rel] : []
  })
}

test('the README is at most 12 KB', () => {
  expect(Buffer.byteLength(read('README.md'))).toBeLessThanOrEqual(12 * 1024)
})

test('every relative link and docs/ path in the README and docs/ exists in the repository', () => {
  const missing: string[] = []
  for (const file of ['README.md', ...markdownFiles('docs')]) {
    const text = read(file)
    const links = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
      .map((m) => m[1] ?? '')
      .filter((target) => !/^[a-z]+:/.test(target))
      .map((target) => path.join(path.dirname(file), target))
    const cited = [...text.matchAll(/`(docs\/[\w./-]+\.md)`/g)].map((m) => m[1] ?? '')
    for (const target of [...links, ...cited]) {
      if (!existsSync(path.join(root, target))) missing.push(`${file} → ${target}`)
    }
  }
  expect(missing).toEqual([])
})

test('no markdown page cites the design files that live outside the repository', () => {
  const outside = /\b(SPEC|STYLE|DESIGN|STACK-NOTES)\.md\b/
  const citing = ['README.md', ...markdownFiles('docs')].filter((f) => outside.test(read(f)))
  expect(citing).toEqual([])
})

test('no tracked source file cites the design files that live outside the repository', () => {
  const outside = /\b(SPEC|STYLE|DESIGN|STACK-NOTES)\.md\b/
  const self = path.relative(root, fileURLToPath(import.meta.url))
  const sources = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => /\.(ts|tsx|mjs|js|sh|conf|json|md)$|^\.ci\//.test(f) && f !== self)
    .filter((f) => existsSync(path.join(root, f)))
  expect(sources.length).toBeGreaterThan(100)
  expect(sources.filter((f) => outside.test(read(f)))).toEqual([])
})

// A clone cannot follow an issue number anywhere: comments and test titles say the reason in their
// own words (or point at docs/decisions/). Markdown pages and SQL migrations, which are history,
// are not read here.
const citation = /\bissues? \d+/i

test('no tracked code or config file cites an issue by its number', () => {
  const self = path.relative(root, fileURLToPath(import.meta.url))
  const code =
    /\.(ts|tsx|mts|cts|js|mjs|cjs|sh|css|conf|json|ya?ml|html)$|^\.ci\/|(^|\/)\.(env\.example|gitignore|prettierignore)$/
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => code.test(f))
    .filter((f) => existsSync(path.join(root, f)))
  expect(files.length).toBeGreaterThan(500)
  const citing = files.flatMap((f) =>
    read(f)
      .split('\n')
      .flatMap((line, i) =>
        citation.test(line) && !(f === self && line.startsWith('const citation ='))
          ? [`${f}:${i + 1}`]
          : [],
      ),
  )
  expect(citing).toEqual([])
})
