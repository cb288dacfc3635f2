import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'

import { PageLoader } from '@/components/ui/page-loader'
import { ApiError } from '@/lib/api-error'

import { QueryError } from './query-error'

type QueryViewProps<T> = {
  query: UseQueryResult<T>
  /** What to say when the data could not be loaded; the block offers Retry beside it. */
  failed: string
  /** Shown while the first answer is on its way. */
  loading?: ReactNode
  /** Shown instead of the error when the server says there is no such thing (404). */
  notFound?: ReactNode
  children: (data: T) => ReactNode
}

/**
 * A block of a page that shows a query's data: a loader first, then the data, or (when asking
 * failed) the message with Retry. A failure to ask is never an empty list or a signed-out
 * page: this is the one place that decides it for every list and form of the dashboard.
 */
export function QueryView<T>({
  query,
  failed,
  loading = <PageLoader />,
  notFound,
  children,
}: QueryViewProps<T>) {
  if (query.isPending) return loading
  if (query.isError && notFound && query.error instanceof ApiError && query.error.status === 404)
    return notFound
  if (query.isError)
    return (
      <QueryError
        message={failed}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    )
  return children(query.data)
}
