import { messages } from '@toolworks/shared'

import { useDocumentTitle } from '@/lib/use-document-title'

const m = messages.blogs

/** docs/product.md §2 Blogs: the five static technical Questions and Answers cards. */
export function BlogsRoute() {
  useDocumentTitle(m.title, messages.seo.blogs)
  return (
    <div className="page-container py-12">
      <p className="text-sm font-bold tracking-widest text-accent uppercase">{m.title}</p>
      <h1 className="page-title mt-2">{m.heading}</h1>
      <div className="title-rule" />
      <p className="mt-6 max-w-3xl text-lg text-base-content/80">{m.text}</p>
      <ol className="mt-10 grid grid-cols-1 gap-6 lg:grid-cols-2">
        {m.questions.map((qa, i) => (
          <li key={qa.question}>
            <article
              data-testid="qa-card"
              aria-labelledby={`qa-${i + 1}`}
              className="h-full rounded-box border border-base-300 bg-base-100 p-6 shadow-sm"
            >
              <h2 id={`qa-${i + 1}`} className="flex gap-3 text-xl font-bold">
                <span
                  aria-hidden="true"
                  className="grid size-8 shrink-0 place-items-center rounded-full bg-primary text-base text-primary-content"
                >
                  Q
                </span>
                {qa.question}
              </h2>
              <p className="mt-4 leading-relaxed text-base-content/85">{qa.answer}</p>
            </article>
          </li>
        ))}
      </ol>
    </div>
  )
}
