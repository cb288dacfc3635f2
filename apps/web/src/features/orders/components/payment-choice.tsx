import { useState, type ReactNode } from 'react'

import {
  PaymentMethodSchema,
  paymentChoiceWords,
  paymentMethodWords,
  paymentStateWords,
  type Order,
  type PaymentMethod,
  type PaymentMethodOption,
} from '@toolworks/shared'

import { QueryError } from '@/components/errors/query-error'
import { PageLoader } from '@/components/ui/page-loader'
import { saveBlob } from '@/lib/fetch-file'
import { getErrorMessage } from '@/lib/get-error-message'

import { fetchProforma, proformaPath } from '../api/download-proforma'
import { usePaymentMethods } from '../api/get-payment-methods'
import { useStartPayment } from '../api/start-payment'

const w = paymentChoiceWords

/** Where the buyer's last choice of method is kept (this browser only). */
export const LAST_METHOD_KEY = 'toolworks.paymentMethod'

function readLastMethod(): PaymentMethod | null {
  try {
    const parsed = PaymentMethodSchema.safeParse(window.localStorage.getItem(LAST_METHOD_KEY))
    return parsed.success ? parsed.data : null
  } catch {
    // Storage may be off (private mode); the page then preselects Card.
    return null
  }
}

function rememberMethod(method: PaymentMethod) {
  try {
    window.localStorage.setItem(LAST_METHOD_KEY, method)
  } catch {
    // Nothing to keep it in: the choice is simply not remembered.
  }
}

/** The last choice if still offered, else Card (today's journey), else the first offered. */
export function preselectedMethod(offered: PaymentMethodOption[]): PaymentMethod | undefined {
  // A method the server says this buyer may not use is never preselected.
  const ids = offered
    .filter((option) => option.unavailable === undefined)
    .map((option) => option.id)
  const last = readLastMethod()
  if (last !== null && ids.includes(last)) return last
  return ids.includes('card') ? 'card' : ids[0]
}

/** The browser's way to leave for the gateway; a module function so tests can watch it. */
export const leavePage = {
  assign: (url: string) => window.location.assign(url),
}

/** Download button for an order's proforma; a failure shows under it with Retry. */
export function ProformaButton({ path, className }: { path: string; className?: string }) {
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  async function download() {
    setBusy(true)
    setFailure(null)
    try {
      const { blob, fileName } = await fetchProforma(path)
      saveBlob(blob, fileName)
    } catch (error) {
      setFailure(`${w.proformaFailed} ${getErrorMessage(error)}`)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="space-y-1">
      <button
        type="button"
        className={className ?? 'btn btn-outline btn-sm'}
        disabled={busy}
        aria-busy={busy}
        onClick={() => void download()}
      >
        {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {w.proforma}
      </button>
      {failure !== null && (
        <p role="alert" className="text-sm text-error">
          {failure}
        </p>
      )}
    </div>
  )
}

type StartedTransfer = { reference: string; proformaUrl: string }

/** SSLCommerz or bank transfer: one button that starts it, a failure with Retry. */
function StartMethod({ order, method }: { order: Order; method: 'sslcommerz' | 'bank-transfer' }) {
  const start = useStartPayment()
  const [transfer, setTransfer] = useState<StartedTransfer | null>(null)
  const [proformaFailure, setProformaFailure] = useState<string | null>(null)

  const go = () =>
    start.mutate(
      { orderId: order._id, method },
      {
        onSuccess: (answer) => {
          if ('redirectUrl' in answer) {
            leavePage.assign(answer.redirectUrl)
            return
          }
          setTransfer(answer)
          fetchProforma(answer.proformaUrl).then(
            ({ blob, fileName }) => saveBlob(blob, fileName),
            (error: unknown) => setProformaFailure(`${w.proformaFailed} ${getErrorMessage(error)}`),
          )
        },
      },
    )

  if (transfer !== null)
    return (
      <div role="status" className="alert alert-info alert-soft flex flex-col items-start gap-2">
        <p className="font-semibold">{paymentStateWords['awaiting-transfer']}</p>
        <p>
          <span className="text-sm text-base-content/70">{w.reference}:</span>{' '}
          <code className="font-mono break-all" data-testid="payment-reference">
            {transfer.reference}
          </code>
        </p>
        <p className="text-sm">{w.writeReference}</p>
        {proformaFailure !== null && (
          <p role="alert" className="text-sm text-error">
            {proformaFailure}
          </p>
        )}
        <ProformaButton path={transfer.proformaUrl} />
      </div>
    )

  return (
    <div className="space-y-2">
      {start.isError && (
        <QueryError
          message={getErrorMessage(start.error)}
          retrying={start.isPending}
          onRetry={go}
        />
      )}
      <button
        type="button"
        className="btn btn-primary"
        disabled={start.isPending}
        aria-busy={start.isPending}
        onClick={go}
      >
        {start.isPending && (
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        )}
        {paymentMethodWords[method].button}
      </button>
      {start.isPending && (
        <p role="status" className="text-sm text-base-content/70">
          {w.starting}
        </p>
      )}
    </div>
  )
}

type PaymentChoiceProps = {
  order: Order
  /** The card form (Stripe or the sandbox), shown when Card is chosen. */
  card: ReactNode
}

function Choice({ order, card, offered }: PaymentChoiceProps & { offered: PaymentMethodOption[] }) {
  const [chosen, setChosen] = useState<PaymentMethod | undefined>(() => preselectedMethod(offered))
  const choose = (method: PaymentMethod) => {
    setChosen(method)
    rememberMethod(method)
  }
  // With the card as the only method the page is today's card page.
  const onlyCard = offered.length === 1 && offered[0]?.id === 'card'
  return (
    <div className="space-y-4">
      {order.paymentState === 'awaiting-transfer' && (
        <div className="alert alert-info alert-soft flex flex-col items-start gap-2">
          <p className="font-semibold">{paymentStateWords['awaiting-transfer']}</p>
          <ProformaButton path={proformaPath(order._id)} />
          <p className="text-sm">{w.switchMethod}</p>
        </div>
      )}
      {!onlyCard && (
        <fieldset className="space-y-2">
          <legend className="mb-2 font-semibold">{w.legend}</legend>
          {offered.map((option) => {
            const words = paymentMethodWords[option.id]
            const labelId = `payment-method-${option.id}`
            const hintId = `${labelId}-next`
            return (
              <label key={option.id} className="flex cursor-pointer items-start gap-3">
                <input
                  type="radio"
                  name="payment-method"
                  className="radio radio-primary mt-1"
                  value={option.id}
                  checked={chosen === option.id}
                  disabled={option.unavailable !== undefined}
                  aria-labelledby={labelId}
                  aria-describedby={hintId}
                  onChange={() => choose(option.id)}
                />
                <span>
                  <span id={labelId} className="block font-semibold">
                    {words.label}
                  </span>
                  <span id={hintId} className="block text-sm text-base-content/70">
                    {option.unavailable ?? words.next}
                  </span>
                </span>
              </label>
            )
          })}
        </fieldset>
      )}
      {chosen === 'card' && card}
      {(chosen === 'sslcommerz' || chosen === 'bank-transfer') && (
        <StartMethod key={chosen} order={order} method={chosen} />
      )}
    </div>
  )
}

/**
 * The payment page's methods: the configured ones in the server's order, each with
 * what happens next; the buyer's last choice preselected (Card when none). A failure to load
 * them is shown with Retry, never read as "no methods".
 */
export function PaymentChoice({ order, card }: PaymentChoiceProps) {
  const methods = usePaymentMethods()
  if (order.paymentState === 'under-review')
    return (
      <p role="status" className="alert alert-warning alert-soft">
        {w.underReview}
      </p>
    )
  if (methods.isPending) return <PageLoader />
  if (methods.isError)
    return (
      <QueryError
        message={`${w.methodsLoadFailed} ${getErrorMessage(methods.error)}`}
        retrying={methods.isFetching}
        onRetry={() => void methods.refetch()}
      />
    )
  return <Choice order={order} card={card} offered={methods.data} />
}
