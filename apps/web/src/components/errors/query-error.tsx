import { messages } from '@toolworks/shared'

type QueryErrorProps = {
  message: string
  onRetry: () => void
  retrying?: boolean
}

/** A block of a page whose data failed to load, with a way to ask again. */
export function QueryError({ message, onRetry, retrying = false }: QueryErrorProps) {
  return (
    <div
      role="alert"
      className="alert alert-error alert-soft flex flex-wrap items-center justify-between gap-3"
    >
      <p>{message}</p>
      <button type="button" className="btn btn-sm btn-error" onClick={onRetry} disabled={retrying}>
        {retrying && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {messages.catalog.retry}
      </button>
    </div>
  )
}
