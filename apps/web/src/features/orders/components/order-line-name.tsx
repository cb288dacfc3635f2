import { Link } from 'react-router'

import type { OrderLine } from '@toolworks/shared'

/** Where a custom part's line links: the buyer's request page, or the admin's. */
export type QuoteLinkFor = (quote: string) => string

/** A line's key: a custom part's line has no tool, so the tool alone will not do. */
export const orderLineKey = (line: OrderLine, index: number) =>
  `${line.quote === null ? `tool:${line.tool ?? ''}` : `quote:${line.quote}`}-${index}`

/** A line's name; a custom part's ("Custom: {part name}") links to its quote request. */
export function OrderLineName({ line, quoteLink }: { line: OrderLine; quoteLink?: QuoteLinkFor }) {
  if (line.quote === null || !quoteLink) return <>{line.name}</>
  return (
    <Link to={quoteLink(line.quote)} className="link">
      {line.name}
    </Link>
  )
}
