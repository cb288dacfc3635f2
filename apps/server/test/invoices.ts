import { readdir, readFile } from 'node:fs/promises'
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import { expect } from 'vitest'

import type { App } from '../src/app.js'
import type { Db } from '../src/db/client.js'
import { bearer, type TestUser } from './accounts.js'
import { insertTool } from './factories.js'
import { openPaymentPage, purchase } from './orders.js'

/** Helpers of the order e-mail and invoice tests. */

export type SentMail = { to: string; subject: string; text: string; html: string }

const decodeQuotedPrintable = (body: string) =>
  Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8')

function decodePart(part: string): { type: string; body: string } {
  const split = part.search(/\r?\n\r?\n/)
  const head = part.slice(0, split)
  const body = part.slice(split).replace(/^\r?\n\r?\n/, '')
  const type = /content-type:\s*([^;\s]+)/i.exec(head)?.[1]?.toLowerCase() ?? ''
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase() ?? ''
  if (encoding === 'base64') return { type, body: Buffer.from(body, 'base64').toString('utf8') }
  if (encoding === 'quoted-printable') return { type, body: decodeQuotedPrintable(body) }
  return { type, body }
}

/** MIME encoded words (=?UTF-8?Q?…?= or ?B?) in a header, decoded. */
const decodeHeader = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )

/** Every e-mail in the app's outbox to the address, oldest first, its parts decoded. */
export async function mailsTo(app: App, email: string): Promise<SentMail[]> {
  const outbox = path.join(app.config.dataDir, 'outbox')
  const files = (await readdir(outbox).catch(() => [])).sort()
  const mails: SentMail[] = []
  for (const file of files) {
    const raw = await readFile(path.join(outbox, file), 'utf8')
    const headEnd = raw.search(/\r?\n\r?\n/)
    const head = raw.slice(0, headEnd).replace(/\r?\n[ \t]+/g, ' ')
    const to = /^To:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? ''
    if (!to.includes(email)) continue
    const subject = decodeHeader(/^Subject:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? '')
    const boundary = /boundary="?([^";\s]+)"?/i.exec(head)?.[1]
    const parts = boundary
      ? raw
          .split(`--${boundary}`)
          .slice(1, -1)
          .map((p) => decodePart(p.replace(/^\r?\n/, '')))
      : [decodePart(raw)]
    mails.push({
      to,
      subject,
      text: parts.find((p) => p.type === 'text/plain')?.body ?? '',
      html: parts.find((p) => p.type === 'text/html')?.body ?? '',
    })
  }
  return mails
}

/** Places a one-tool order and answers its id. */
export async function placeOrder(
  app: App,
  db: Db,
  user: TestUser,
  tool: { name?: string; priceCents?: number; quantity?: number } = {},
) {
  const row = await insertTool(db, {
    ...(tool.name !== undefined && { name: tool.name }),
    priceCents: tool.priceCents ?? 1999,
    quantity: 1000,
  })
  const res = await purchase(app, user, row.id, tool.quantity ?? 3)
  expect(res.statusCode, res.body).toBe(201)
  return res.json<{ insertedId: string }>().insertedId
}

/** Pays an order in the sandbox with 4242…, confirmed by the card and then by the client. */
export async function payOrder(app: App, user: TestUser, orderId: string) {
  const intent = await openPaymentPage(app, user, orderId)
  const confirmed = await confirmCard(app, intent.clientSecret)
  expect(confirmed.statusCode, confirmed.body).toBe(200)
  const paid = await markPaid(app, user, orderId, intent.paymentIntentId)
  expect(paid.statusCode, paid.body).toBe(200)
  return intent.paymentIntentId
}

export const confirmCard = (app: App, clientSecret: string, number = '4242 4242 4242 4242') =>
  app.inject({
    method: 'POST',
    url: '/api/sandbox/payment_intents/confirm',
    payload: {
      clientSecret,
      card: { number, expMonth: 12, expYear: 2034, cvc: '123' },
      billingDetails: { name: 'A', email: 'a@example.com' },
    },
  })

export const markPaid = (app: App, user: TestUser, orderId: string, transactionId: string) =>
  app.inject({
    method: 'PATCH',
    url: `/api/purchase/${orderId}`,
    headers: bearer(user),
    payload: { transactionId },
  })

const run = promisify(execFile)

/** The text of a PDF as poppler's pdftotext reads it (-layout keeps a row on one line). */
export async function pdfText(pdf: Buffer, layout = true): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'toolworks-pdf-'))
  try {
    const file = path.join(dir, 'invoice.pdf')
    await writeFile(file, pdf)
    const args = [...(layout ? ['-layout'] : []), '-enc', 'UTF-8', file, '-']
    const { stdout } = await run('pdftotext', args)
    return stdout
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The order e-mails (placed, receipt, shipped) to the address; sign-up's own mail left out. */
export const orderMailsTo = async (app: App, email: string) =>
  (await mailsTo(app, email)).filter((m) => m.subject.includes('Toolworks order'))
