import net from 'node:net'

/**
 * A loopback TCP proxy in front of PostgreSQL (or Redis) that a test can cut and restore, to
 * play a server that goes away and comes back while the app keeps running, or stall, to play
 * one that hangs with its connections open.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>()
  let server: net.Server | undefined
  let port = 0
  let stalled = false

  async function listen() {
    server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host)
      for (const s of [client, upstream]) {
        sockets.add(s)
        s.on('close', () => sockets.delete(s))
        s.on('error', () => s.destroy())
        if (stalled) s.pause()
      }
      client.pipe(upstream).pipe(client)
    })
    await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve))
    const address = server.address()
    if (address && typeof address === 'object') port = address.port
  }

  async function cut() {
    for (const s of sockets) s.destroy()
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
    server = undefined
  }

  function stall() {
    stalled = true
    for (const s of sockets) s.pause()
  }

  await listen()
  return {
    get port() {
      return port
    },
    /** Drops every connection and stops accepting new ones. */
    cut,
    /** Accepts connections again on the same port. */
    restore: listen,
    /** Keeps every connection open but passes no more bytes either way. */
    stall,
    close: cut,
  }
}
