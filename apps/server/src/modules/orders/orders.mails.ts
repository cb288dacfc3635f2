import {
  fitDisplayName,
  formatMinor,
  invoiceWords,
  refundMailWords,
  isExportTo,
  orderNumberText,
  taxWords,
} from '@toolworks/shared'

import { escapeHtml } from '../../lib/html.js'
import type { Mail, Mailer } from '../../lib/mailer.js'
import type { OrderWithLines } from './orders.queries.js'

const w = invoiceWords.mails

type Log = { error(obj: object, msg: string): void }

/** Buyer-typed words on one line: a subject with a line break would start a header of its own. */
const oneLine = (text: string, max = 200) =>
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  Array.from(text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim())
    .slice(0, max)
    .join('')

type Body = {
  greeting: string
  /** Paragraphs before the lines. */
  intro: string[]
  /** The order's lines, any discount and the total, one per line. */
  figures: string[]
  /** Paragraphs after the lines. */
  outro: string[]
  link: { href: string; label: string }
}

/** A plain-text part and a simple HTML part of the same words; every value is escaped. */
function compose(to: string, subject: string, body: Body): Mail {
  const text = [
    body.greeting,
    ...body.intro,
    body.figures.join('\n'),
    ...body.outro,
    `${body.link.label}: ${body.link.href}`,
  ].join('\n\n')
  const html = [
    `<p>${escapeHtml(body.greeting)}</p>`,
    ...body.intro.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<ul>\n${body.figures.map((f) => `<li>${escapeHtml(f)}</li>`).join('\n')}\n</ul>`,
    ...body.outro.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(body.link.href)}">${escapeHtml(body.link.label)}</a></p>`,
  ].join('\n')
  return { to, subject: oneLine(subject, 250), text: `${text}\n`, html }
}

/** The order as the buyer names it: its number, `TW-10482`. */
const nameOf = (order: OrderWithLines) => orderNumberText(order.orderNumber)

/** The order's lines, its discount (if any) and its total, as the buyer reads them. */
function figures(order: OrderWithLines): string[] {
  const money = (cents: number) => formatMinor(cents, order.currency)
  const lines = order.lines.map((line) =>
    w.line(
      oneLine(line.toolName),
      line.quantity,
      money(line.unitPriceCents),
      money(line.lineTotalCents),
    ),
  )
  const discount =
    order.discountCents > 0
      ? [w.discountLine(oneLine(order.discountLabel ?? ''), money(order.discountCents))]
      : []
  // The VAT the total holds, or the export's zero rate.
  const vat = !isExportTo(order.country)
    ? `${taxWords.vatIncluded(order.vatRate)}: ${money(order.vatCents)}`
    : taxWords.exportZeroRated
  return [...lines, ...discount, w.totalLine(money(order.totalCents)), vat]
}

export type OrderMails = ReturnType<typeof createOrderMails>

/**
 * The buyer's order e-mails: placed (with the link to pay), paid (the receipt) and
 * shipped. Called after the step's transaction committed; a mail that fails is logged and
 * never fails the order or the payment, which already happened.
 */
export function createOrderMails({
  mailer,
  publicUrl,
  log,
}: {
  mailer: Mailer
  publicUrl: string
  log: Log
}) {
  async function send(order: OrderWithLines, make: () => Mail, what: string) {
    try {
      await mailer.send(make())
    } catch (error) {
      log.error(
        { err: error, what, orderId: order.id },
        'order e-mail failed; the order itself went through',
      )
    }
  }

  const greet = (order: OrderWithLines) =>
    w.greeting(fitDisplayName(order.customerName, order.customerEmail))

  return {
    placed(order: OrderWithLines) {
      return send(
        order,
        () =>
          compose(order.customerEmail, w.placedSubject(nameOf(order)), {
            greeting: greet(order),
            intro: [w.placedText, w.orderLine(nameOf(order))],
            figures: figures(order),
            outro: [],
            link: { href: `${publicUrl}/dashboard/payment/${order.id}`, label: w.payLink },
          }),
        'order placed',
      )
    },
    paid(order: OrderWithLines) {
      const invoice = order.invoiceNumber === null ? '' : invoiceWords.number(order.invoiceNumber)
      return send(
        order,
        () =>
          compose(order.customerEmail, w.paidSubject(invoice), {
            greeting: greet(order),
            intro: [w.paidText, w.orderLine(nameOf(order))],
            figures: figures(order),
            outro: [
              w.transactionLine(oneLine(order.transactionId ?? '')),
              ...(invoice ? [w.invoiceLine(invoice)] : []),
            ],
            link: { href: `${publicUrl}/dashboard/myorder`, label: w.ordersLink },
          }),
        'order paid',
      )
    },
    /**
     * Money going back: refunded through the gateway or card it came by, due back
     * by bank transfer, or sent by bank transfer with its reference.
     */
    refund(
      order: OrderWithLines,
      what:
        | { kind: 'refunded'; method: string }
        | { kind: 'due' }
        | { kind: 'sent'; reference: string },
    ) {
      const amount = formatMinor(order.totalCents, order.currency)
      const text =
        what.kind === 'refunded'
          ? refundMailWords.refunded(amount, what.method)
          : what.kind === 'due'
            ? refundMailWords.due(amount)
            : refundMailWords.sent(amount, oneLine(what.reference))
      return send(
        order,
        () =>
          compose(order.customerEmail, refundMailWords.subject(nameOf(order)), {
            greeting: greet(order),
            intro: [text, w.orderLine(nameOf(order))],
            figures: figures(order),
            outro: [],
            link: { href: `${publicUrl}/dashboard/myorder`, label: w.ordersLink },
          }),
        `refund ${what.kind}`,
      )
    },
    shipped(order: OrderWithLines) {
      return send(
        order,
        () =>
          compose(order.customerEmail, w.shippedSubject(nameOf(order)), {
            greeting: greet(order),
            intro: [w.shippedText, w.orderLine(nameOf(order))],
            figures: figures(order),
            outro: [],
            link: { href: `${publicUrl}/dashboard/myorder`, label: w.ordersLink },
          }),
        'order shipped',
      )
    },
  }
}
