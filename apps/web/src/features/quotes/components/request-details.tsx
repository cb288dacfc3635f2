import type { ReactNode } from 'react'

import { type QuoteRequest, quoteWords } from '@toolworks/shared'

import { formatQuantities } from './quote-format'

const m = quoteWords

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-3">
      <dt className="text-sm font-semibold">{label}</dt>
      <dd className="whitespace-pre-line break-words sm:col-span-2">{children}</dd>
    </div>
  )
}

/** Everything the buyer sent, as the buyer and the shop both read it. */
export function RequestDetails({ quote }: { quote: QuoteRequest }) {
  return (
    <section aria-labelledby="quote-request-details">
      <h3 id="quote-request-details" className="text-lg font-semibold">
        {m.whatWasSent}
      </h3>
      <dl className="mt-2 divide-y divide-base-300">
        <Row label={m.process}>{m.processNames[quote.process]}</Row>
        <Row label={m.partName}>{quote.partName}</Row>
        <Row label={m.material}>{quote.material}</Row>
        <Row label={m.quantities}>{formatQuantities(quote.quantities)}</Row>
        {quote.neededBy && <Row label={m.neededBy}>{quote.neededBy}</Row>}
        {quote.tolerance && <Row label={m.tolerance}>{quote.tolerance}</Row>}
        {quote.finish && <Row label={m.finish}>{quote.finish}</Row>}
        {quote.notes && <Row label={m.notes}>{quote.notes}</Row>}
        <Row label={m.phone}>{quote.phone}</Row>
        <Row label={m.address}>{quote.address}</Row>
      </dl>
    </section>
  )
}
