import { Link } from 'react-router'

import { messages } from '@toolworks/shared'

import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'

export function NotFoundRoute() {
  useDocumentTitle(messages.notFound.title)
  return (
    <div className="page-container py-20 text-center">
      <p aria-hidden="true" className="text-7xl font-extrabold text-base-content/50">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold">{messages.notFound.text}</h1>
      <Link to={paths.home()} className="btn btn-primary mt-8">
        {messages.notFound.home}
      </Link>
    </div>
  )
}
