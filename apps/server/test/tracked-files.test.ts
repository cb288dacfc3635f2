import { expect, test } from 'vitest'

// @ts-expect-error -- a plain .mjs script (run by .ci/run with node), untyped on purpose
import { trackedFileProblems } from '../../../scripts/check-tracked-files.mjs'

const check = trackedFileProblems as (paths: string[], sizeOf: (p: string) => number) => string[]

test('the tracked-files check refuses database folders, secrets and large files, and passes the rest', () => {
  const small = () => 10
  // What commit 963b972 added: a PGlite folder and a development secret under apps/server/data.
  expect(check(['apps/server/data/pglite/PG_VERSION'], small)).toHaveLength(1)
  expect(check(['apps/server/data/pglite/base/1/1249'], small)).toHaveLength(1)
  expect(check(['apps/server/data/auth-secret'], small)).toHaveLength(1)
  expect(check(['deploy/.env', 'deploy/tls/server.pem', 'demo-accounts.txt'], small)).toHaveLength(
    3,
  )
  expect(check(['bench/fixtures/big.bin'], () => 2 * 1024 * 1024)).toEqual([
    expect.stringContaining('over 1 MB'),
  ])
  expect(
    check(
      ['.env.example', 'apps/server/src/db/seed/catalog/tools.ts', 'apps/server/src/db/backup.ts'],
      small,
    ),
  ).toEqual([])
})
