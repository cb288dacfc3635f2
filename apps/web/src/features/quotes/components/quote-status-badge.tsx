import { type QuoteStatus, quoteWords } from '@toolworks/shared'

const tone: Record<QuoteStatus, string> = {
  requested: 'badge-info',
  quoted: 'badge-warning',
  accepted: 'badge-primary',
  ordered: 'badge-success',
  declined: 'badge-neutral',
  expired: 'badge-neutral',
  withdrawn: 'badge-neutral',
}

/** A request's status in the issue's own words (Requested, Quoted, ...). */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <span className={`badge badge-soft ${tone[status]}`}>{quoteWords.statusLabels[status]}</span>
  )
}
