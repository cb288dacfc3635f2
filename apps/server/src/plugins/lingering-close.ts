import type { IncomingMessage } from 'node:http'

import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/** How long a refused request's remaining body is read and thrown away before its socket is cut. */
export const LINGER_MS = 5_000

/**
 * Lingering close (as nginx does): a request answered before its body was read (401, 403,
 * 413, 429 from an onRequest check) keeps being read and its bytes discarded, so the client
 * finishes sending and reads the answer. Closing on unread bytes makes the kernel send a
 * reset, and a client still writing its upload then reports a network error instead of the
 * answer. Bounded in time and bytes, so a slow or endless body cannot hold the socket.
 */
export const lingeringClosePlugin = fp(
  async (app: FastifyInstance) => {
    // A callback hook, not async: it runs on every answer (per-request work).
    app.addHook('onSend', (request, _reply, payload, done) => {
      const raw = request.raw
      if (!raw.complete && !raw.readableEnded && !raw.destroyed) {
        // Twice the route's limit: a 413's body is over the limit by definition and should
        // still be read to its end when it is not absurdly larger.
        const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1_048_576
        discardRest(raw, 2 * limit, LINGER_MS)
      }
      done(null, payload)
    })
  },
  { name: 'lingering-close' },
)

function discardRest(raw: IncomingMessage, maxBytes: number, maxMs: number) {
  let read = 0
  // light-my-request (app.inject) hands a socket stand-in without destroy: nothing to cut there.
  const socket = raw.socket as { destroy?: unknown } | null
  const cut = () => {
    if (typeof socket?.destroy === 'function') raw.socket.destroy()
    else raw.destroy()
  }
  const timer = setTimeout(cut, maxMs)
  timer.unref()
  const stop = () => clearTimeout(timer)
  raw.on('data', (chunk: Buffer) => {
    read += chunk.length
    if (read > maxBytes) {
      stop()
      cut()
    }
  })
  raw.once('end', stop)
  raw.once('close', stop)
  raw.resume()
}
