import { EventEmitter } from 'node:events'

import pg from 'pg'

/** What can change under a cache: each topic is invalidated on its own. */
export type ChangeTopic = 'catalog' | 'reviews' | 'promotions'
export const CHANGE_TOPICS: readonly ChangeTopic[] = ['catalog', 'reviews', 'promotions']

/**
 * Tells every server process on the same database that something changed. A
 * listener hears its own process's changes too, and hears every topic when it may have
 * missed some (a lost connection), so a cache can never keep a stale answer for long.
 */
export type ChangeFeed = {
  publish(topic: ChangeTopic): Promise<void>
  subscribe(listener: (topic: ChangeTopic) => void): () => void
  close(): Promise<void>
}

function isTopic(value: string): value is ChangeTopic {
  return (CHANGE_TOPICS as readonly string[]).includes(value)
}

/** One process, one embedded database: an in-process emitter is the whole story. */
export function createLocalChangeFeed(): ChangeFeed {
  const emitter = new EventEmitter()
  return {
    publish(topic) {
      emitter.emit('change', topic)
      return Promise.resolve()
    },
    subscribe(listener) {
      emitter.on('change', listener)
      return () => emitter.off('change', listener)
    },
    close: () => Promise.resolve(),
  }
}

const CHANNEL = 'toolworks_changes'
const RECONNECT_MS = [100, 250, 500, 1000, 2000, 5000]

/**
 * PostgreSQL LISTEN/NOTIFY: publishing is one `pg_notify` through the pool; listening holds
 * one connection of its own, reconnecting after a database restart.
 */
export function createPgChangeFeed(pool: pg.Pool, url: string): ChangeFeed {
  const emitter = new EventEmitter()
  let client: pg.Client | undefined
  let closed = false
  let attempt = 0
  let timer: NodeJS.Timeout | undefined

  const everything = () => {
    for (const topic of CHANGE_TOPICS) emitter.emit('change', topic)
  }

  function scheduleReconnect() {
    if (closed || timer) return
    const delay = RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)] ?? 5000
    attempt += 1
    timer = setTimeout(() => {
      timer = undefined
      void connect()
    }, delay)
    timer.unref()
  }

  async function connect() {
    const next = new pg.Client({ connectionString: url })
    next.on('notification', (message) => {
      if (message.payload && isTopic(message.payload)) emitter.emit('change', message.payload)
    })
    const lost = () => {
      if (client !== next) return
      // Whatever happened while we were not listening is unknown: forget everything.
      client = undefined
      everything()
      next.end().catch(() => {})
      scheduleReconnect()
    }
    next.on('error', lost)
    next.on('end', lost)
    try {
      await next.connect()
      await next.query(`listen ${CHANNEL}`)
      if (closed) {
        await next.end()
        return
      }
      client = next
      attempt = 0
      // Changes made while this connection was being opened were not heard.
      everything()
    } catch {
      next.end().catch(() => {})
      scheduleReconnect()
    }
  }

  const ready = connect()

  // Under a burst of orders, notices for one topic are coalesced: while one is on its way,
  // further changes only ask for one more after it. Every change is still followed by a notice.
  const inFlight = new Map<ChangeTopic, Promise<void>>()
  const again = new Set<ChangeTopic>()

  async function notify(topic: ChangeTopic): Promise<void> {
    try {
      await pool.query('select pg_notify($1, $2)', [CHANNEL, topic])
    } finally {
      inFlight.delete(topic)
      if (again.delete(topic)) void send(topic).catch(() => {})
    }
  }

  function send(topic: ChangeTopic): Promise<void> {
    const pending = inFlight.get(topic)
    if (pending) {
      again.add(topic)
      return pending
    }
    const started = notify(topic)
    inFlight.set(topic, started)
    return started
  }

  return {
    async publish(topic) {
      emitter.emit('change', topic)
      await send(topic)
    },
    subscribe(listener) {
      emitter.on('change', listener)
      return () => emitter.off('change', listener)
    },
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      await ready
      await client?.end().catch(() => {})
    },
  }
}
