import net from 'node:net'

import { ErrorBodySchema } from '@toolworks/shared'
import { expect, test } from 'vitest'

import { buildApp } from '../src/app.js'
import { createUser } from './users.js'
import { testConfig } from './app.js'
import { useTestDatabase } from './database.js'

const database = useTestDatabase()
const MB = 1_048_576

async function listening(onTestFinished: (fn: () => Promise<void>) => void) {
  const app = await buildApp({ config: testConfig(), database: database.current, logger: false })
  onTestFinished(() => app.close())
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { app, url: `http://127.0.0.1:${port}` }
}

function imageForm(bytes: number): FormData {
  const form = new FormData()
  form.append('image', new Blob([Buffer.alloc(bytes, 7)], { type: 'image/png' }), 'big.png')
  return form
}

/** What Node's fetch reports: the status and error code, or the network error it met. */
async function attempt(url: string, init: RequestInit): Promise<string> {
  try {
    const res = await fetch(url, init)
    return `${res.status} ${ErrorBodySchema.parse(await res.json()).error.code}`
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    return `network error: ${cause?.code ?? cause?.message ?? String(error)}`
  }
}

// A refusal sent before the body is read must reach the client. The server
// answers, then reads and discards the rest of the body (bounded) instead of closing on it.
test('an upload refused before its body is read reaches Node fetch as a 401/403, every time', async ({
  onTestFinished,
}) => {
  const { app, url } = await listening(onTestFinished)
  const customer = await createUser(app)
  const results: string[] = []
  for (let i = 0; i < 6; i++) {
    results.push(
      await attempt(`${url}/api/media`, { method: 'POST', body: imageForm(5 * MB - 64 * 1024) }),
      await attempt(`${url}/api/media`, {
        method: 'POST',
        headers: { authorization: `Bearer ${customer.token}` },
        body: imageForm(5 * MB - 64 * 1024),
      }),
    )
  }
  expect(results).toEqual(
    Array.from({ length: 6 }, () => ['401 UNAUTHENTICATED', '403 FORBIDDEN']).flat(),
  )
})

test('a JSON body over the limit reaches Node fetch as a 413, every time', async ({
  onTestFinished,
}) => {
  const { url } = await listening(onTestFinished)
  const body = JSON.stringify({ message: 'x'.repeat(MB + 200 * 1024) })
  const results: string[] = []
  for (let i = 0; i < 5; i++) {
    results.push(
      await attempt(`${url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }),
    )
  }
  expect(results).toEqual(Array.from({ length: 5 }, () => '413 PAYLOAD_TOO_LARGE'))
})

/**
 * Sends the head of an upload and a first slice of its body, waits for the answer, then
 * sends the rest slowly and asks a second question on the same connection. Resolves with
 * everything the server wrote, or the socket error the client met.
 */
function uploadThenAskAgain(port: number, bodyBytes: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    let received = ''
    let phase: 'head' | 'rest' = 'head'
    const slice = Buffer.alloc(64 * 1024, 7)
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(`socket error ${error.code}`))
    socket.on('close', () => resolve(received))
    async function sendRest() {
      // The answer is in; now the rest of the body, in slices, as a slow uplink would.
      for (let sent = slice.length; sent < bodyBytes; sent += slice.length) {
        const part = slice.subarray(0, Math.min(slice.length, bodyBytes - sent))
        if (!socket.write(part)) await new Promise((r) => socket.once('drain', r))
        await new Promise((r) => setImmediate(r))
      }
      socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    }
    socket.on('data', (data: Buffer) => {
      received += data.toString('latin1')
      if (phase === 'head' && received.includes('\r\n\r\n')) {
        phase = 'rest'
        void sendRest()
      }
    })
    socket.write(
      `POST /api/media HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${bodyBytes}\r\n\r\n`,
    )
    socket.write(slice)
  })
}

test('after an early refusal the server reads the rest of the body: no reset, the connection stays usable', async ({
  onTestFinished,
}) => {
  const { app } = await listening(onTestFinished)
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const transcript = await uploadThenAskAgain(port, 2 * MB)
  expect(transcript).toMatch(/^HTTP\/1\.1 401 /)
  expect(transcript).toContain('UNAUTHENTICATED')
  // The second answer arrived on the same socket: the body was read, not cut off.
  expect(transcript).toMatch(/HTTP\/1\.1 200 [\s\S]*"status"/)
})

test('a refused body far over the route limit is not read forever: the socket is cut', async ({
  onTestFinished,
}) => {
  const { url } = await listening(onTestFinished)
  // 1 MB routes read at most twice their limit after a refusal; 8 MB is cut off.
  const outcome = await attempt(`${url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message: 'x'.repeat(8 * MB) }),
  })
  // Either the client saw the 413 before the cut, or the cut itself; never a hang or a 2xx.
  expect(outcome).toMatch(/^(413 PAYLOAD_TOO_LARGE|network error)/)
})
