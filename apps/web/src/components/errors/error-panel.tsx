import { Link } from 'react-router'

import { messages } from '@toolworks/shared'

import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'

type ErrorPanelProps = {
  message: string
  /** 1 for a whole screen; 2 inside a layout that has its own h1 (the dashboard). */
  headingLevel?: 1 | 2
}

/** What a screen shows when it failed to render: the reason and two ways on. */
export function ErrorPanel({ message, headingLevel = 1 }: ErrorPanelProps) {
  useDocumentTitle(messages.screenError.title)
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  return (
    <div role="alert" className="page-container py-16 text-center">
      <Heading className="page-title">{messages.screenError.title}</Heading>
      <p className="mx-auto mt-4 max-w-xl text-base-content/80">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* A reload also fetches a script chunk that failed to load after a deploy. */}
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {messages.screenError.retry}
        </button>
        <Link to={paths.home()} className="btn btn-outline">
          {messages.screenError.home}
        </Link>
      </div>
    </div>
  )
}
