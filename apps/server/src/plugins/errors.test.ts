import { Writable } from 'node:stream'

import Fastify from 'fastify'
import { expect, test } from 'vitest'

import { errorsPlugin } from './errors.js'

test('an unexpected error is logged with its route pattern, never the values of its parameters', async ({
  onTestFinished,
}) => {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString())
      done()
    },
  })
  const app = Fastify({ logger: { level: 'info', stream } })
  onTestFinished(() => app.close())
  await app.register(errorsPlugin)
  app.get('/api/auth/reset-password/:token', async () => {
    throw new Error('boom')
  })
  const token = 'one-time-reset-token-7f3a9c'
  const res = await app.inject({ method: 'GET', url: `/api/auth/reset-password/${token}` })
  expect(res.statusCode).toBe(500)
  expect(res.body).not.toContain('boom')
  const errorLine = lines.find((line) => line.includes('unexpected error'))
  expect(errorLine).toBeDefined()
  expect(errorLine).toContain('/api/auth/reset-password/:token')
  expect(errorLine).not.toContain(token)
})
