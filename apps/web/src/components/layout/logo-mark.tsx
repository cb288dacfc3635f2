/** The brand mark: a hex nut on a safety-orange tile. Decorative: the brand name sits beside it. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="6" className="fill-primary" />
      <path d="M16 5.5l9.1 5.25v10.5L16 26.5l-9.1-5.25v-10.5z" className="fill-neutral" />
      <circle cx="16" cy="16" r="4.25" className="fill-primary" />
    </svg>
  )
}
