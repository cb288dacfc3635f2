/** What a toast offers to do next (View cart after Add to cart). */
export type ToastAction = { label: string; onClick: () => void }

/**
 * A toast from code on the first screen (the header's cart, Add to cart on cards): react-toastify
 * is fetched only when a toast is shown, with the container's chunk, so it stays out of the
 * home page's first load (its budget). ./toast mounts the container, which shows what it queued.
 */
export function showToast(kind: 'success' | 'error', message: string, action?: ToastAction): void {
  void import('./toast').then(({ toast }) => {
    if (!action) {
      toast[kind](message)
      return
    }
    toast[kind](({ closeToast }) => (
      <span className="flex flex-wrap items-center gap-2">
        <span>{message}</span>
        <button
          type="button"
          className="btn btn-outline btn-xs"
          onClick={() => {
            action.onClick()
            closeToast()
          }}
        >
          {action.label}
        </button>
      </span>
    ))
  })
}
