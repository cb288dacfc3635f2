import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { expect, test } from 'vitest'

import { TEST_ORIGIN } from '../../../test/app.js'
import { startServer } from '../../../test/server-process.js'

/**
 * Sharp's libvips (about 27 MB resident) is loaded by the first picture a process
 * handles, not at start, so a process that answers the catalogue never maps it. Its mapping in
 * /proc/<pid>/maps is what shows whether it was loaded.
 */
const libvipsMapped = (pid: number) => readFileSync(`/proc/${pid}/maps`, 'utf8').includes('libvips')

test(
  'a server answering the catalogue has not loaded sharp',
  { timeout: 60_000 },
  async ({ onTestFinished }) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolworks-sharp-'))
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }))
    const server = await startServer({
      DATA_DIR: dataDir,
      AUTH_SECRET: 'sharp-on-demand-secret-0123456789-abcdefghij',
      PUBLIC_URL: TEST_ORIGIN,
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
    })
    onTestFinished(() => server.stop())

    // API reads only: the pages need the web build, which the unit suites run without.
    for (const url of ['/api/tool?limit=20', '/api/tool/facets', '/api/review?limit=8']) {
      expect((await fetch(`${server.url}${url}`)).status).toBe(200)
    }
    expect(libvipsMapped(server.pid)).toBe(false)
  },
)
