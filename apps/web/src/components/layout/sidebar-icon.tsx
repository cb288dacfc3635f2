/** A panel with a side column: the dashboard menu toggle. */
export function SidebarIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true" focusable="false">
      <rect
        x="3"
        y="4"
        width="18"
        height="16"
        rx="2"
        stroke="currentColor"
        strokeWidth="2"
        fill="none"
      />
      <path d="M9 4v16" stroke="currentColor" strokeWidth="2" />
    </svg>
  )
}
