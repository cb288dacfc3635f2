import type { ReactNode } from 'react'

import { messages, offerHeadline, type Promotion as PromotionOffer } from '@toolworks/shared'

import { useMoney } from '@/lib/currency'

const m = messages.homeSections

const truck = (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    className="size-8"
  >
    <path d="M2 6h11v10H2zM13 9h4l4 4v3h-8" />
    <circle cx="6" cy="18" r="2" />
    <circle cx="17" cy="18" r="2" />
  </svg>
)

function Offer({ badge, title, text }: { badge: ReactNode; title: string; text: string }) {
  return (
    <article className="flex gap-5 rounded-box border border-white/10 bg-white/5 p-6">
      <span
        aria-hidden="true"
        className="grid size-16 shrink-0 place-items-center rounded-full bg-primary text-xl font-extrabold text-primary-content"
      >
        {badge}
      </span>
      <div>
        <h3 className="text-xl font-bold text-white">{title}</h3>
        <p className="mt-2 text-neutral-content/85">{text}</p>
      </div>
    </article>
  )
}

/**
 * docs/product.md §2 Home 6, made real: the promotions active today, in the admin's words
 * (a first-order discount shows its percent as the badge). With none active there is no
 * section at all, rather than an empty one.
 */
export function Promotion({ promotions }: { promotions: PromotionOffer[] }) {
  const money = useMoney()
  if (promotions.length === 0) return null
  return (
    <section
      aria-labelledby="promotion-title"
      className="relative overflow-hidden bg-neutral py-14 text-neutral-content"
    >
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 h-1 bg-[repeating-linear-gradient(135deg,var(--color-primary)_0_12px,var(--color-neutral)_12px_24px)]"
      />
      <div className="page-container">
        <p className="text-sm font-bold tracking-widest text-primary uppercase">
          {m.promotionEyebrow}
        </p>
        <h2 id="promotion-title" className="section-title mt-2 text-white">
          {m.promotionTitle}
        </h2>
        <div className="title-rule" />
        <div className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2">
          {promotions.map((offer) => (
            <Offer
              key={offer.id}
              badge={
                offer.kind === 'first-order' && offer.percent !== null
                  ? messages.promotions.percentBadge(offer.percent)
                  : truck
              }
              // A first-order discount says its cap, in the buyer's currency.
              title={offerHeadline(offer, money.price)}
              text={offer.text}
            />
          ))}
        </div>
      </div>
    </section>
  )
}
