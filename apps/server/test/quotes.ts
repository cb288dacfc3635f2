import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

import type { QuoteStatus } from '@toolworks/shared'
import { eq } from 'drizzle-orm'

import type { App } from '../src/app.js'
import type { Db } from '../src/db/client.js'
import { quoteRequests, users } from '../src/db/schema/index.js'
import { bearer } from './accounts.js'

/** The text fields of a valid quote request, as a form sends them. */
export const quoteFields = (overrides: Record<string, string | string[]> = {}) => ({
  process: 'machining',
  partName: 'Pump bracket',
  material: 'Stainless steel 304',
  quantities: '500, 100',
  tolerance: '±0.05 mm',
  finish: 'Anodised',
  notes: 'Deburr all edges.',
  phone: '+880 1700 000000',
  address: 'Plot 7, Tejgaon, Dhaka',
  ...overrides,
})

export type FormFile = { filename: string; type?: string; bytes: Buffer; field?: string }

/** A multipart/form-data body of text fields and files, as a browser sends it. */
export async function quoteForm(
  fields: Record<string, string | string[]>,
  files: FormFile[] = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one)
  for (const file of files)
    form.append(
      file.field ?? 'drawings',
      new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }),
      file.filename,
    )
  const request = new Request('http://localhost/', { method: 'POST', body: form })
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  }
}

/** POST /api/quote as `who` (anonymous when undefined). */
export async function postQuote(
  app: App,
  who: { token: string } | undefined,
  fields: Record<string, string | string[]> = quoteFields(),
  files: FormFile[] = [],
) {
  const body = await quoteForm(fields, files)
  return app.inject({
    method: 'POST',
    url: '/api/quote',
    headers: { ...body.headers, ...(who ? bearer(who) : {}) },
    payload: body.payload,
  })
}

export type SentMail = { to: string; subject: string; raw: string }

/**
 * The e-mails in the app's outbox to an address, oldest first, quoted-printable undone;
 * the sign-up confirmations are left out.
 */
export async function mailsTo(app: App, email: string): Promise<SentMail[]> {
  const outbox = path.join(app.config.dataDir, 'outbox')
  const files = (await readdir(outbox).catch(() => [])).sort()
  const mails: SentMail[] = []
  for (const file of files) {
    const raw = (await readFile(path.join(outbox, file), 'utf8'))
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    const to = /^To: (.*)$/m.exec(raw)?.[1]?.trim() ?? ''
    const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? ''
    if (to.toLowerCase() !== email.toLowerCase() || subject.startsWith('Confirm your email'))
      continue
    mails.push({ to, subject, raw })
  }
  return mails
}

/**
 * `n` requests of the account written straight into the table (for the per-account limits), in the
 * given status; each `quoted` one gets no offer unless the test adds one.
 */
export async function insertRequests(
  db: Db,
  email: string,
  n: number,
  status: QuoteStatus = 'requested',
): Promise<string[]> {
  if (n === 0) return []
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!user) throw new Error(`no account ${email}`)
  const rows = await db
    .insert(quoteRequests)
    .values(
      Array.from({ length: n }, (_, i) => ({
        customerId: user.id,
        customerEmail: email,
        customerName: 'Rahim Uddin',
        process: 'machining' as const,
        partName: `Bracket ${i + 1}`,
        material: 'Steel',
        quantities: [100],
        phone: '+880 1700 000000',
        address: 'Dhaka',
        status,
      })),
    )
    .returning({ id: quoteRequests.id })
  return rows.map((r) => r.id)
}
