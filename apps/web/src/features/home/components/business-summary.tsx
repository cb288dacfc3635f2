import type { ReactNode } from 'react'

import { BUSINESS_SUMMARY, messages } from '@toolworks/shared'

import { useCountUp } from '../hooks/use-count-up'

const m = messages.homeSections

const iconProps = {
  'aria-hidden': true,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  className: 'size-7',
} as const

const counters: { key: keyof typeof BUSINESS_SUMMARY; icon: ReactNode }[] = [
  {
    key: 'customers',
    icon: (
      <svg {...iconProps}>
        <circle cx="9" cy="8" r="3.5" />
        <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />
      </svg>
    ),
  },
  {
    key: 'deliveries',
    icon: (
      <svg {...iconProps}>
        <path d="M2 6h11v10H2zM13 9h4l4 4v3h-8" />
        <circle cx="6" cy="18" r="2" />
        <circle cx="17" cy="18" r="2" />
      </svg>
    ),
  },
  {
    key: 'reviews',
    icon: (
      <svg {...iconProps}>
        <path d="m12 3 2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8z" />
      </svg>
    ),
  },
  {
    key: 'products',
    icon: (
      <svg {...iconProps}>
        <path d="M14.7 6.3a4 4 0 0 0-5.4 5.2L3 17.8 6.2 21l6.3-6.3a4 4 0 0 0 5.2-5.4l-2.5 2.5-2.4-.6-.6-2.4z" />
      </svg>
    ),
  },
]

function Counter({ label, target, icon }: { label: string; target: number; icon: ReactNode }) {
  const { ref, value } = useCountUp<HTMLLIElement>(target)
  return (
    <li
      ref={ref}
      data-testid="business-counter"
      className="flex items-center gap-4 rounded-box border border-base-300 bg-base-100 p-6 shadow-sm"
    >
      <span className="grid size-14 shrink-0 place-items-center rounded-full bg-primary/15 text-accent">
        {icon}
      </span>
      <p className="flex flex-col">
        <span className="text-4xl font-extrabold tabular-nums">
          {/* The moving number is for the eyes; a screen reader hears the final one once. */}
          <span aria-hidden="true">{value}+</span>
          <span className="sr-only">{target}+ </span>
        </span>
        <span className="font-semibold text-base-content/75">{label}</span>
      </p>
    </li>
  )
}

/** docs/product.md §2 Home 3: four counters that count up when they scroll into view. */
export function BusinessSummary() {
  return (
    <section aria-labelledby="business-summary-title" className="page-container py-14">
      <h2 id="business-summary-title" className="section-title">
        {m.summaryTitle}
      </h2>
      <div className="title-rule" />
      <p className="mt-4 max-w-2xl text-base-content/75">{m.summaryText}</p>
      <ul className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-4">
        {counters.map(({ key, icon }) => (
          <Counter key={key} label={m.counters[key]} target={BUSINESS_SUMMARY[key]} icon={icon} />
        ))}
      </ul>
    </section>
  )
}
