import { messages } from '@toolworks/shared'

/** Shown while a screen's code or data arrives. */
export function PageLoader() {
  return (
    <p role="status" className="page-container py-24 text-center text-base-content/70">
      <span className="loading loading-spinner loading-md mr-2 align-middle" aria-hidden="true" />
      {messages.site.loading}
    </p>
  )
}
