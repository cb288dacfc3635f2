import { isRouteErrorResponse, useRouteError } from 'react-router'

import { messages } from '@toolworks/shared'

import { getErrorMessage } from '@/lib/get-error-message'

import { ErrorPanel } from './error-panel'

function useRouteErrorMessage(): string {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return messages.notFound.text
  return getErrorMessage(error)
}

/** The error boundary of a screen (React Router `ErrorBoundary`). */
export function RouteError() {
  return <ErrorPanel message={useRouteErrorMessage()} />
}

/** The same inside the dashboard, whose layout already holds the page's h1. */
export function NestedRouteError() {
  return <ErrorPanel message={useRouteErrorMessage()} headingLevel={2} />
}
