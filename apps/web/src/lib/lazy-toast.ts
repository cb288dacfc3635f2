/**
 * A toast from code on the first screen (the header's cart, Add to cart on cards): react-toastify
 * is fetched only when a toast is shown, with the container's chunk, so it stays out of the
 * home page's first load (issue 8 budget). ./toast mounts the container, which shows what it queued.
 */
export function showToast(kind: 'success' | 'error', message: string): void {
  void import('./toast').then(({ toast }) => {
    toast[kind](message)
  })
}
