import { randomBytes } from 'node:crypto'

import Fastify, { type FastifyPluginAsync, type FastifyReply } from 'fastify'

import {
  formatAmount,
  parseAmount,
  SessionFormSchema,
  signNotification,
  SSLCOMMERZ_PATHS,
  type SessionForm,
} from './sslcommerz-protocol.js'

/** The hosted page and its return script, beside the protocol's paths. */
const PAGE_PATH = '/gwprocess/v4/gw.php'
const SCRIPT_PATH = '/gwprocess/v4/auto-submit.js'
const FORM = 'application/x-www-form-urlencoded'

/** Taka per unit of another currency: the stand-in's fixed demo rate (SSLCommerz converts). */
const DEMO_RATE = 120

export type StandInOptions = {
  storeId: string
  storePassword: string
  /**
   * The absolute URL its hosted page is reached at (the plugin's prefix included). By default
   * the request's own host and the prefix: right for tests and for a shop on localhost.
   */
  pageUrl?: string
}

type Payment = {
  tranId: string
  valId: string
  bankTranId: string
  /** Taka, as the gateway settles it. */
  amount: string
  currencyType: string
  currencyAmount: string
  riskLevel: '0' | '1'
  validated: boolean
  refundRefId?: string
}

type Session = { form: SessionForm; decided: boolean }

/** What tests set and read; development leaves it as it is. */
export type StandInControl = {
  /** The risk level the next payments get: 1 is a payment SSLCommerz flags for review. */
  riskLevel: '0' | '1'
  /** How long every API answer (session, validation, refund) waits; closing ends the wait. */
  answerDelayMs: number
  /** When set, the gateway reports this amount for the next payments instead of the session's. */
  tamperedAmount: string | undefined
  /** Every IPN it sent, with the shop's HTTP status (0 when the shop could not be reached). */
  readonly ipns: { url: string; fields: Record<string, string>; status: number }[]
  /**
   * When true, IPNs wait (the browser returns first) until `sendHeldIpns`: tests order the
   * return and the IPN either way without sleeping.
   */
  holdIpns: boolean
  /** Sends the IPNs held so far, in order; resolves when the shop has answered them. */
  sendHeldIpns(): Promise<void>
  /** Every refund it made, with the shop's name for it (`refund_trans_id`). */
  readonly refunds: {
    bankTranId: string
    amount: string
    remarks: string
    refundRefId: string
    refundTransId: string
    /** The merchant's own reference for the refund (`refe_id`). */
    refeId: string
  }[]
  /** What the refund query says of every refund: `processing` until a test moves it on. */
  refundStatus: 'refunded' | 'processing' | 'cancelled'
  /**
   * APIs that answer 503 while listed, as during a gateway outage: `validation` (the
   * validation API) or `transactionQuery` (the transaction query by tran_id).
   */
  readonly down: Set<'validation' | 'transactionQuery'>
  /** Every tran_id the transaction query was asked about, in order. */
  readonly queried: string[]
  /** The val_id of every call to its validation API, in order. */
  readonly validations: string[]
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`

const hiddenFields = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('')

const id = (prefix: string) => `${prefix}${randomBytes(8).toString('hex').toUpperCase()}`

/**
 * A stand-in for SSLCommerz speaking its v4 protocol ("Development and tests without
 * the internet"): the session, its hosted page with Pay, Fail and Cancel, the signed IPN and the
 * browser's return, validation and refund. Its state lives in memory, on purpose: it stands in
 * for an outside service, so nothing of it belongs in the shop's database, and a restart forgets
 * it as a fresh sandbox would. Mount `plugin` under a prefix (its paths are the gateway's, so the
 * prefix is the `apiUrl`), or run it alone with `startSslcommerzStandIn`.
 */
export function createSslcommerzStandIn(options: StandInOptions) {
  const sessions = new Map<string, Session>()
  const payments = new Map<string, Payment>()
  const waiting = new Set<() => void>()
  const heldIpns: { url: string; fields: Record<string, string> }[] = []
  const control: StandInControl = {
    riskLevel: '0',
    answerDelayMs: 0,
    tamperedAmount: undefined,
    ipns: [],
    holdIpns: false,
    async sendHeldIpns() {
      for (const held of heldIpns.splice(0)) await sendIpn(held.url, held.fields)
    },
    refunds: [],
    refundStatus: 'refunded',
    down: new Set(),
    queried: [],
    validations: [],
  }

  const credentialsHold = (q: { store_id?: string; store_passwd?: string }) =>
    q.store_id === options.storeId && q.store_passwd === options.storePassword

  async function answerLater(): Promise<void> {
    if (control.answerDelayMs <= 0) return
    await new Promise<void>((resolve) => {
      const release = () => {
        clearTimeout(timer)
        waiting.delete(release)
        resolve()
      }
      const timer = setTimeout(release, control.answerDelayMs)
      waiting.add(release)
    })
  }

  /** The gateway's answer to the buyer's choice: the signed fields of the IPN and the return. */
  function outcome(session: Session, choice: 'pay' | 'fail' | 'cancel'): Record<string, string> {
    const { form } = session
    const currency = form.currency
    const reported = control.tamperedAmount ?? form.total_amount
    const cents = parseAmount(reported) ?? 0
    const amount = currency === 'BDT' ? reported : formatAmount(cents * DEMO_RATE)
    const common = {
      tran_id: form.tran_id,
      amount,
      currency: 'BDT',
      currency_type: currency,
      currency_amount: reported,
    }
    if (choice !== 'pay') {
      const status = choice === 'fail' ? 'FAILED' : 'CANCELLED'
      return signNotification({ status, ...common }, options.storePassword)
    }
    const payment: Payment = {
      tranId: form.tran_id,
      valId: id('VAL'),
      bankTranId: id('BTX'),
      amount,
      currencyType: currency,
      currencyAmount: reported,
      riskLevel: control.riskLevel,
      validated: false,
    }
    payments.set(payment.valId, payment)
    return signNotification(
      {
        status: 'VALID',
        ...common,
        val_id: payment.valId,
        // The gateway keeps a 2.5% fee.
        store_amount: formatAmount(Math.round((parseAmount(amount) ?? 0) * 0.975)),
        bank_tran_id: payment.bankTranId,
        card_type: 'BKASH-BKash',
        risk_level: payment.riskLevel,
      },
      options.storePassword,
    )
  }

  async function sendIpn(url: string, fields: Record<string, string>): Promise<void> {
    let status = 0
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': FORM },
        body: new URLSearchParams(fields).toString(),
        signal: AbortSignal.timeout(10_000),
      })
      status = res.status
      await res.arrayBuffer()
    } catch {
      // The shop was unreachable: the real gateway retries later; the stand-in only records it.
    }
    control.ipns.push({ url, fields, status })
  }

  /** The payment as the validation API and the transaction query tell it. */
  const told = (payment: Payment, status: string) => ({
    status,
    tran_id: payment.tranId,
    val_id: payment.valId,
    amount: payment.amount,
    currency_type: payment.currencyType,
    currency_amount: payment.currencyAmount,
    bank_tran_id: payment.bankTranId,
    risk_level: payment.riskLevel,
  })

  /** The transaction query by tran_id: every payment made under it, none when never paid. */
  function transactionQuery(q: Record<string, string | undefined>, reply: FastifyReply) {
    if (control.down.has('transactionQuery')) return reply.code(503).send({ APIConnect: 'DOWN' })
    if (!credentialsHold(q)) return { APIConnect: 'INVALID_REQUEST' }
    const tranId = q.tran_id ?? ''
    control.queried.push(tranId)
    const found = [...payments.values()].filter((p) => p.tranId === tranId)
    return {
      APIConnect: 'DONE',
      no_of_trans_found: found.length,
      element: found.map((p) => told(p, p.validated ? 'VALIDATED' : 'VALID')),
    }
  }

  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).type('text/html; charset=utf-8').send(html)

  const plugin: FastifyPluginAsync = async (app) => {
    // Its own form parser, inside this plugin only: the shop's routes keep theirs.
    if (app.hasContentTypeParser(FORM)) app.removeContentTypeParser(FORM)
    app.addContentTypeParser(FORM, { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)))
    })
    app.addHook('preClose', async () => {
      for (const release of [...waiting]) release()
    })
    const pageBase = (host: string, protocol: string) =>
      (options.pageUrl ?? `${protocol}://${host}${app.prefix}`).replace(/\/$/, '')

    app.post<{ Body: Record<string, string> | undefined }>(
      SSLCOMMERZ_PATHS.session,
      async (request) => {
        await answerLater()
        const body = request.body ?? {}
        if (!credentialsHold(body))
          return { status: 'FAILED', failedreason: 'Store Credential Error Or Store is De-active' }
        const parsed = SessionFormSchema.safeParse(body)
        if (!parsed.success) {
          const fields = parsed.error.issues.map((i) => i.path.join('.')).join(', ')
          return { status: 'FAILED', failedreason: `Invalid data: ${fields}` }
        }
        const sessionkey = randomBytes(16).toString('hex').toUpperCase()
        sessions.set(sessionkey, { form: parsed.data, decided: false })
        const base = pageBase(request.host, request.protocol)
        return {
          status: 'SUCCESS',
          sessionkey,
          GatewayPageURL: `${base}${PAGE_PATH}?Q=pay&SESSIONKEY=${sessionkey}`,
        }
      },
    )

    app.get<{ Querystring: { SESSIONKEY?: string } }>(PAGE_PATH, async (request, reply) => {
      const key = request.query.SESSIONKEY ?? ''
      const session = sessions.get(key)
      if (!session) return sendPage(reply, 404, page('SSLCommerz', '<p>No such session.</p>'))
      const { form } = session
      return sendPage(
        reply,
        200,
        page(
          'SSLCommerz (stand-in)',
          `<h1>SSLCommerz stand-in</h1>` +
            `<p>${escapeHtml(form.product_name)}: ${escapeHtml(form.total_amount)} ${escapeHtml(form.currency)}</p>` +
            `<p>Transaction ${escapeHtml(form.tran_id)}</p>` +
            `<form method="post" action="${escapeHtml(pageBase(request.host, request.protocol) + PAGE_PATH)}">` +
            hiddenFields({ SESSIONKEY: key }) +
            `<button type="submit" name="choice" value="pay">Pay</button> ` +
            `<button type="submit" name="choice" value="fail">Fail</button> ` +
            `<button type="submit" name="choice" value="cancel">Cancel</button></form>`,
        ),
      )
    })

    app.post<{ Body: Record<string, string> | undefined }>(PAGE_PATH, async (request, reply) => {
      const key = request.body?.SESSIONKEY ?? ''
      const choice = request.body?.choice
      const session = sessions.get(key)
      if (!session) return sendPage(reply, 404, page('SSLCommerz', '<p>No such session.</p>'))
      if (choice !== 'pay' && choice !== 'fail' && choice !== 'cancel')
        return sendPage(reply, 400, page('SSLCommerz', '<p>Choose Pay, Fail or Cancel.</p>'))
      if (session.decided)
        return sendPage(reply, 409, page('SSLCommerz', '<p>This session is finished.</p>'))
      session.decided = true
      const fields = outcome(session, choice)
      // Server to server first, as SSLCommerz does; then the browser goes back to the shop.
      if (control.holdIpns) heldIpns.push({ url: session.form.ipn_url, fields })
      else await sendIpn(session.form.ipn_url, fields)
      const back = {
        pay: session.form.success_url,
        fail: session.form.fail_url,
        cancel: session.form.cancel_url,
      }[choice]
      const script = pageBase(request.host, request.protocol) + SCRIPT_PATH
      return sendPage(
        reply,
        200,
        page(
          'Returning to the shop',
          `<form method="post" action="${escapeHtml(back)}">${hiddenFields(fields)}` +
            `<button type="submit">Return to the shop</button></form>` +
            // A script file, not inline: the shop's CSP allows scripts from itself only.
            `<script src="${escapeHtml(script)}"></script>`,
        ),
      )
    })

    app.get(SCRIPT_PATH, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').send('document.forms[0].submit()\n'),
    )

    app.get<{ Querystring: Record<string, string | undefined> }>(
      SSLCOMMERZ_PATHS.validation,
      async (request, reply) => {
        control.validations.push(request.query.val_id ?? '')
        await answerLater()
        if (control.down.has('validation')) return reply.code(503).send({ status: 'DOWN' })
        const payment = payments.get(request.query.val_id ?? '')
        if (!payment || !credentialsHold(request.query)) return { status: 'INVALID_TRANSACTION' }
        const status = payment.validated ? 'VALIDATED' : 'VALID'
        payment.validated = true
        return told(payment, status)
      },
    )

    app.get<{ Querystring: Record<string, string | undefined> }>(
      SSLCOMMERZ_PATHS.refund,
      async (request, reply) => {
        await answerLater()
        const q = request.query
        // One script answers refunds and the transaction query: a tran_id alone is a query.
        if (q.tran_id !== undefined && q.bank_tran_id === undefined)
          return transactionQuery(q, reply)
        if (!credentialsHold(q)) return { APIConnect: 'INVALID_REQUEST', status: 'failed' }
        // The refund query: the same API, asked with the gateway's refund reference.
        if (q.refund_ref_id !== undefined) {
          const made = control.refunds.find((r) => r.refundRefId === q.refund_ref_id)
          if (!made) return { APIConnect: 'DONE', status: 'failed', errorReason: 'Invalid refund' }
          return {
            APIConnect: 'DONE',
            bank_tran_id: made.bankTranId,
            refund_ref_id: made.refundRefId,
            status: control.refundStatus,
            errorReason: '',
          }
        }
        const payment = [...payments.values()].find((p) => p.bankTranId === q.bank_tran_id)
        const amount = parseAmount(q.refund_amount)
        const refused = (errorReason: string) => ({
          APIConnect: 'DONE',
          bank_tran_id: q.bank_tran_id ?? '',
          status: 'failed',
          errorReason,
        })
        if (!payment) return refused('Invalid bank transaction ID')
        if (amount === undefined || amount <= 0 || amount > (parseAmount(payment.amount) ?? 0))
          return refused('Invalid refund amount')
        if (!q.refund_trans_id) return refused('refund_trans_id is required')
        const earlier = control.refunds.find((r) => r.bankTranId === payment.bankTranId)
        // The same refund_trans_id again answers the refund it made; a payment is refunded once.
        if (earlier && earlier.refundTransId !== q.refund_trans_id)
          return refused('This transaction is already refunded')
        if (!payment.refundRefId) {
          payment.refundRefId = id('REF')
          control.refunds.push({
            bankTranId: payment.bankTranId,
            amount: q.refund_amount ?? '',
            remarks: q.refund_remarks ?? '',
            refundRefId: payment.refundRefId,
            refundTransId: q.refund_trans_id,
            refeId: q.refe_id ?? '',
          })
        }
        return {
          APIConnect: 'DONE',
          bank_tran_id: payment.bankTranId,
          trans_id: payment.tranId,
          refund_ref_id: payment.refundRefId,
          status: 'success',
          errorReason: '',
        }
      },
    )
  }

  return { plugin, control }
}

/** The stand-in alone on a free local port (tests): its URL is the gateway's base URL. */
export async function startSslcommerzStandIn(options: StandInOptions) {
  const standIn = createSslcommerzStandIn(options)
  const app = Fastify({ logger: false, forceCloseConnections: true })
  await app.register(standIn.plugin)
  const url = await app.listen({ host: '127.0.0.1', port: 0 })
  return { url, control: standIn.control, close: () => app.close() }
}
