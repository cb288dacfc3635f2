import {
  ErrorBodySchema,
  messages,
  QUOTE_DRAWING_MAX_BYTES,
  quoteRuleWords,
} from '@toolworks/shared'
import { expect, test } from 'vitest'

import { bearer } from '../../../test/accounts.js'
import { createUser, markVerified } from '../../../test/users.js'
import { buildTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { drawings, notDrawings } from '../../../test/drawings.js'
import { quoteFields } from '../../../test/quotes.js'

/**
 * Over a real socket: a drawing refused while the form is still
 * arriving must reach the browser as the refusal, not as a reset connection, so the page can
 * show the reason next to the file.
 */

const database = useTestDatabase()
const m = quoteRuleWords

function form(files: { name: string; bytes: Buffer }[]): FormData {
  const body = new FormData()
  for (const [name, value] of Object.entries(quoteFields())) body.append(name, String(value))
  for (const file of files) body.append('drawings', new Blob([file.bytes]), file.name)
  return body
}

async function attempt(url: string, init: RequestInit): Promise<string> {
  try {
    const res = await fetch(url, init)
    const body = ErrorBodySchema.safeParse(await res.json())
    return `${res.status} ${body.success ? body.data.error.message : 'ok'}`
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    return `network error: ${cause?.code ?? cause?.message ?? String(error)}`
  }
}

test('refusals of big uploads reach Node fetch with their reasons', async ({ onTestFinished }) => {
  const app = await buildTestApp(database.current, onTestFinished)
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/quote`
  const buyer = await createUser(app)
  // Drawings need a verified e-mail.
  await markVerified(app, buyer.email)
  const big = Buffer.alloc(QUOTE_DRAWING_MAX_BYTES + 1, 0x20)
  drawings.pdf.bytes.copy(big)
  const pdf = (name: string) => ({ name, bytes: drawings.pdf.bytes })

  const results = [
    // Anonymous, with 2 × 20 MB: refused before the body is read.
    await attempt(url, {
      method: 'POST',
      body: form([
        { name: 'a.pdf', bytes: big.subarray(1) },
        { name: 'b.pdf', bytes: big.subarray(1) },
      ]),
    }),
    // The second file is over 20 MB, and a third follows it.
    await attempt(url, {
      method: 'POST',
      headers: bearer(buyer),
      body: form([pdf('ok.pdf'), { name: 'huge.pdf', bytes: big }, pdf('after.pdf')]),
    }),
    await attempt(url, {
      method: 'POST',
      headers: bearer(buyer),
      body: form(Array.from({ length: 6 }, (_, i) => pdf(`${i}.pdf`))),
    }),
    await attempt(url, {
      method: 'POST',
      headers: bearer(buyer),
      body: form([{ name: 'setup.pdf', bytes: notDrawings.exe }]),
    }),
    await attempt(url, { method: 'POST', headers: bearer(buyer), body: form([pdf('fine.pdf')]) }),
  ]
  expect(results).toEqual([
    `401 ${messages.errors.UNAUTHENTICATED}`,
    `413 ${m.drawingTooLarge('huge.pdf')}`,
    `400 ${m.tooManyDrawings(5)}`,
    `400 ${m.drawingNotAccepted('setup.pdf')}`,
    '201 ok',
  ])
})
