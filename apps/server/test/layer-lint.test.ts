import { fileURLToPath } from 'node:url'

import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'

/**
 * The server's layer rule (eslint.config.js serverLayers) as CI runs it: each
 * import below breaks one layer and must be refused; the type-only forms must pass.
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))

const eslint = new ESLint({
  cwd: repoRoot,
  // The snippets are not files of the TypeScript project: lint them without type information.
  overrideConfig: [tseslint.configs.disableTypeChecked],
})

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}/${file}` })
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((m) => m.message)
}

const refused: [string, string, string][] = [
  [
    'apps/server/src/modules/orders/orders.routes.ts',
    "import { lockOrder } from './orders.queries.js'\nvoid lockOrder",
    'a route calls its service',
  ],
  [
    'apps/server/src/modules/orders/orders.service.ts',
    "import { listTools } from '../catalog/catalog.queries.js'\nvoid listTools",
    "call the other module's service",
  ],
  [
    'apps/server/src/modules/orders/orders.queries.ts',
    "import { createOrdersService } from './orders.service.js'\nvoid createOrdersService",
    'queries are the bottom layer',
  ],
  [
    'apps/server/src/modules/orders/orders.service.ts',
    "import { createCheckoutFlow } from '../../flows/checkout.js'\nvoid createCheckoutFlow",
    'a module never calls a flow',
  ],
  [
    'apps/server/src/flows/checkout.ts',
    "import { lockOrder } from '../modules/orders/orders.queries.js'\nvoid lockOrder",
    "a flow calls the modules' services",
  ],
  [
    'apps/server/src/flows/checkout.ts',
    "import { ordersRoutes } from '../modules/orders/orders.routes.js'\nvoid ordersRoutes",
    'a flow calls services, never routes',
  ],
  [
    'apps/server/src/lib/after-commit.ts',
    "import { createOrdersService } from '../modules/orders/orders.service.js'\nvoid createOrdersService",
    'lib/ and db/ import no module',
  ],
]

describe('the server layer rule', () => {
  it.each(refused)('refuses, in %s: %s', async (file, code, message) => {
    const errors = await layerErrors(file, code)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain(message)
  })

  it('lets types cross layers and a route call its own service', async () => {
    const code = [
      "import type { OrderRow } from './orders.queries.js'",
      "import type { CheckoutFlow } from '../../flows/checkout.js'",
      "import { createOrdersService } from './orders.service.js'",
      'export type T = [OrderRow, CheckoutFlow]',
      'void createOrdersService',
    ].join('\n')
    expect(await layerErrors('apps/server/src/modules/orders/orders.routes.ts', code)).toEqual([])
  })
})
