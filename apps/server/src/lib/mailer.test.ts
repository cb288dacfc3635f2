import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { expect, test } from 'vitest'

import { createMailer } from './mailer.js'

test('outbox messages (they hold reset and verification links) are readable by the owner only', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolworks-mailer-'))
  const mailer = createMailer({ smtpUrl: undefined, dataDir, log: { info: () => {} } })
  await mailer.send({ to: 'someone@example.com', subject: 'Reset', text: 'https://x/reset/abc' })
  const outbox = path.join(dataDir, 'outbox')
  expect(statSync(outbox).mode & 0o077).toBe(0)
  const files = readdirSync(outbox)
  expect(files).toHaveLength(1)
  expect(statSync(path.join(outbox, files[0]!)).mode & 0o777).toBe(0o600)
})

test('an outbox removed while the server runs is made again by the next message', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolworks-mailer-'))
  const mailer = createMailer({ smtpUrl: undefined, dataDir, log: { info: () => {} } })
  const outbox = path.join(dataDir, 'outbox')
  await mailer.send({ to: 'a@example.com', subject: 'One', text: 'one' })
  await mailer.send({ to: 'a@example.com', subject: 'Two', text: 'two' })
  expect(readdirSync(outbox)).toHaveLength(2)
  rmSync(outbox, { recursive: true })
  await mailer.send({ to: 'a@example.com', subject: 'Three', text: 'three' })
  expect(readdirSync(outbox)).toHaveLength(1)
  expect(statSync(outbox).mode & 0o077).toBe(0)
})
