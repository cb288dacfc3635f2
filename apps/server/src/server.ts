import { buildApp } from './app.js'
import { ConfigError, loadConfig, type Config } from './config.js'
import {
  demoAccountsAllowed,
  demoAccountsRefusal,
  demoStartNotice,
} from './db/seed/demo-accounts.js'
import { seedDemoData } from './db/seed/seed.js'
import { describeDatabase, openConfiguredDatabase } from './db/open.js'
import { paymentsStartNotice } from './modules/payments/simulated-backends.js'

const SHUTDOWN_GRACE_MS = 10_000

function fail(message: string): never {
  process.stderr.write(`${message}\n`)
  process.exit(1)
}

let config: Config
try {
  config = loadConfig()
} catch (error) {
  if (error instanceof ConfigError) fail(error.message)
  throw error
}

const database = await openConfiguredDatabase(config).catch((error: unknown) => {
  const reason = error instanceof Error ? error.message : String(error)
  fail(`Cannot open the database (${describeDatabase(config)}): ${reason}`)
})

// Demo accounts have no place in a production shop: it does not start with them.
const demoRefusal = await demoAccountsRefusal(database.db, config)
if (demoRefusal) {
  await database.close()
  fail(demoRefusal)
}

const app = await buildApp({ config, database })

if (config.seedDemo) {
  const demoAccounts = demoAccountsAllowed(config)
    ? {
        dataDir: config.dataDir,
        hashPassword: (await app.services.auth.$context).password.hash,
      }
    : undefined
  const seeded = await seedDemoData(database.db, app.services.media, demoAccounts)
  if (seeded.tools + seeded.reviews > 0)
    app.log.info(seeded, 'demo data added to an empty database')
}

let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'shutting down: finishing requests in flight')
  const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS)
  force.unref()
  await app.close()
  await database.close()
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

try {
  await app.listen({ port: config.port, host: config.host })
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error)
  await database.close()
  fail(`Cannot listen on ${config.host}:${config.port}: ${reason}`)
}
const address = app.server.address()
const port = typeof address === 'object' && address ? address.port : config.port
const shown = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host
app.log.info(`Toolworks is ready at http://${shown}:${port} (${describeDatabase(config)})`)
// Which payment backends are simulated, so a demo shop is never taken for a live one.
const payments = paymentsStartNotice(app.services.payments.names(), app.services.simulatedPayments)
app.log[payments.level](payments.message)

// Where to sign in as the demo admin; the password stays in its file, never in a log.
const demo = demoStartNotice(config)
if (demo) {
  if (process.stdout.isTTY) {
    // On a terminal the log lines go through pino-pretty's worker thread, which prints them a
    // moment later: a short wait puts the banner after them, where a person looks. Cosmetic
    // only; nothing depends on the order.
    await new Promise((done) => setTimeout(done, 150))
    process.stdout.write(`\n${demo.lines.join('\n')}\n\n`)
  } else app.log.info(demo.line)
}
