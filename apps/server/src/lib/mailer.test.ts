import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
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

test('every message has a Message-ID and MIME boundaries of its own', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolworks-mailer-'))
  const mailer = createMailer({ smtpUrl: undefined, dataDir, log: { info: () => {} } })
  const outbox = path.join(dataDir, 'outbox')
  for (const n of [1, 2, 3]) {
    await mailer.send({ to: 'a@example.com', subject: `N${n}`, text: 'plain', html: '<p>rich</p>' })
  }
  const messages = readdirSync(outbox).map((f) => readFileSync(path.join(outbox, f), 'utf8'))
  const ids = messages.map((m) => /^Message-ID: (<[^>]+>)$/m.exec(m)?.[1])
  const boundaries = messages.map((m) => /boundary="([^"]+)"/.exec(m)?.[1])
  for (const id of ids) expect(id).toMatch(/^<[0-9a-f-]{36}@toolworks\.example>$/)
  expect(new Set(ids).size).toBe(3)
  expect(new Set(boundaries).size).toBe(3)
  // Each message's text and HTML parts sit between its own boundary lines.
  messages.forEach((m, i) => {
    expect(m.split(`--${boundaries[i]}\n`)).toHaveLength(3)
    expect(m).toContain(`--${boundaries[i]}--`)
  })
})
