import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { Redis } from 'ioredis'
import pg from 'pg'
import type { TestProject } from 'vitest/node'

import { freePort, waitForHealth } from '../support/server-process.js'
import { startS3StandIn } from './s3-stand-in.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const serverEntry = path.join(root, 'apps/server/dist/server.js')
const siteConfig = path.join(root, 'deploy/nginx.conf')
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Each server process behind nginx, asked directly (not through nginx). */
    processUrls: string[]
    /** nginx's access log: one line per request with the process that served it. */
    accessLog: string
    /** The Redis database both processes keep their limits and sessions in (issue 31). */
    redisUrl: string
  }
}

/**
 * deploy/nginx.conf as it is, with the two upstream ports and the listen address of this run:
 * the test proves the file we ship, not a copy of it.
 */
function siteConfigFor(ports: number[], listenPort: number): string {
  const original = readFileSync(siteConfig, 'utf8')
  const upstreams = [...original.matchAll(/server 127\.0\.0\.1:(\d+)/g)].map((m) => m[1])
  if (upstreams.length !== ports.length)
    throw new Error(`deploy/nginx.conf lists ${upstreams.length} processes, expected 2`)
  let config = original
  upstreams.forEach((port, i) => {
    config = config.replace(`server 127.0.0.1:${port}`, `server 127.0.0.1:${ports[i]}`)
  })
  if (!/listen 80;/.test(config)) throw new Error('deploy/nginx.conf no longer listens on 80')
  return config.replace('listen 80;', `listen 127.0.0.1:${listenPort};`)
}

function mainConfig(prefix: string, site: string): string {
  // Temporary files go to folders any worker user can write (nginx drops root for workers).
  const temp = (name: string) => path.join(prefix, 'temp', name)
  return `
worker_processes 1;
pid ${path.join(prefix, 'nginx.pid')};
error_log ${path.join(prefix, 'error.log')} warn;
events { worker_connections 256; }
http {
  log_format upstream '$request_method $request_uri $status $upstream_addr';
  access_log ${path.join(prefix, 'access.log')} upstream;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  include ${site};
}
`
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
 * A Redis database of its own for this run (issue 31 §2): the first of CLUSTER_REDIS_DBS
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
 * deploy/nginx.conf (issue 16), sharing limits and sessions in Redis (issue 31): what the
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
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'toolworks-nginx-'))
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(path.join(prefix, 'temp', dir), { recursive: true, mode: 0o777 })
  rmSync(path.join(prefix, 'access.log'), { force: true })

  // Issue 31: both processes keep their files in one bucket (s3-stand-in.ts).
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

  const site = path.join(prefix, 'toolworks.conf')
  writeFileSync(site, siteConfigFor(ports, nginxPort))
  const conf = path.join(prefix, 'nginx.conf')
  writeFileSync(conf, mainConfig(prefix, site))
  const nginx = spawn(NGINX, ['-p', prefix, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  await waitForHealth(baseUrl, nginx, collect(nginx))

  project.provide('baseUrl', baseUrl)
  project.provide('dataDir', dataDir)
  project.provide('adminEmail', adminEmail)
  project.provide('processUrls', processUrls)
  project.provide('accessLog', path.join(prefix, 'access.log'))
  project.provide('redisUrl', redis.url)

  return async () => {
    await stop(nginx)
    await Promise.all(servers.map(stop))
    await s3.close()
    await admin.query(`drop database if exists ${database} with (force)`)
    await admin.end()
    await redis.release()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(prefix, { recursive: true, force: true })
  }
}
