import net from 'node:net'

import { ErrorBodySchema } from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import { buildApp, type App } from '../src/app.js'
import { bearer, signUp } from './accounts.js'
import { testConfig, useTestApp } from './app.js'
import { useTestDatabase } from './database.js'
import { appTables, databaseDigest } from './db-digest.js'
import { insertTool } from './factories.js'

const database = useTestDatabase()
const testApp = useTestApp(database)
const MB = 1_048_576

function order(toolsId: string, address: string) {
  return JSON.stringify({ toolsId, purchaseQuantity: 1, phone: '+880 1700 000000', address })
}

describe('request body limit (1 MB of JSON)', () => {
  test('a JSON body over 1 MB is a 413 JSON error and changes nothing', async () => {
    const app = testApp.current
    const user = await signUp(app)
    const tool = await insertTool(database.current.db)
    const tables = await appTables(database.current.db)
    const before = await databaseDigest(database.current.db, tables)

    const payload = order(tool.id, 'x'.repeat(MB))
    expect(Buffer.byteLength(payload)).toBeGreaterThan(MB)
    const res = await app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: { ...bearer(user), 'content-type': 'application/json' },
      payload,
    })
    expect(res.statusCode).toBe(413)
    expect(ErrorBodySchema.parse(res.json()).error.code).toBe('PAYLOAD_TOO_LARGE')
    expect(await databaseDigest(database.current.db, tables)).toEqual(before)
  })

  test('a body just under 1 MB passes the limit and meets the field rules instead', async () => {
    const app = testApp.current
    const user = await signUp(app)
    const tool = await insertTool(database.current.db)
    const payload = order(tool.id, 'x'.repeat(MB - 200))
    expect(Buffer.byteLength(payload)).toBeLessThan(MB)
    const res = await app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: { ...bearer(user), 'content-type': 'application/json' },
      payload,
    })
    expect(res.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(res.json()).error.fields).toHaveProperty('address')
  })

  test('a chunked body without a length is cut at 1 MB over real HTTP too', async ({
    onTestFinished,
  }) => {
    const { url } = await listening(onTestFinished)
    const chunk = 'y'.repeat(64 * 1024)
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"message":"'))
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode(chunk))
        controller.enqueue(new TextEncoder().encode('"}'))
        controller.close()
      },
    })
    const res = await fetch(`${url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    })
    expect(res.status).toBe(413)
    expect(ErrorBodySchema.parse(await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE')
  })
})

/** The app listening on a free loopback port, with a short request timeout. */
async function listening(
  onTestFinished: (fn: () => Promise<void>) => void,
  requestTimeoutMs = 30_000,
): Promise<{ app: App; url: string; port: number }> {
  const app = await buildApp({
    config: testConfig({}, { requestTimeoutMs }),
    database: database.current,
    logger: false,
  })
  onTestFinished(() => app.close())
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { app, url: `http://127.0.0.1:${port}`, port }
}

/**
 * Opens a raw socket, sends `text`, then sends nothing more; resolves with everything the
 * server wrote once it closes the connection.
 */
function stallAfter(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text))
    let received = ''
    socket.on('data', (d: Buffer) => (received += d.toString()))
    socket.on('error', reject)
    socket.on('close', () => resolve(received))
  })
}

describe('slow clients', () => {
  // The request timeout is 500 ms here; each test's own timeout (10 s) is the bound.
  test(
    'a client that stalls in the middle of its headers gets 408 and the connection closes',
    { timeout: 10_000 },
    async ({ onTestFinished }) => {
      const { port } = await listening(onTestFinished, 500)
      const answer = await stallAfter(port, 'GET /api/tool HTTP/1.1\r\nHost: local')
      expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    },
  )

  test(
    'a client that sends its headers and then stalls in the body is cut off',
    { timeout: 10_000 },
    async ({ onTestFinished }) => {
      const { port } = await listening(onTestFinished, 500)
      const answer = await stallAfter(
        port,
        'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na',
      )
      // Node answers nothing once the request has reached the app; the socket is closed.
      expect(answer === '' || answer.startsWith('HTTP/1.1 408 ')).toBe(true)
    },
  )

  test(
    'a request refused before its body arrives is answered, and the socket is cut if the body never comes',
    { timeout: 10_000 },
    async ({ onTestFinished }) => {
      // The request timeout stays long: only the bounded wait for the rest of the body
      // (plugins/lingering-close.ts, LINGER_MS) ends this socket.
      const { port } = await listening(onTestFinished, 30_000)
      const answer = await stallAfter(
        port,
        'POST /api/tool HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
      )
      expect(answer).toMatch(/^HTTP\/1\.1 401 /)
    },
  )

  test(
    'stalled clients do not hold up anyone else, and the server still closes',
    { timeout: 10_000 },
    async ({ onTestFinished }) => {
      const { app, port, url } = await listening(onTestFinished, 500)
      const stalled = Array.from({ length: 20 }, (_, i) =>
        stallAfter(
          port,
          i % 2 === 0
            ? 'POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n'
            : 'GET /api/tool HTTP/1.1\r\nHost: x\r\nAccept: ',
        ),
      )
      const res = await fetch(`${url}/api/health`)
      expect(res.status).toBe(200)
      const answers = await Promise.all(stalled)
      expect(answers.filter((a) => a.startsWith('HTTP/1.1 408 '))).toHaveLength(10)
      await app.close()
    },
  )
})
