import type { UseQueryResult } from '@tanstack/react-query'

import { messages, type Tool } from '@toolworks/shared'

import { QueryError } from '@/components/errors/query-error'

import { ToolCard, type CardAction } from './tool-card'
import { ToolCardSkeleton } from './tool-card-skeleton'

const GRID = 'grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-4'
// Beside the facets' column: three across from lg, the spec's four from xl (1280 px).
const FACETS_GRID = 'grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4'
const FIRST_ROW = 4

type ToolGridProps = {
  query: UseQueryResult<Tool[]>
  /** How many skeleton cards stand in while loading. */
  placeholders: number
  /** Load the first row's images at once (the grid is the top of the page). */
  eagerFirstRow?: boolean
  cardHeadingLevel?: 2 | 3
  limit?: number
  cardAction?: CardAction
}

type ToolCardsProps = {
  tools: Tool[]
  /** Load the first row's images at once (the grid is the top of the page). */
  eagerFirstRow?: boolean
  cardHeadingLevel?: 2 | 3
  cardAction?: CardAction
  /** `facets`: beside /products' filter column. */
  columns?: 'page' | 'facets'
}

/** The 1/2/4-column grid of tool cards (docs/product.md §2). */
export function ToolCards({
  tools,
  eagerFirstRow = false,
  cardHeadingLevel,
  cardAction,
  columns = 'page',
}: ToolCardsProps) {
  return (
    <div className={columns === 'facets' ? FACETS_GRID : GRID}>
      {tools.map((tool, index) => (
        <ToolCard
          key={tool._id}
          tool={tool}
          eager={eagerFirstRow && index < FIRST_ROW}
          headingLevel={cardHeadingLevel}
          action={cardAction}
        />
      ))}
    </div>
  )
}

/** Skeleton cards in the same grid, announced as loading. */
export function ToolGridSkeleton({ count }: { count: number }) {
  return (
    <div role="status" aria-label={messages.catalog.loadingTools} className={GRID}>
      {Array.from({ length: count }, (_, i) => (
        <ToolCardSkeleton key={i} />
      ))}
    </div>
  )
}

/** A grid of tool cards with its loading, empty and error states. */
export function ToolGrid({
  query,
  placeholders,
  eagerFirstRow = false,
  cardHeadingLevel,
  limit,
  cardAction,
}: ToolGridProps) {
  if (query.isPending) return <ToolGridSkeleton count={placeholders} />
  if (query.isError) {
    return (
      <QueryError
        message={messages.catalog.loadFailed}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    )
  }
  const tools = limit === undefined ? query.data : query.data.slice(0, limit)
  if (tools.length === 0) return <p className="text-base-content/70">{messages.catalog.noTools}</p>
  return (
    <ToolCards
      tools={tools}
      eagerFirstRow={eagerFirstRow}
      cardHeadingLevel={cardHeadingLevel}
      cardAction={cardAction}
    />
  )
}
