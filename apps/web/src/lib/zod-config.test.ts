import { expect, test } from 'vitest'

test('zod adopts the jitless setting main.tsx makes before zod loads', async () => {
  // setup.ts or another test may have loaded zod already; the setting must hold either way.
  await import('./zod-config')
  const { z } = await import('zod')
  expect(z.config().jitless).toBe(true)
})
