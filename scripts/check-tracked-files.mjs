// Fails when git tracks something a clone must never carry: a database folder, a secret, or a
// file over 1 MB that is not a deliberate fixture (a PGlite folder and a development
// auth-secret were once committed). Run by .ci/run; `node scripts/check-tracked-files.mjs`.
import { execFileSync } from 'node:child_process'
import { statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const MAX_BYTES = 1024 * 1024

/** Files allowed over 1 MB, each on purpose. Keep this list short. */
const LARGE_ALLOWED = new Set([])

/** Names and shapes that mean a database folder or a secret, whatever folder they sit in. */
const FORBIDDEN = [
  { test: (p) => /(^|\/)auth-secret$/.test(p), why: 'an auth secret' },
  {
    test: (p) => /(^|\/)\.env(\.[^/]*)?$/.test(p) && !p.endsWith('.env.example'),
    why: 'an .env file',
  },
  { test: (p) => /\.(pem|key|p12|pfx)$/i.test(p), why: 'a key or certificate' },
  { test: (p) => /(^|\/)demo-accounts\.txt$/.test(p), why: 'the demo accounts file' },
  { test: (p) => /(^|\/)PG_VERSION$/.test(p), why: 'a PostgreSQL or PGlite data folder' },
  {
    test: (p) => /(^|\/)(base|global|pg_wal)\/[^/]+/.test(p) && !p.includes('/src/'),
    why: 'a database folder',
  },
  { test: (p) => /(^|\/)data\/(pglite|blobs)\//.test(p), why: 'a data folder' },
]

/** The problems of a list of tracked paths; `sizeOf` is injectable so the rule can be tested. */
export function trackedFileProblems(paths, sizeOf) {
  const problems = []
  for (const p of paths) {
    const forbidden = FORBIDDEN.find((f) => f.test(p))
    if (forbidden) problems.push(`${p}: looks like ${forbidden.why}`)
    else if (!LARGE_ALLOWED.has(p) && sizeOf(p) > MAX_BYTES)
      problems.push(`${p}: over 1 MB (add it to LARGE_ALLOWED in this script only if deliberate)`)
  }
  return problems
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  const paths = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean)
  const sizeOf = (p) => {
    try {
      return statSync(path.join(root, p)).size
    } catch {
      return 0 // deleted in the work tree, not yet committed
    }
  }
  const problems = trackedFileProblems(paths, sizeOf)
  if (problems.length > 0) {
    console.error(`Tracked files that must not be in the repository:\n  ${problems.join('\n  ')}`)
    process.exit(1)
  }
  console.log(`Tracked files: ${paths.length}, none is a database folder, a secret or over 1 MB`)
}
