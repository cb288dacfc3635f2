import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { Redis } from 'ioredis'
import pg from 'pg'
import type { TestProject } from 'vitest/node'

import { NGINX, startNginx } from '../../scripts/nginx-proxy.mjs'
import { freePort, waitForHealth } from '../support/server-process.js'
import { startS3StandIn } from './s3-stand-in.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const serverEntry = path.join(root, 'apps/server/dist/server.js')

declare module 'vitest' {
  export interface ProvidedContext {
    /** Each server process behind nginx, asked directly (not through nginx). */
    processUrls: string[]
    /** nginx's access log: one line per request with the process that served it. */
    accessLog: string
    /** The Redis database both processes keep their limits and sessions in */
    redisUrl: string
  }
}

function collect(child: ChildProcess): () => string {
  let log = ''
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()))
  return () => log
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
}

const CLAIM_KEY = 'toolworks-cluster-run'

/**
 * A Redis database of its own for this run: the first of CLUSTER_REDIS_DBS
 * (default 1-14; the unit tests use 15 under key prefixes) that no other run has claimed. The
 * claim is a key set only if absent; the database is flushed at start and at the end.
 */
async function claimRedisDatabase(): Promise<{ url: string; release: () => Promise<void> }> {
  const base = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379'
  const [first = 1, last = 14] = (process.env.CLUSTER_REDIS_DBS ?? '1-14').split('-').map(Number)
  const run = `${process.pid}-${Date.now().toString(36)}`
  for (let db = first; db <= last; db += 1) {
    const url = Object.assign(new URL(base), { pathname: `/${db}` }).toString()
    const redis = new Redis(url, { maxRetriesPerRequest: 1 })
    // A claim outlives a crashed run by an hour at most.
    if ((await redis.set(CLAIM_KEY, run, 'EX', 3600, 'NX')) === 'OK') {
      await redis.flushdb()
      await redis.set(CLAIM_KEY, run, 'EX', 3600)
      return {
        url,
        release: async () => {
          await redis.flushdb()
          await redis.quit()
        },
      }
    }
    await redis.quit()
  }
  throw new Error(`no free Redis database in ${first}-${last} (CLUSTER_REDIS_DBS)`)
}

/**
 * Two built server processes on one fresh PostgreSQL database behind nginx configured by
 * deploy/nginx.conf, sharing limits and sessions in Redis: what the
 * README's production section recommends.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(serverEntry))
    throw new Error('The production build is missing: run `npm run build` first.')
  if (!existsSync(NGINX)) throw new Error(`nginx is missing at ${NGINX} (apt-get install nginx)`)

  const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const database = `toolworks_cluster_${Date.now().toString(36)}_${process.pid}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${database}`)
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString()
  const redis = await claimRedisDatabase()

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolworks-cluster-'))

  // Both processes keep their files in one bucket (s3-stand-in.ts).
  const s3 = await startS3StandIn()
  const adminEmail = `admin.${Date.now().toString(36)}@toolworks.example`
  const ports = [await freePort(), await freePort()]
  const nginxPort = await freePort()
  const baseUrl = `http://127.0.0.1:${nginxPort}`
  const env = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    // nginx on the loopback is the proxy; the browser pages say who they are behind it.
    TRUST_PROXY: '127.0.0.1',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    PUBLIC_URL: baseUrl,
    SEED_DEMO: 'true',
    ADMIN_EMAILS: adminEmail,
    // Every process must sign and check the same tokens.
    AUTH_SECRET: `cluster-auth-secret-${Date.now().toString(36)}-0123456789abcdef`,
    LOG_LEVEL: 'warn',
    ...s3.env,
  }

  const servers: ChildProcess[] = []
  const processUrls: string[] = []
  // One after the other: the first migrates and seeds, the second finds it done.
  for (const port of ports) {
    const child = spawn(process.execPath, [serverEntry], {
      cwd: root,
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    servers.push(child)
    const url = `http://127.0.0.1:${port}`
    await waitForHealth(url, child, collect(child))
    processUrls.push(url)
  }

  const nginx = startNginx({ ports, listenPort: nginxPort, accessLog: true })
  await waitForHealth(baseUrl, nginx.child, collect(nginx.child))

  project.provide('baseUrl', baseUrl)
  project.provide('dataDir', dataDir)
  project.provide('adminEmail', adminEmail)
  project.provide('processUrls', processUrls)
  project.provide('accessLog', nginx.accessLog ?? '')
  project.provide('redisUrl', redis.url)

  return async () => {
    await nginx.stop()
    await Promise.all(servers.map(stop))
    await s3.close()
    await admin.query(`drop database if exists ${database} with (force)`)
    await admin.end()
    await redis.release()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
