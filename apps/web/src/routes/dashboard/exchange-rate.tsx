import { useQuery } from '@tanstack/react-query'

import { exchangeRateWords as w } from '@toolworks/shared'

import { QueryView } from '@/components/errors/query-view'
import { useExchangeRateHistory } from '@/features/exchange-rate/api/get-exchange-rate-history'
import { ExchangeRateForm } from '@/features/exchange-rate/components/exchange-rate-form'
import { ExchangeRateHistory } from '@/features/exchange-rate/components/exchange-rate-history'
import { exchangeRateQuery } from '@/lib/currency'
import { useDocumentTitle } from '@/lib/use-document-title'

/** Admin only: the taka rate in force, setting a new one, and every change. */
export function ExchangeRateRoute() {
  useDocumentTitle(w.title)
  // The header's query: null while no rate is set (the API's 404).
  const current = useQuery(exchangeRateQuery())
  const history = useExchangeRateHistory()

  return (
    <div>
      <h2 className="section-title">{w.title}</h2>
      <div className="title-rule" />
      <section aria-labelledby="rate-in-force" className="mt-6">
        <h3 id="rate-in-force" className="text-xl font-bold">
          {w.inForce}
        </h3>
        <div className="mt-2">
          <QueryView query={current} failed={w.loadFailed}>
            {(rate) =>
              rate ? (
                <p className="text-lg">{w.inForceValue(rate.perUsd, rate.effectiveFrom)}</p>
              ) : (
                <p>{w.noneYet}</p>
              )
            }
          </QueryView>
        </div>
      </section>
      <section aria-labelledby="set-rate" className="mt-10">
        <h3 id="set-rate" className="text-xl font-bold">
          {w.setTitle}
        </h3>
        <div className="mt-4">
          <ExchangeRateForm />
        </div>
      </section>
      <section aria-labelledby="rate-history" className="mt-10">
        <h3 id="rate-history" className="text-xl font-bold">
          {w.historyTitle}
        </h3>
        <QueryView query={history} failed={w.historyLoadFailed}>
          {(changes) => <ExchangeRateHistory changes={changes} />}
        </QueryView>
      </section>
    </div>
  )
}
