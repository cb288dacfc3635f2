import { fitDisplayName, formatMoney, fromCents, quoteWords } from '@toolworks/shared'

import { escapeHtml } from '../../lib/html.js'
import type { Mail, Mailer } from '../../lib/mailer.js'

const w = quoteWords.mails

type Log = { error(obj: object, msg: string): void }

/** What a mail needs to know of a request. */
export type MailRequest = {
  id: string
  partName: string
  customerName: string
  customerEmail: string
}

/**
 * Buyer-typed words (part name, names, reasons) on one line: they may appear in a subject,
 * where a line break would start a header of its own.
 */
const oneLine = (text: string, max = 200) =>
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  Array.from(text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim())
    .slice(0, max)
    .join('')

type Body = { greeting: string; paragraphs: string[]; link: string }

/** Plain text and a simple HTML part of the same words; everything typed by people is escaped. */
function compose(to: string, subject: string, body: Body): Mail {
  const text = `${body.greeting}\n\n${body.paragraphs.join('\n\n')}\n\n${w.openRequest}: ${body.link}\n`
  const html = [
    `<p>${escapeHtml(body.greeting)}</p>`,
    ...body.paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
    `<p><a href="${escapeHtml(body.link)}">${escapeHtml(w.openRequest)}</a></p>`,
  ].join('\n')
  return { to, subject: oneLine(subject, 250), text, html }
}

const greet = (name: string) => w.greeting(fitDisplayName(name, ''))

export type QuoteMails = ReturnType<typeof createQuoteMails>

/**
 * The quote e-mails: admins hear of new requests, acceptances and declines; the
 * buyer of quotes sent, revised and about to expire. A mail that fails is logged and never
 * fails the step that sent it: the step is already committed.
 */
export function createQuoteMails({
  mailer,
  publicUrl,
  admins,
  log,
}: {
  mailer: Mailer
  publicUrl: string
  /** Everyone who should hear of a request: role admin plus ADMIN_EMAILS. */
  admins: () => Promise<string[]>
  log: Log
}) {
  const buyerLink = (id: string) => `${publicUrl}/dashboard/myquotes/${id}`
  const adminLink = (id: string) => `${publicUrl}/dashboard/quotes/${id}`

  async function send(mail: Mail, what: string) {
    try {
      await mailer.send(mail)
    } catch (error) {
      log.error({ err: error, what }, 'quote e-mail failed; the step itself went through')
    }
  }

  async function toAdmins(make: (to: string) => Mail, what: string) {
    let list: string[]
    try {
      list = await admins()
    } catch (error) {
      log.error({ err: error, what }, 'admins of quote e-mail could not be read')
      return
    }
    const unique = [...new Set(list.map((a) => a.trim().toLowerCase()).filter(Boolean))]
    for (const to of unique) await send(make(to), what)
  }

  const part = (request: MailRequest) => oneLine(request.partName)
  /** A mail to the buyer about their request: one paragraph and the link to it. */
  const toBuyer = (request: MailRequest, subject: string, text: string, what: string) =>
    send(
      compose(request.customerEmail, subject, {
        greeting: greet(request.customerName),
        paragraphs: [text],
        link: buyerLink(request.id),
      }),
      what,
    )
  const buyer = (request: MailRequest) =>
    `${fitDisplayName(request.customerName, request.customerEmail)} <${request.customerEmail}>`

  return {
    newRequest(request: MailRequest) {
      return toAdmins(
        (to) =>
          compose(to, w.newRequestSubject(part(request)), {
            greeting: w.greeting(''),
            paragraphs: [w.newRequestText(buyer(request), part(request))],
            link: adminLink(request.id),
          }),
        'new quote request',
      )
    },
    /** Called by the acceptance (quote-acceptance*) once the buyer accepts a line. */
    accepted(
      request: MailRequest,
      line: { quantity: number; unitPriceCents: number },
    ): Promise<void> {
      const unit = formatMoney(fromCents(line.unitPriceCents))
      const total = formatMoney(fromCents(line.unitPriceCents * line.quantity))
      return toAdmins(
        (to) =>
          compose(to, w.acceptedSubject(part(request)), {
            greeting: w.greeting(''),
            paragraphs: [
              w.acceptedText(
                buyer(request),
                part(request),
                quoteWords.lineChoice(line.quantity, unit, total),
              ),
            ],
            link: adminLink(request.id),
          }),
        'quote accepted',
      )
    },
    declined(request: MailRequest, reason: string) {
      const said = reason.trim() ? w.declinedReason(oneLine(reason, 1000)) : w.declinedNoReason
      return toAdmins(
        (to) =>
          compose(to, w.declinedSubject(part(request)), {
            greeting: w.greeting(''),
            paragraphs: [w.declinedText(buyer(request), part(request)), said],
            link: adminLink(request.id),
          }),
        'quote declined',
      )
    },
    quoteSent(request: MailRequest, validUntil: string) {
      return toBuyer(
        request,
        w.quoteSentSubject(part(request)),
        w.quoteSentText(part(request), validUntil),
        'quote sent',
      )
    },
    quoteRevised(request: MailRequest, validUntil: string) {
      return toBuyer(
        request,
        w.quoteRevisedSubject(part(request)),
        w.quoteRevisedText(part(request), validUntil),
        'quote revised',
      )
    },
    expiring(request: MailRequest, validUntil: string) {
      return toBuyer(
        request,
        w.expiringSubject(part(request)),
        w.expiringText(part(request), validUntil),
        'quote expiring',
      )
    },
  }
}
