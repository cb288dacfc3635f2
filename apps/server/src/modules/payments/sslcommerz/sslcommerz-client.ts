import type { z } from 'zod'

import { ProviderUnavailableError } from '../payment-provider.js'
import {
  isRefundDone,
  RefundAnswerSchema,
  RefundStatusAnswerSchema,
  SessionAnswerSchema,
  SessionFormSchema,
  SSLCOMMERZ_PATHS,
  TransactionQueryAnswerSchema,
  ValidationAnswerSchema,
  type RefundAnswer,
  type RefundStatusAnswer,
  type SessionForm,
  type ValidationAnswer,
} from './sslcommerz-protocol.js'

/** A gateway that does not answer in this time is unavailable (10 s). */
export const SSLCOMMERZ_TIMEOUT_MS = 10_000

export type SslcommerzClientOptions = {
  storeId: string
  storePassword: string
  /** The gateway's base URL: the sandbox, live, or the stand-in (`sslcommerz-stand-in.ts`). */
  apiUrl: string
  /** Tests shorten it to prove a slow gateway is unavailable without waiting 10 s. */
  timeoutMs?: number
}

/**
 * The gateway answered but refused or said something unreadable. Its message names the call
 * and the gateway's reason, never the store password (it travels in every request).
 */
export class SslcommerzError extends Error {
  constructor(message: string) {
    super(`sslcommerz: ${message}`)
    this.name = 'SslcommerzError'
  }
}

/**
 * SSLCommerz's four calls over fetch. A timeout, a refused connection or a 5xx is a
 * ProviderUnavailableError (the buyer may try again); its cause is a plain error of our own
 * words, because fetch's own errors may carry the URL, and the GET calls carry the password in it.
 */
export function createSslcommerzClient(options: SslcommerzClientOptions) {
  const base = options.apiUrl.replace(/\/$/, '')
  const timeoutMs = options.timeoutMs ?? SSLCOMMERZ_TIMEOUT_MS
  const redact = (s: string) => s.split(options.storePassword).join('***')

  async function call<S extends z.ZodType>(
    what: string,
    path: string,
    init: { query?: Record<string, string>; form?: Record<string, string> },
    schema: S,
  ): Promise<z.infer<S>> {
    const url = new URL(base + path)
    for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v)
    let res: Response
    let body: string
    try {
      res = await fetch(url, {
        method: init.form ? 'POST' : 'GET',
        signal: AbortSignal.timeout(timeoutMs),
        ...(init.form
          ? {
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams(init.form).toString(),
            }
          : {}),
      })
      body = await res.text()
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer in ${timeoutMs} ms`
          : 'no connection'
      throw new ProviderUnavailableError(new SslcommerzError(`${what}: ${reason}`))
    }
    if (res.status >= 500)
      throw new ProviderUnavailableError(new SslcommerzError(`${what}: HTTP ${res.status}`))
    if (!res.ok) throw new SslcommerzError(`${what}: HTTP ${res.status}`)
    let json: unknown
    try {
      json = JSON.parse(body)
    } catch {
      throw new SslcommerzError(`${what}: the answer is not JSON`)
    }
    const parsed = schema.safeParse(json)
    if (!parsed.success) throw new SslcommerzError(`${what}: unexpected answer`)
    return parsed.data
  }

  const credentials = { store_id: options.storeId, store_passwd: options.storePassword }

  return {
    /** Opens a payment session; answers the hosted page's URL, or throws the gateway's reason. */
    async createSession(
      form: Omit<SessionForm, 'store_id' | 'store_passwd'>,
    ): Promise<{ sessionKey: string; gatewayPageUrl: string }> {
      // Checked before it leaves: a field the gateway would refuse names itself here, its
      // value never (it may be the buyer's details).
      const checked = SessionFormSchema.safeParse({ ...form, ...credentials })
      if (!checked.success)
        throw new SslcommerzError(
          `session: invalid ${checked.error.issues.map((i) => i.path.join('.')).join(', ')}`,
        )
      const answer = await call(
        'session',
        SSLCOMMERZ_PATHS.session,
        { form: checked.data },
        SessionAnswerSchema,
      )
      if (answer.status === 'FAILED')
        throw new SslcommerzError(
          `session refused: ${redact(answer.failedreason ?? 'no reason given')}`,
        )
      return { sessionKey: answer.sessionkey, gatewayPageUrl: answer.GatewayPageURL }
    },

    /** What the gateway itself says of a payment (the only word the shop trusts). */
    validate(valId: string): Promise<ValidationAnswer> {
      return call(
        'validation',
        SSLCOMMERZ_PATHS.validation,
        { query: { val_id: valId, ...credentials, v: '1', format: 'json' } },
        ValidationAnswerSchema,
      )
    },

    /**
     * Every payment the gateway knows under a tran_id (the transaction query): how the shop
     * finds a payment whose notification it could not confirm. Throws when the gateway does
     * not answer DONE.
     */
    async queryTransaction(tranId: string): Promise<ValidationAnswer[]> {
      const answer = await call(
        'transaction query',
        SSLCOMMERZ_PATHS.transactionQuery,
        { query: { tran_id: tranId, ...credentials, format: 'json' } },
        TransactionQueryAnswerSchema,
      )
      if (answer.APIConnect !== 'DONE')
        throw new SslcommerzError(`transaction query refused: ${redact(answer.APIConnect)}`)
      return answer.element ?? []
    },

    /**
     * Refunds a payment; answers the gateway's refund reference, or throws its reason.
     * `refundTransId` names this refund (the shop derives it from its refund row): the gateway
     * refunds one refund_trans_id once, however often it is asked.
     */
    async refund(input: {
      bankTranId: string
      /** Units with two decimals, as `formatAmount` writes them. */
      amount: string
      remarks: string
      refundTransId: string
    }): Promise<{ refundRefId: string; answer: RefundAnswer }> {
      const answer = await call(
        'refund',
        SSLCOMMERZ_PATHS.refund,
        {
          query: {
            bank_tran_id: input.bankTranId,
            refund_trans_id: input.refundTransId,
            refe_id: input.refundTransId,
            refund_amount: input.amount,
            refund_remarks: input.remarks,
            ...credentials,
            format: 'json',
          },
        },
        RefundAnswerSchema,
      )
      if (!isRefundDone(answer))
        throw new SslcommerzError(
          `refund refused: ${redact(answer.errorReason || `${answer.APIConnect} ${answer.status ?? ''}`.trim())}`,
        )
      return { refundRefId: answer.refund_ref_id, answer }
    },

    /** Where a refund stands (the refund query API, by the gateway's refund reference). */
    refundStatus(refundRefId: string): Promise<RefundStatusAnswer> {
      return call(
        'refund query',
        SSLCOMMERZ_PATHS.refund,
        { query: { refund_ref_id: refundRefId, ...credentials, format: 'json' } },
        RefundStatusAnswerSchema,
      )
    },
  }
}

export type SslcommerzClient = ReturnType<typeof createSslcommerzClient>
