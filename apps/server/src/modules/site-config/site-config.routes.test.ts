import { PublicConfigSchema } from '@toolworks/shared'
import { expect, test } from 'vitest'

import { buildTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'

const database = useTestDatabase()

test('tells the browser whether Google sign-in is configured, and nothing secret', async ({
  onTestFinished,
}) => {
  const off = await buildTestApp(database.current, onTestFinished)
  expect(
    PublicConfigSchema.parse((await off.inject({ method: 'GET', url: '/api/config' })).json()),
  ).toEqual({
    googleSignIn: false,
    payments: 'sandbox',
    // The card sandbox runs: every page says payments are simulated.
    simulatedPayments: true,
    stripePublishableKey: null,
    orderHoldHours: 48,
    vatRatePercent: 15,
  })

  const on = await buildTestApp(database.current, onTestFinished, {
    google: {
      clientId: 'client-id',
      clientSecret: 'very-secret-value',
      discoveryUrl: 'http://127.0.0.1:1/x',
    },
  })
  const res = await on.inject({ method: 'GET', url: '/api/config' })
  expect(res.json()).toMatchObject({ googleSignIn: true })
  expect(res.body).not.toContain('very-secret-value')
})
