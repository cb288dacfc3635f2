import { expect, test } from 'vitest'

import { buildTestApp } from './app.js'
import { useTestDatabase } from './database.js'

const database = useTestDatabase()

// `npm start` once printed FSTDEP023 (disableRequestLogging). Warnings are emitted once
// per process, so this file builds the app first thing in its own worker.
test('building and starting the app emits no deprecation or other process warning', async ({
  onTestFinished,
}) => {
  const warnings: string[] = []
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`)
  process.on('warning', onWarning)
  onTestFinished(() => void process.off('warning', onWarning))
  const app = await buildTestApp(database.current, onTestFinished)
  await app.inject({ method: 'GET', url: '/api/health' })
  // process.emitWarning delivers on the next tick.
  await new Promise((resolve) => setImmediate(resolve))
  expect(warnings).toEqual([])
})
