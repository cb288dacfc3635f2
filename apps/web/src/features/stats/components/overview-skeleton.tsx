import { overviewWords } from '@toolworks/shared'

/** Stands in for the figures while they load: the chart, the status cards and two lists. */
export function OverviewSkeleton() {
  return (
    <div role="status" aria-label={overviewWords.loading} className="mt-6 space-y-6">
      <div className="skeleton w-full" style={{ height: 260 }} />
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="skeleton" style={{ height: 96 }} />
        ))}
      </div>
      <div className="skeleton h-6 w-1/2" />
      <div className="skeleton h-6 w-3/4" />
    </div>
  )
}
