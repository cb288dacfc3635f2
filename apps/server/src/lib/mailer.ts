import { randomUUID } from 'node:crypto'
import { writeFile } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'

import nodemailer from 'nodemailer'

export type Mail = { to: string; subject: string; text: string; html?: string }
export type Mailer = { send(mail: Mail): Promise<void> }

type Logger = { info(obj: object, msg: string): void }

const FROM = 'Toolworks <no-reply@toolworks.example>'

// The callback form: fs/promises' writeFile opens a FileHandle per file, and at an e-mail an
// order that was 6 % of the server's CPU in the bench's order target.
const writeFileOnce = promisify(writeFile)

/**
 * The Message-ID and the MIME boundaries, from one UUID each: nodemailer otherwise draws them
 * from six small `crypto.randomBytes` calls a message (2 % of the order target's CPU), while
 * `randomUUID` serves from a cached block of randomness. Both stay unique per message.
 */
function identified(mail: Mail) {
  const id = randomUUID()
  return {
    from: FROM,
    ...mail,
    messageId: `<${id}@toolworks.example>`,
    baseBoundary: randomUUID().replaceAll('-', ''),
  }
}

/**
 * Sends through SMTP_URL when set; otherwise each message becomes an .eml file in
 * DATA_DIR/outbox (docs/configuration.md), which is how development and the tests read their links.
 */
export function createMailer({
  smtpUrl,
  dataDir,
  log,
}: {
  smtpUrl: string | undefined
  dataDir: string
  log: Logger
}): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl)
    return {
      async send(mail) {
        await transport.sendMail(identified(mail))
        log.info({ to: mail.to, subject: mail.subject }, 'email sent')
      },
    }
  }
  const outbox = path.join(dataDir, 'outbox')
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  })
  return {
    async send(mail) {
      const info = await transport.sendMail(identified(mail))
      const file = path.join(
        outbox,
        `${Date.now()}-${info.messageId.replace(/[^a-zA-Z0-9.-]/g, '')}.eml`,
      )
      // The folder is made when a write finds it missing, not before every message (each
      // order writes one: the bench profile, 2026-11-27).
      const write = () => writeFileOnce(file, info.message as Buffer, { mode: 0o600 })
      await write().catch(async (error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
        // The outbox holds sign-in and password-reset links: readable by the server's user only.
        await mkdir(outbox, { recursive: true, mode: 0o700 })
        await write()
      })
      log.info({ to: mail.to, subject: mail.subject, file }, 'email written to the outbox')
    },
  }
}
