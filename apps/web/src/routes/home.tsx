import { Link } from 'react-router'

import { HOME_TOOLS_COUNT, messages } from '@toolworks/shared'

import { cardAddToCart } from '@/features/cart/components/lazy-cart'
import { useTools } from '@/features/catalog/api/get-tools'
import { ToolGrid } from '@/features/catalog/components/tool-grid'
import { ContactSection } from '@/features/contact/components/contact-section'
import { BusinessPartners } from '@/features/home/components/business-partners'
import { BusinessSummary } from '@/features/home/components/business-summary'
import { Promotion } from '@/features/home/components/promotion'
import { useActivePromotions } from '@/features/promotions/api/get-active-promotions'
import { RecentNews } from '@/features/home/components/recent-news'
import { HomeReviews } from '@/features/reviews/components/home-reviews'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'

import { HomeHero } from './home-hero'

export function HomeRoute() {
  useDocumentTitle(undefined, messages.seo.home)
  const tools = useTools({ limit: HOME_TOOLS_COUNT })
  // Server-rendered with the page; while loading or after a failure, no offers are shown
  // rather than offers that may have ended.
  const promotions = useActivePromotions()

  return (
    <>
      <HomeHero />
      <section aria-labelledby="our-tools-title" className="page-container py-14">
        <h2 id="our-tools-title" className="section-title">
          {messages.catalog.homeToolsTitle}
        </h2>
        <div className="title-rule mb-8" />
        {/* The server honours limit; the slice keeps docs/product.md §9's "at most 8" whatever it sends. */}
        <ToolGrid
          query={tools}
          placeholders={HOME_TOOLS_COUNT}
          limit={HOME_TOOLS_COUNT}
          cardAction={cardAddToCart}
        />
        <div className="mt-10 flex justify-center">
          <Link to={paths.products()} className="btn btn-outline btn-wide">
            {messages.catalog.seeMore}{' '}
            <span className="sr-only">{messages.catalog.seeMoreHidden}</span>
          </Link>
        </div>
      </section>
      {/* docs/product.md §2 Home, in its order: 3 to 8 follow Our Tools. */}
      <BusinessSummary />
      <BusinessPartners />
      <HomeReviews />
      <Promotion promotions={promotions.data ?? []} />
      <RecentNews />
      <ContactSection />
    </>
  )
}
