import net from 'node:net'

import { expect } from 'vitest'

import { startServer } from './server-process.js'

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * SIGTERM drains, on whichever database `env` names: a contact message whose body
 * arrives in two halves with SIGTERM in between is answered 201 (with connection: close),
 * a new connection is refused meanwhile, and the process exits 0 within 10 s. Returns the
 * milliseconds from SIGTERM to the exit.
 *
 * Fastify keeps a socket alive 72 s after an answer; app.ts closes the connection of every
 * request answered while draining, which is what lets close() end well within the grace time.
 */
export async function expectSigtermDrains(
  env: Record<string, string>,
  onTestFinished: (fn: () => Promise<void>) => void,
) {
  const server = await startServer(env)
  onTestFinished(async () => void (await server.kill('SIGKILL')))
  const port = Number(new URL(server.url).port)

  // A contact message whose body arrives in two halves, with SIGTERM in between.
  const body = JSON.stringify({
    name: 'Karim Uddin',
    email: 'karim@example.com',
    message: 'Sent across a shutdown.',
  })
  const socket = net.connect(port, '127.0.0.1')
  let answer = ''
  socket.on('data', (d: Buffer) => (answer += d.toString()))
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  await new Promise<void>((resolve) => socket.on('connect', () => resolve()))
  socket.write(
    `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 20)}`,
  )
  await wait(300)

  const signalled = Date.now()
  const exited = server.kill('SIGTERM')
  while (!server.output().includes('shutting down')) await wait(20)
  await wait(100)
  const late = await new Promise<string>((resolve) => {
    const probe = net.connect(port, '127.0.0.1')
    probe.on('error', () => resolve('refused'))
    probe.on('connect', () => {
      probe.destroy()
      resolve('accepted')
    })
  })
  expect(late).toBe('refused')

  socket.write(body.slice(20))
  await closed
  expect(answer).toMatch(/^HTTP\/1\.1 201 /)
  expect(answer).toMatch(/\r\nconnection: close\r\n/i)

  const code = await Promise.race([exited, wait(10_000).then(() => 'still running')])
  expect(code, server.output().slice(-3000)).toBe(0)
  /** Milliseconds from SIGTERM to the exit. */
  return Date.now() - signalled
}
