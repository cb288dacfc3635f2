import { messages } from '@toolworks/shared'

const m = messages.homeSections

// Drawn in-house (public/news), one per post of messages.ts, in order.
const NEWS_IMAGES = ['cnc-line', 'stainless-tools', 'iso-certificate'] as const

/** docs/product.md §2 Home 7: three static posts with the spec's dates. */
export function RecentNews() {
  return (
    <section aria-labelledby="news-title" className="page-container py-14">
      <h2 id="news-title" className="section-title">
        {m.newsTitle}
      </h2>
      <div className="title-rule" />
      <ul className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {m.news.map((post, i) => (
          <li key={post.isoDate}>
            <article
              data-testid="news-post"
              aria-labelledby={`news-${post.isoDate}`}
              className="h-full overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm"
            >
              <img
                src={`/news/${NEWS_IMAGES[i]}.svg`}
                alt={post.imageAlt}
                width={640}
                height={360}
                loading="lazy"
                decoding="async"
                className="aspect-video h-auto w-full object-cover"
              />
              <div className="p-6">
                <time
                  dateTime={post.isoDate}
                  className="text-sm font-bold tracking-wider text-accent uppercase"
                >
                  {post.date}
                </time>
                <h3 id={`news-${post.isoDate}`} className="mt-2 text-xl font-bold">
                  {post.title}
                </h3>
                <p className="mt-3 text-base-content/80">{post.text}</p>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  )
}
