import { messages } from '@toolworks/shared'

import { useDocumentTitle } from '@/lib/use-document-title'

type PlaceholderPageProps = {
  title: string
  /** 2 inside the dashboard, whose layout holds the page's h1. */
  headingLevel?: 1 | 2
}

/** The body of a screen whose content arrives in a later issue. */
export function PlaceholderPage({ title, headingLevel = 1 }: PlaceholderPageProps) {
  useDocumentTitle(title)
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  const nested = headingLevel === 2
  return (
    <div className={nested ? '' : 'page-container py-12'}>
      <Heading className={nested ? 'section-title' : 'page-title'}>{title}</Heading>
      <div className="title-rule" />
      <p className="mt-6 text-base-content/70">{messages.site.comingSoon}</p>
    </div>
  )
}
