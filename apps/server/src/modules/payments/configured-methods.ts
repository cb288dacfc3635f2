import { randomBytes } from 'node:crypto'

import type { Clock } from '@toolworks/shared'
import type { Redis } from 'ioredis'

import type { BankAccount, Config } from '../../config.js'
import { createBankTransferProvider } from './bank-transfer/bank-transfer-provider.js'
import type { PaymentProvider } from './payment-provider.js'
import { createSslcommerzProvider } from './sslcommerz/sslcommerz-provider.js'
import { createSslcommerzStandIn } from './sslcommerz/sslcommerz-stand-in.js'
import { createValidationMemo } from './sslcommerz/validation-memo.js'
import { standInsAllowed } from './simulated-backends.js'

/** Where the development stand-in gateway answers inside the shop (never in production). */
export const DEV_SSLCOMMERZ_PREFIX = '/dev/sslcommerz'

/** Bank details that are plainly not real, for trying bank transfer in development. */
export const DEMO_BANK_ACCOUNT: BankAccount = {
  bankName: 'Demo Bank PLC (development only)',
  accountName: 'Toolworks Ltd',
  accountNumber: '0000-0000-0000',
  branch: 'Motijheel, Dhaka',
  routingNumber: '000000000',
  swift: 'DEMOBDDH',
}

/**
 * The gateway and offline payment methods the configuration offers, beside the card provider:
 * SSLCommerz with its credentials, bank transfer with BANK_ACCOUNT_NUMBER. In development
 * without them (`devPayments`), the stand-in gateway inside the shop and demo bank details, so
 * the whole flow can be tried offline; `standIn` is then the plugin to mount at
 * DEV_SSLCOMMERZ_PREFIX. Production never builds either (`standInsAllowed`).
 */
export function configuredMethods(
  config: Pick<
    Config,
    'env' | 'sslcommerz' | 'bankTransfer' | 'bankTransferHoldDays' | 'devPayments' | 'publicUrl'
  >,
  clock: Clock,
  /** With REDIS_URL: the gateway's validations are remembered across processes there. */
  redis?: Redis,
) {
  const providers: PaymentProvider[] = []
  let standIn: ReturnType<typeof createSslcommerzStandIn> | undefined
  const validations = createValidationMemo({ shared: redis })
  if (config.sslcommerz) {
    providers.push(
      createSslcommerzProvider({ ...config.sslcommerz, publicUrl: config.publicUrl, validations }),
    )
  } else if (standInsAllowed(config)) {
    // A fresh password per process: the stand-in and the shop share it, no one else needs it.
    const store = { storeId: 'toolworks-dev', storePassword: randomBytes(12).toString('hex') }
    standIn = createSslcommerzStandIn(store)
    providers.push(
      createSslcommerzProvider({
        ...store,
        apiUrl: config.publicUrl + DEV_SSLCOMMERZ_PREFIX,
        publicUrl: config.publicUrl,
        validations,
      }),
    )
  }
  const account = config.bankTransfer ?? (standInsAllowed(config) ? DEMO_BANK_ACCOUNT : undefined)
  if (account)
    providers.push(
      createBankTransferProvider({ account, holdDays: config.bankTransferHoldDays, clock }),
    )
  return { providers, standIn }
}
