import { type QuoteOffer, quoteWords } from '@toolworks/shared'

import { useMoney } from '@/lib/currency'

const m = quoteWords

function OfferLines({ offer, caption }: { offer: QuoteOffer; caption: string }) {
  // In the buyer's currency, each line as the cart will total it.
  const money = useMoney()
  return (
    <div className="overflow-x-auto" tabIndex={0}>
      <table className="table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{m.quantity}</th>
            <th scope="col">{m.unitPrice}</th>
            <th scope="col">{m.lineTotal}</th>
          </tr>
        </thead>
        <tbody>
          {offer.lines.map((line) => (
            <tr key={line.quantity}>
              <td>{line.quantity.toLocaleString('en-US')}</td>
              <td>{money.price(line.unitPrice)}</td>
              <td>{money.line(line.unitPrice, line.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function OfferTerms({ offer }: { offer: QuoteOffer }) {
  return (
    <dl className="mt-3 space-y-1 text-sm">
      <div>
        <dt className="sr-only">{m.leadTimeDays}</dt>
        <dd>{m.leadTime(offer.leadTimeDays)}</dd>
      </div>
      <div className="flex gap-1">
        <dt className="font-semibold">{m.validUntil}:</dt>
        <dd>
          <time dateTime={offer.validUntil}>{offer.validUntil}</time>
        </dd>
      </div>
      {offer.note && (
        <div>
          <dt className="font-semibold">{m.noteToCustomer}</dt>
          <dd className="whitespace-pre-line break-words">{offer.note}</dd>
        </div>
      )}
    </dl>
  )
}

/**
 * The shop's latest price for each quantity, its lead time and Valid until; revisions the shop
 * replaced stay readable under "Earlier revisions".
 */
export function OfferView({ offer, offers }: { offer: QuoteOffer; offers: readonly QuoteOffer[] }) {
  const earlier = offers.filter((o) => o.revision !== offer.revision).reverse()
  return (
    <section aria-labelledby="quote-offer">
      <h3 id="quote-offer" className="text-lg font-semibold">
        {m.quote} <span className="text-sm font-normal">({m.revision(offer.revision)})</span>
      </h3>
      <OfferLines offer={offer} caption={`${m.quote}: ${m.revision(offer.revision)}`} />
      <OfferTerms offer={offer} />
      {earlier.length > 0 && (
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-semibold">{m.revisions}</summary>
          {earlier.map((old) => (
            <div key={old._id} className="mt-3 opacity-80">
              <h4 className="text-sm font-semibold">{m.revision(old.revision)}</h4>
              <OfferLines offer={old} caption={`${m.quote}: ${m.revision(old.revision)}`} />
              <OfferTerms offer={old} />
            </div>
          ))}
        </details>
      )}
    </section>
  )
}
