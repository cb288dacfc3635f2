/** The shape of a ToolCard while the list loads; hidden from assistive tech (the grid says "loading"). */
export function ToolCardSkeleton() {
  return (
    <div aria-hidden="true" className="card overflow-hidden border border-base-300 bg-base-100">
      <div className="skeleton aspect-[4/3] rounded-none" />
      <div className="card-body gap-3 p-5">
        <div className="skeleton h-6 w-3/4" />
        <div className="skeleton h-4 w-1/2" />
        <div className="skeleton h-4 w-2/3" />
        <div className="skeleton h-6 w-1/3" />
        <div className="skeleton h-12 w-full" />
        <div className="skeleton mt-2 h-10 w-full" />
      </div>
    </div>
  )
}
