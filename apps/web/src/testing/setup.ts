import '@testing-library/jest-dom/vitest'

import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'

import { toast } from '@/lib/toast'

import { installConsoleGuard, reportUnexpected } from './console-guard'
import { server } from './server'

beforeAll(() => {
  server.listen({
    // An unhandled request fails the test (docs/conventions.md §7) and never reaches the network.
    onUnhandledRequest(request, print) {
      reportUnexpected(`unhandled request: ${request.method} ${request.url}`)
      print.error()
    },
  })
})

installConsoleGuard()

// A lazy route's first render can take over a second on a busy machine; findBy* waits longer
// than the default 1 s so a slow run is not a failure (it never slows a passing test).
configure({ asyncUtilTimeout: 5000 })

// jsdom has no layout, so it cannot scroll; the router's scroll restoration calls this.
window.scrollTo = () => {}

// jsdom has no modal dialogs: enough of showModal and close for <dialog> forms.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.open = true
}
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  if (!this.open) return
  this.open = false
  this.dispatchEvent(new Event('close'))
}

afterEach(() => {
  cleanup()
  // A toast raised as a test ended, before the container (which mounts with the first toast)
  // was there, waits in react-toastify's queue: without this it would show in the next test.
  toast.dismiss()
  server.resetHandlers()
  localStorage.clear()
  document.title = ''
})

afterAll(() => server.close())
