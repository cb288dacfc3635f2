// `npm run bench`: the load benchmark (docs/performance.md). Builds, starts the production server on a
// PostgreSQL filled with a generated catalogue, and measures each target with autocannon next
// to "the limit": a bare node:http server answering the same bytes from memory.
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import autocannon from 'autocannon'
import pg from 'pg'
import * as prettier from 'prettier'

import { startNginx } from '../scripts/nginx-proxy.mjs'
import { startS3StandIn } from '../scripts/s3-stand-in.mjs'
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 5)
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15)
const CONNECTIONS = [10, 50]
const SIZES = { tools: 10_000, reviews: 2_000, orders: 50_000 }
// Each account may hold 10 unpaid orders and place 30 a minute: the order target
// rotates over this many customers (about 22 orders a minute each at 550 orders/s), and a
// "paying customers" loop pays the orders as they come, as real customers would.
const ORDER_ACCOUNTS = Number(process.env.BENCH_ORDER_ACCOUNTS ?? 1500)
// BENCH_PROCESSES=2 measures two server processes behind nginx (deploy/nginx.conf)
// instead of one asked directly; with BENCH_REDIS_URL they share limits and sessions in Redis.
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1)
const ADMIN_PG = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
// BENCH_S3=1 keeps every file in a bucket (S3_BUCKET) on the local S3 stand-in the
// tests use (s3rver, started here on a free port), instead of the folder under DATA_DIR.
const S3 = process.env.BENCH_S3 === '1'

// The attributes of the generated categories, handed down to their sub-categories.
const BENCH_ATTRIBUTES = [
  {
    key: 'diameter',
    label: 'Diameter',
    unit: 'mm',
    type: 'number',
    values: [],
    filterable: true,
    required: false,
  },
  {
    key: 'length',
    label: 'Length',
    unit: 'mm',
    type: 'number',
    values: [],
    filterable: true,
    required: false,
  },
  {
    key: 'material',
    label: 'Material',
    unit: null,
    type: 'enum',
    values: ['HSS', 'HSS-Co', 'Carbide', 'Stainless A2', 'Steel'],
    filterable: true,
    required: false,
  },
  {
    key: 'thread',
    label: 'Thread',
    unit: null,
    type: 'enum',
    values: ['M4', 'M6', 'M8', 'M10', 'M12'],
    filterable: true,
    required: false,
  },
]
// Searches with a letter or two wrong, as buyers type them: each request of the search targets
// picks one, with a category and spec filters of its own, so nearly every answer is a miss of
// the search cache (the bench measures the search, not the cache).
const TYPO_QUERIES = [
  'torq wrnch',
  'magnetik screwdrver',
  'ratchet sokcet',
  'compakt calipr',
  'heavy hamer',
  'precison gauge',
]
const pick = (list) => list[Math.floor(Math.random() * list.length)]
/** A random search of the generated catalogue: typo words, a group, a range and two values. */
function randomSearch() {
  const min = 1 + Math.floor(Math.random() * 15)
  const max = min + 5 + Math.floor(Math.random() * 15)
  const materials = ['HSS', 'HSS-Co', 'Carbide', 'Stainless A2', 'Steel']
  const first = Math.floor(Math.random() * materials.length)
  const two = [materials[first], materials[(first + 1 + Math.floor(Math.random() * 4)) % 5]]
  return new URLSearchParams({
    q: pick(TYPO_QUERIES),
    category: `bench-${1 + Math.floor(Math.random() * 8)}`,
    'spec.diameter': `${min}..${max}`,
    'spec.material': two.join(','),
  }).toString()
}

const ADJECTIVES = [
  'Claw',
  'Torque',
  'Socket',
  'Heavy',
  'Metric',
  'Cobalt',
  'Ratchet',
  'Precision',
  'Compact',
  'Magnetic',
]
const NOUNS = [
  'hammer',
  'wrench',
  'socket',
  'drill',
  'caliper',
  'clamp',
  'chisel',
  'gauge',
  'screwdriver',
  'reamer',
]
/** Two words of the generated names, one letter of one of them left out ("torqe wrench"). */
function randomTypoQuery() {
  const words = [pick(ADJECTIVES).toLowerCase(), pick(NOUNS)]
  const w = Math.floor(Math.random() * 2)
  const at = 1 + Math.floor(Math.random() * (words[w].length - 1))
  words[w] = words[w].slice(0, at) + words[w].slice(at + 1)
  return words.join(' ')
}

const log = (line) => process.stdout.write(`${line}\n`)

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

async function waitFor(url, child, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

/** Resident memory of a process in MB: its peak so far (VmHWM) or now (VmRSS). */
function rssMb(pid, field = 'VmHWM') {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
  return Math.round(kb / 1024)
}
const peakRssMb = (pid) => rssMb(pid)

/**
 * CPU time so far, in ms (where an order's CPU goes, by process): the server
 * processes, every PostgreSQL process on the machine, this process (the load generator, with
 * its threads), and the machine's busy and total time from /proc/stat.
 */
const TICK_MS = 1000 / 100 // USER_HZ is 100 on Linux
function cpuOfPid(pid, { reapedChildren = false } = {}) {
  try {
    // The fields after the command (which may hold spaces): utime and stime are the 12th and
    // 13th, then cutime and cstime, the time of the children it has waited for.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number)
    const own = (fields[11] ?? 0) + (fields[12] ?? 0)
    return (own + (reapedChildren ? (fields[13] ?? 0) + (fields[14] ?? 0) : 0)) * TICK_MS
  } catch {
    return 0 // the process ended
  }
}
function postgresCpuMs() {
  let sum = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // A backend that ends takes its time with it; the postmaster has it then, as its reaped
      // children's (the only postgres process with any).
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        sum += cpuOfPid(entry, { reapedChildren: true })
    } catch {
      // gone meanwhile
    }
  }
  return sum
}
function machineCpuMs() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/)
  const n = ticks.map(Number)
  const idle = (n[3] ?? 0) + (n[4] ?? 0)
  const total = n.reduce((a, b) => a + b, 0)
  return { busy: (total - idle) * TICK_MS, total: total * TICK_MS }
}
function cpuNow(servers) {
  const own = process.cpuUsage()
  return {
    server: servers.reduce((sum, server) => sum + cpuOfPid(server.pid), 0),
    postgres: postgresCpuMs(),
    load: (own.user + own.system) / 1000,
    machine: machineCpuMs(),
  }
}
/** CPU ms per request of each part between two readings, and how busy the machine was. */
function cpuPerRequest(before, after, requests) {
  const per = (ms) => (requests > 0 ? Number((ms / requests).toFixed(3)) : null)
  return {
    serverMs: per(after.server - before.server),
    postgresMs: per(after.postgres - before.postgres),
    loadGeneratorMs: per(after.load - before.load),
    machineBusyPct: Math.round(
      (100 * (after.machine.busy - before.machine.busy)) /
        Math.max(1, after.machine.total - before.machine.total),
    ),
  }
}

async function createDatabase() {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, drop: null }
  const name = `toolworks_bench_${Date.now().toString(36)}`
  const admin = new pg.Client({ connectionString: ADMIN_PG })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(ADMIN_PG)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: ADMIN_PG })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}

/** Generated rows on top of the demo data: tools, reviews, orders (SQL, in the database). */
async function fill(url) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const [{ image }] = (await client.query('select image from tools limit 1')).rows
  // The catalogue search: 40 categories (8 groups of 4) whose attributes the 8 groups hand down, and every
  // generated tool in one with generated specs, so the search and its facets have work to do.
  await client.query(
    `insert into categories (slug, name, description, parent_id, attributes)
     select 'bench-' || t, 'Bench group ' || t, 'Generated for the benchmark.', null, $1::jsonb
     from generate_series(1, 8) as t`,
    [JSON.stringify(BENCH_ATTRIBUTES)],
  )
  await client.query(
    `insert into categories (slug, name, description, parent_id)
     select 'bench-' || t || '-' || s, 'Bench group ' || t || '.' || s, '',
            (select id from categories where slug = 'bench-' || t)
     from generate_series(1, 8) as t, generate_series(1, 4) as s`,
  )
  await client.query(
    `insert into tools (name, description, image, price_cents, quantity, minimum, part_number,
                        category_id, specs, created_at)
     select (array['Claw','Torque','Bench','Socket','Long','Short','Heavy','Light','Metric',
                   'Imperial','Ball-end','Cobalt','Split','Slotted','Offset','Ratchet','Swivel',
                   'Flat','Round','Square','Precision','Compact','Insulated','Magnetic',
                   'Folding'])[1 + i % 25] || ' ' ||
            (array['hammer','wrench','vise','socket','hex key','drill','cap screw','disc',
                   'caliper','clamp','file','saw','snips','chisel','punch','gauge','glove',
                   'plier','screwdriver','tap','die','reamer','nut','washer','bolt','rivet',
                   'hinge','chuck','blade','brush','mallet','level','square','scriber',
                   'magnet','spring','pin','bearing','seal','belt'])[1 + (i / 25) % 40] || ' ' || i,
            'A generated tool for the benchmark, number ' || i || '.',
            $1, 100 + (i * 7919) % 100000, 100 + i % 900, 1 + i % 3, 'BN-' || lpad(i::text, 6, '0'),
            (select id from categories where slug = 'bench-' || (1 + i % 8) || '-' || (1 + (i / 8) % 4)),
            jsonb_build_object(
              'diameter', 1 + i % 30,
              'length', 10 + (i * 13) % 200,
              'material', (array['HSS','HSS-Co','Carbide','Stainless A2','Steel'])[1 + i % 5],
              'thread', 'M' || (4 + (i % 5) * 2)),
            now() - interval '1 day' - (i || ' seconds')::interval
     from generate_series(1, $2::int) as i`,
    [image, SIZES.tools - 16],
  )
  await client.query(
    `insert into reviews (customer_email, customer_name, review_text, stars, created_at)
     select 'reviewer.' || i || '@example.com', 'Reviewer ' || i,
            'Generated review ' || i || ': good tools, delivered on time.', 1 + i % 5,
            now() - interval '1 day' - (i || ' minutes')::interval
     from generate_series(1, $1::int) as i`,
    [SIZES.reviews - 10],
  )
  await client.query(
    `with t as (select id, name, price_cents, row_number() over (order by id) as rn from tools),
          n as (select count(*) as c from t)
     insert into orders (tool_id, tool_name, unit_price_cents, quantity, subtotal_cents, total_cents,
                         customer_email, customer_name, phone, address, status, paid,
                         transaction_id, created_at)
     select t.id, t.name, t.price_cents, 1 + g % 5, (1 + g % 5) * t.price_cents, (1 + g % 5) * t.price_cents,
            'buyer.' || (g % 500) || '@example.com', 'Buyer ' || (g % 500),
            '+880 1700 000000', 'Dhaka', case when g % 3 = 0 then 'paid' else 'unpaid' end,
            g % 3 = 0, case when g % 3 = 0 then 'pi_bench_' || g end,
            now() - (g || ' seconds')::interval
     from generate_series(1, $1::int) as g, n
     join t on true
     where t.rn = 1 + g % n.c`,
    [SIZES.orders],
  )
  await client.query('analyze')
  const counts = (
    await client.query(
      `select (select count(*) from tools)::int as tools, (select count(*) from reviews)::int as reviews,
              (select count(*) from orders)::int as orders`,
    )
  ).rows[0]
  // The tool the orders target: enough stock that no order of the run can be refused.
  const [{ id: orderToolId }] = (
    await client.query(
      `insert into tools (name, description, image, price_cents, quantity, minimum)
       values ('Benchmark spanner', 'Ordered by the benchmark.', $1, 1999, 10000000, 1)
       returning id`,
      [image],
    )
  ).rows
  await client.end()
  return { counts, image, orderToolId }
}

function startProcess(command, args, env) {
  const child = spawn(command, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (d) => (stderr += d.toString()))
  child.stderrText = () => stderr
  return child
}

async function signUpCustomer(base, n = 0) {
  const email = `bench.customer.${Date.now().toString(36)}.${n}@example.com`
  const password = 'bench-password-42'
  // Each customer from an address of its own (the server trusts the loopback proxy here):
  // sign-ups are limited per address.
  const headers = {
    'content-type': 'application/json',
    origin: base,
    'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  }
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Bench Customer', email, password }),
  })
  if (!res.ok) throw new Error(`sign-up: ${res.status} ${await res.text()}`)
  // Sign-up makes no session: the customer signs in next, as the Signup page does.
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  })
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`)
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const token = await fetch(`${base}/api/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  })
  if (!token.ok) throw new Error(`token: ${token.status} ${await token.text()}`)
  return (await token.json()).token
}

/**
 * Runs autocannon and keeps every response's time: autocannon's own percentiles skip p95, the
 * figure the search's goal is written in (p95 ≤ 30 ms), so it is worked out here by nearest rank.
 */
function cannon(options) {
  const times = []
  return new Promise((resolve, reject) => {
    const instance = autocannon({ timeout: 10, ...options }, (error, result) =>
      error ? reject(error) : resolve({ ...result, p95: percentile(times, 0.95) }),
    )
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime))
  })
}

/** The nearest-rank percentile of the times (ms, rounded like autocannon's), null for none. */
function percentile(times, p) {
  if (times.length === 0) return null
  const sorted = Float64Array.from(times).sort()
  return Math.round(sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)])
}

/** Signs up `count` customers, a few at a time (password hashing is the cost). */
async function signUpCustomers(base, count, first = 1) {
  const tokens = []
  for (let start = 0; start < count; start += 8) {
    const batch = Array.from({ length: Math.min(8, count - start) }, (_, i) =>
      signUpCustomer(base, first + start + i),
    )
    tokens.push(...(await Promise.all(batch)))
  }
  return tokens
}

/** Pays the run's unpaid orders every 200 ms, so no customer reaches the 10-unpaid limit. */
function payingCustomers(url, toolId) {
  const client = new pg.Client({ connectionString: url })
  let stopped = false
  const done = (async () => {
    await client.connect()
    while (!stopped) {
      await client.query(
        `update orders set status = 'paid', paid = true, transaction_id = 'pi_bench_' || id,
                payment_intent_id = 'pi_bench_' || id, paid_at = now()
         where tool_id = $1 and status = 'unpaid'`,
        [toolId],
      )
      await new Promise((r) => setTimeout(r, 200))
    }
    await client.end()
  })()
  return async () => {
    stopped = true
    await done
  }
}

function cannonOptions(target, connections, duration) {
  return {
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    ...(target.requests && { requests: target.requests }),
    connections,
    duration,
  }
}

async function measure(target, connections, servers) {
  const stopPaying = target.during?.()
  const cpuBefore = cpuNow(servers)
  const result = await cannon(cannonOptions(target, connections, DURATION_S)).finally(() =>
    stopPaying?.(),
  )
  const cpu = cpuPerRequest(cpuBefore, cpuNow(servers), result.requests.total)
  const statuses = {}
  for (const [code, count] of Object.entries(result.statusCodeStats ?? {})) {
    statuses[code] = count.count
  }
  const expected = new Set(target.expectStatus ?? [200])
  const unexpected = Object.entries(statuses)
    .filter(([code]) => !expected.has(Number(code)))
    .reduce((sum, [, n]) => sum + n, 0)
  return {
    target: target.name,
    connections,
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p95Ms: result.p95,
    p97_5Ms: result.latency.p97_5,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + unexpected,
    statuses,
    cpu,
  }
}

async function main() {
  const machine = {
    cores: os.cpus().length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    date: new Date().toISOString(),
    // The run is pasted into docs/performance.md with the commit it measured.
    commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
    }).stdout.trim(),
    dirty:
      spawnSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).stdout.trim() !==
      '',
    redis: Boolean(process.env.BENCH_REDIS_URL),
    s3: S3,
    processes: PROCESSES,
  }
  if (PROCESSES !== 1 && PROCESSES !== 2) throw new Error('BENCH_PROCESSES is 1 or 2')
  log(
    `# Toolworks load benchmark (${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.node}, commit ${machine.commit}${machine.dirty ? ' + changes' : ''}${machine.redis ? ', Redis' : ''}${S3 ? ', files on the S3 stand-in' : ''}${PROCESSES > 1 ? `, ${PROCESSES} processes behind nginx` : ''})`,
  )
  if (!process.env.BENCH_SKIP_BUILD) {
    log('building ...')
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' })
    if (built.status !== 0) throw new Error('npm run build failed')
  }

  const database = await createDatabase()
  const s3 = S3 ? await startS3StandIn('toolworks-bench') : undefined
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolworks-bench-'))
  const ports = [await freePort()]
  if (PROCESSES > 1) ports.push(await freePort())
  const processUrl = (port) => `http://127.0.0.1:${port}`
  // One process is asked directly; two are asked through nginx on a port of its own.
  const nginxPort = PROCESSES > 1 ? await freePort() : undefined
  const base = processUrl(nginxPort ?? ports[0])
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PORT: String(ports[0]),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    AUTH_SECRET: 'benchmark-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
    SEED_DEMO: 'true',
    // The bench signs its customers up from many addresses through the loopback (see above).
    TRUST_PROXY: '127.0.0.1',
    // The load generator reads the catalogue far past one visitor's read limit, from here.
    SEARCH_LIMIT_ALLOW: '127.0.0.1',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    // Limits and sessions on Redis (e.g. redis://127.0.0.1:6379/0) instead of
    // PostgreSQL, as a shop past one machine runs.
    ...(process.env.BENCH_REDIS_URL && { REDIS_URL: process.env.BENCH_REDIS_URL }),
    ...s3?.env,
    // glibc's malloc arenas, to try a bound on memory outside the heap.
    ...(process.env.MALLOC_ARENA_MAX && { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX }),
  }
  const servers = []
  let nginx
  let limit
  try {
    // First start: migrate and seed the demo catalogue (with its images), then stop.
    const first = startProcess('node', ['apps/server/dist/server.js'], env)
    await waitFor(`${processUrl(ports[0])}/api/health`, first)
    first.kill('SIGTERM')
    await new Promise((r) => first.once('exit', r))

    log(`filling ${database.url.replace(/\/\/[^@]*@/, '//')} ...`)
    const { counts, image, orderToolId } = await fill(database.url)
    log(`catalogue: ${counts.tools} tools, ${counts.reviews} reviews, ${counts.orders} orders`)

    // The same Node flags as `npm start` (scripts/start.mjs); BENCH_NODE_FLAGS to try others.
    const nodeFlags = process.env.BENCH_NODE_FLAGS
      ? process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean)
      : SERVER_NODE_FLAGS
    for (const port of ports) {
      const server = startProcess('node', [...nodeFlags, 'apps/server/dist/server.js'], {
        ...env,
        PORT: String(port),
      })
      servers.push(server)
      await waitFor(`${processUrl(port)}/api/health`, server)
    }
    if (nginxPort) {
      nginx = startNginx({ ports, listenPort: nginxPort })
      await waitFor(`${base}/api/health`, nginx.child)
    }

    const html = await (await fetch(`${base}/`)).text()
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    const someTool = (await (await fetch(`${base}/api/tool?limit=1`)).json())[0]
    const catalogueBytes = Buffer.from(
      await (await fetch(`${base}/api/tool?limit=20`)).arrayBuffer(),
    )
    // BENCH_ONLY=<regex> measures a subset while tuning (the limit always runs); the order
    // target's customers are signed up only when it runs (the hashing takes a minute).
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined
    const ordering = !only || only.test('POST /api/purchase')
    if (ordering) log(`signing up ${ORDER_ACCOUNTS} customers for the order target ...`)
    // The peak after each phase, so the phase that raised it shows.
    const phases = []
    const notePhase = (after) =>
      phases.push({
        after,
        peakMb: servers.map((server) => peakRssMb(server.pid)),
        nowMb: servers.map((server) => rssMb(server.pid, 'VmRSS')),
      })
    notePhase('start')
    const tokens = ordering ? await signUpCustomers(base, ORDER_ACCOUNTS) : []
    // Quick order: 200 lines of generated part numbers (each minimum at most 3),
    // from 10 buyers in turn, each request adding to its buyer's cart.
    const quickOrdering = !only || only.test('POST /api/cart/quick quick-order')
    // Addresses of their own, past the order target's (sign-ups are limited per address).
    const quickTokens = quickOrdering ? await signUpCustomers(base, 10, 100_000) : []
    notePhase(`sign-ups (${tokens.length + quickTokens.length})`)
    let nextQuick = 0
    const quickText = Array.from(
      { length: 200 },
      (_, i) => `BN-${String(1 + i * 47).padStart(6, '0')} 3`,
    ).join('\n')
    let nextToken = 0
    const [{ quantity: stockBefore }] = (
      await (async () => {
        const c = new pg.Client({ connectionString: database.url })
        await c.connect()
        const r = await c.query('select quantity from tools where id = $1', [orderToolId])
        await c.end()
        return r
      })()
    ).rows

    // The limit: the same bytes from memory, in a process of its own like ours.
    const limitPort = await freePort()
    const limitFile = path.join(dataDir, 'limit-body.json')
    writeFileSync(limitFile, catalogueBytes)
    limit = startProcess(
      'node',
      [
        '-e',
        `const body = require('fs').readFileSync(${JSON.stringify(limitFile)});
         require('http').createServer((req, res) => {
           res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
           res.end(body);
         }).listen(${limitPort}, '127.0.0.1')`,
      ],
      {},
    )
    await waitFor(`http://127.0.0.1:${limitPort}/`, limit)

    const limitTarget = {
      name: 'the limit (same bytes, bare node:http)',
      url: `http://127.0.0.1:${limitPort}/api/tool?limit=20`,
    }
    // `tag`: a shorter name for BENCH_ONLY (BENCH_ONLY=catalogue runs the list and the limit).
    const catalogue = {
      name: 'GET /api/tool?limit=20',
      tag: 'catalogue',
      url: `${base}/api/tool?limit=20`,
    }
    const targets = [
      limitTarget,
      catalogue,
      { name: 'GET /api/tool/{id}', url: `${base}/api/tool/${someTool._id}` },
      { name: 'GET /api/review?limit=8', url: `${base}/api/review?limit=8` },
      { name: 'GET / (HTML)', url: `${base}/` },
      { name: 'GET hashed JS asset', url: `${base}${asset}` },
      { name: 'GET /media image', url: `${base}${image}` },
      {
        name: 'POST /api/purchase',
        url: `${base}/api/purchase`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          toolsId: orderToolId,
          purchaseQuantity: 1,
          phone: '+880 1700 000000',
          address: 'Plot 7, BSCIC Industrial Area, Gazipur',
        }),
        // Each request from the next customer: within the per-account limits (a 429 is an error).
        requests: [
          {
            setupRequest: (req) => {
              nextToken = (nextToken + 1) % tokens.length
              return {
                ...req,
                headers: { ...req.headers, authorization: `Bearer ${tokens[nextToken]}` },
              }
            },
          },
        ],
        during: () => payingCustomers(database.url, orderToolId),
        expectStatus: [201, 409],
      },
      {
        name: 'POST /api/cart/quick (200 lines)',
        tag: 'quick-order',
        url: `${base}/api/cart/quick`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: quickText }),
        requests: [
          {
            setupRequest: (req) => {
              nextQuick = (nextQuick + 1) % quickTokens.length
              return {
                ...req,
                headers: { ...req.headers, authorization: `Bearer ${quickTokens[nextQuick]}` },
              }
            },
          },
        ],
      },
      // The catalogue search, each request a search of its own (see randomSearch): the page of
      // results and the facets of one search, as /products asks them, one after the other on
      // each connection; then the words alone; then the facets alone.
      {
        name: 'GET /api/tool + /api/tool/facets (typo, 2 spec filters)',
        tag: 'search',
        url: `${base}/api/tool`,
        requests: [
          {
            setupRequest: (req, context) => {
              context.search = randomSearch()
              return { ...req, path: `/api/tool?${context.search}&limit=24` }
            },
          },
          {
            setupRequest: (req, context) => ({
              ...req,
              path: `/api/tool/facets?${context.search}`,
            }),
          },
        ],
      },
      {
        name: 'GET /api/tool?q= (words with a typo)',
        tag: 'search',
        url: `${base}/api/tool`,
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              path: `/api/tool?${new URLSearchParams({ q: randomTypoQuery(), limit: '24' })}`,
            }),
          },
        ],
      },
      {
        name: 'GET /api/tool/facets (typo, 2 spec filters)',
        tag: 'search',
        url: `${base}/api/tool/facets`,
        requests: [
          { setupRequest: (req) => ({ ...req, path: `/api/tool/facets?${randomSearch()}` }) },
        ],
      },
      // Interleaved: the limit again after ours, so a drift of the machine shows.
      limitTarget,
    ]

    const chosen = targets.filter(
      (t) => !only || t === limitTarget || only.test(`${t.name} ${t.tag ?? ''}`),
    )
    const rows = []
    for (const target of chosen) {
      log(`warming up ${target.name} ...`)
      const stopPaying = target.during?.()
      await cannon(cannonOptions(target, 10, WARMUP_S)).finally(() => stopPaying?.())
      for (const connections of CONNECTIONS) {
        const row = await measure(target, connections, servers)
        rows.push(row)
        notePhase(`${target.name} at ${connections}`)
        log(
          `  ${connections} connections: ${row.reqPerSec} req/s, p50 ${row.p50Ms} ms, p95 ${row.p95Ms} ms, p97.5 ${row.p97_5Ms} ms, p99 ${row.p99Ms} ms, errors ${row.errors}`,
        )
        log(
          `    CPU per request: server ${row.cpu.serverMs} ms, PostgreSQL ${row.cpu.postgresMs} ms, load generator ${row.cpu.loadGeneratorMs} ms; machine ${row.cpu.machineBusyPct} % busy`,
        )
      }
    }

    const c = new pg.Client({ connectionString: database.url })
    await c.connect()
    const stock = (
      await c.query(
        `select t.quantity as stock,
                (select coalesce(sum(quantity), 0)::int from orders
                  where tool_id = t.id and status <> 'cancelled') as ordered,
                (select count(*)::int from orders where tool_id = t.id) as orders
         from tools t where t.id = $1`,
        [orderToolId],
      )
    ).rows[0]
    await c.end()
    const stockExact = stock.stock === stockBefore - stock.ordered

    // The largest process's peak: the peak-RSS bound (200 MB, docs/performance.md) is per process.
    const perProcessMb = servers.map((server) => peakRssMb(server.pid))
    const rss = { serverPeakMb: Math.max(...perProcessMb), perProcessMb, phases }
    const limitRows = rows.filter((r) => r.target === limitTarget.name)
    const ratios = CONNECTIONS.map((n) => {
      const ours = rows.find((r) => r.target === catalogue.name && r.connections === n)
      if (!ours) return { connections: n, ratio: null }
      const best = Math.max(...limitRows.filter((r) => r.connections === n).map((r) => r.reqPerSec))
      return { connections: n, ratio: Number((ours.reqPerSec / best).toFixed(2)) }
    })

    log('')
    log(`| target | connections | req/s | p50 ms | p95 ms | p97.5 ms | p99 ms | errors |`)
    log(`| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`)
    for (const r of rows) {
      log(
        `| ${r.target} | ${r.connections} | ${r.reqPerSec} | ${r.p50Ms} | ${r.p95Ms} | ${r.p97_5Ms} | ${r.p99Ms} | ${r.errors} |`,
      )
    }
    log('')
    for (const r of ratios) log(`catalogue / limit at ${r.connections} connections: ${r.ratio}`)
    log(
      `orders placed by the run: ${stock.orders}; stock ${stockBefore} → ${stock.stock}, exact: ${stockExact}`,
    )
    log(`server peak RSS: ${perProcessMb.join(' MB, ')} MB; after each phase (peak / now):`)
    for (const p of phases) {
      log(`  ${p.after}: ${p.peakMb.join(', ')} / ${p.nowMb.join(', ')} MB`)
    }

    const results = {
      machine,
      sizes: counts,
      warmupSeconds: WARMUP_S,
      durationSeconds: DURATION_S,
      rows,
      ratios,
      orders: { ...stock, stockBefore, stockExact },
      rss,
    }
    // A subset (BENCH_ONLY) does not replace the last full run's figures.
    const file = only ? 'bench/results/subset.json' : 'bench/results/latest.json'
    mkdirSync(path.join(root, 'bench/results'), { recursive: true })
    // In the repository's format, so the committed results pass `prettier --check`.
    const target = path.join(root, file)
    const json = JSON.stringify({ only: only?.source, ...results })
    const options = await prettier.resolveConfig(target)
    writeFileSync(target, await prettier.format(json, { ...options, filepath: target }))
    log(`written ${file}`)
  } finally {
    limit?.kill('SIGKILL')
    await nginx?.stop()
    for (const server of servers) {
      if (server.exitCode !== null) continue
      server.kill('SIGTERM')
      await new Promise((r) => server.once('exit', r))
    }
    await database.drop?.()
    await s3?.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`)
  process.exit(1)
})
