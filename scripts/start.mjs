// `npm start`: build whatever is stale, then serve the shop (site, API, media) on one port.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { SERVER_NODE_FLAGS } from './server-node-flags.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const at = (...p) => path.join(root, ...p)

function newestMtime(entry) {
  if (!existsSync(entry)) return 0
  const stat = statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const name of readdirSync(entry)) {
    if (name === 'node_modules' || name === 'dist') continue
    newest = Math.max(newest, newestMtime(path.join(entry, name)))
  }
  return newest
}

const sharedSources = [
  at('packages/shared/src'),
  at('packages/shared/package.json'),
  at('tsconfig.base.json'),
]
const targets = [
  {
    workspace: 'packages/shared',
    output: at('packages/shared/dist/index.js'),
    sources: sharedSources,
  },
  {
    workspace: 'apps/server',
    output: at('apps/server/dist/server.js'),
    sources: [at('apps/server/src'), at('apps/server/package.json'), ...sharedSources],
  },
  {
    workspace: 'apps/web',
    output: at('apps/web/dist/index.html'),
    sources: [
      at('apps/web/src'),
      at('apps/web/public'),
      at('apps/web/index.html'),
      at('apps/web/vite.config.ts'),
      at('apps/web/package.json'),
      ...sharedSources,
    ],
  },
]

for (const { workspace, output, sources } of targets) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0
  const changed = Math.max(...sources.map(newestMtime))
  if (built >= changed) continue
  console.log(`Building ${workspace} ...`)
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

// The heap flags live in server-node-flags.mjs, which the memory test imports too.
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, at('apps/server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
