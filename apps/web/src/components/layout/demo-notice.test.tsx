import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { messages, queryKeys, type PublicConfig } from '@toolworks/shared'

import { render } from '@/entry-server'
import { siteConfigHandler } from '@/testing/handlers/accounts'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const NOTICE = messages.site.demoShop

const siteConfig = (simulatedPayments: boolean): PublicConfig => ({
  googleSignIn: false,
  payments: 'sandbox',
  simulatedPayments,
  stripePublishableKey: null,
  orderHoldHours: 48,
  vatRatePercent: 15,
})

describe('the demo shop notice', () => {
  test.for(['/', '/products', '/quote', '/login', '/dashboard', '/no-such-page'])(
    'is a status on %s while payments are simulated',
    async (path) => {
      server.use(siteConfigHandler(false, { simulatedPayments: true }))
      renderApp(path)
      const notice = await screen.findByText(NOTICE)
      expect(screen.getAllByRole('status')).toContain(notice)
      // Above the header: the first thing on the page after the skip link.
      expect(notice.compareDocumentPosition(screen.getByRole('banner'))).toBe(
        Node.DOCUMENT_POSITION_FOLLOWING,
      )
    },
  )

  test('is absent when every payment backend is real', async () => {
    server.use(siteConfigHandler(false, { simulatedPayments: false }))
    renderApp('/')
    await screen.findAllByTestId('tool-card')
    expect(screen.queryByText(NOTICE)).toBeNull()
  })

  test('is in the server’s HTML when the page’s data says payments are simulated', async () => {
    const url = 'http://shop.example.com/products'
    const on = await render({
      url,
      queries: [{ key: queryKeys.siteConfig, data: siteConfig(true) }],
    })
    expect(on).toMatch(new RegExp(`<p role="status"[^>]*>${NOTICE}</p>`))
    const off = await render({
      url,
      queries: [{ key: queryKeys.siteConfig, data: siteConfig(false) }],
    })
    expect(off).not.toContain(NOTICE)
  })
})
