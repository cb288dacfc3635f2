import { exchangeRateWords, shopDateTime, type ExchangeRateChange } from '@toolworks/shared'

const w = exchangeRateWords.columns

// Below md each row is a card: the header row hides and each cell names itself.
const cell = 'max-md:block max-md:px-0 max-md:py-1 align-top'
const cellLabel = 'md:hidden block text-xs font-semibold uppercase text-base-content/60'

/** Every change of the taka rate, newest first: rate, from, who set it and when. */
export function ExchangeRateHistory({ changes }: { changes: readonly ExchangeRateChange[] }) {
  if (changes.length === 0) return <p className="mt-4">{exchangeRateWords.historyEmpty}</p>
  return (
    // Focusable, so keyboard users can scroll a table wider than the screen (axe).
    <div className="mt-4 overflow-x-auto" tabIndex={0}>
      <table className="table">
        <caption className="sr-only">{exchangeRateWords.historyTitle}</caption>
        <thead className="max-md:hidden">
          <tr>
            <th scope="col">{w.rate}</th>
            <th scope="col">{w.from}</th>
            <th scope="col">{w.setBy}</th>
            <th scope="col">{w.setAt}</th>
          </tr>
        </thead>
        <tbody className="max-md:block">
          {changes.map((change) => (
            <tr
              key={`${change.setAt}-${change.effectiveFrom}-${change.perUsd}`}
              className="max-md:block max-md:border-b max-md:border-base-300 max-md:py-3"
            >
              <th scope="row" className={`${cell} font-normal tabular-nums`}>
                <span className={cellLabel} aria-hidden="true">
                  {w.rate}
                </span>
                {change.perUsd}
              </th>
              <td className={`${cell} whitespace-nowrap`}>
                <span className={cellLabel} aria-hidden="true">
                  {w.from}
                </span>
                {change.effectiveFrom}
              </td>
              <td className={`${cell} [overflow-wrap:anywhere]`}>
                <span className={cellLabel} aria-hidden="true">
                  {w.setBy}
                </span>
                {change.setBy}
              </td>
              <td className={`${cell} whitespace-nowrap`}>
                <span className={cellLabel} aria-hidden="true">
                  {w.setAt}
                </span>
                <time dateTime={change.setAt}>{shopDateTime(change.setAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
