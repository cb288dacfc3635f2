import { isSslcommerzSandbox, isStripeTestKey, type Config } from '../../config.js'

/**
 * Which payment backends a configuration runs in test mode, where no money moves: the card
 * sandbox, Stripe's test keys, the SSLCommerz stand-in inside the shop or SSLCommerz's own
 * sandbox, and the demo bank details printed in place of the shop's account. A live shop runs
 * none of them (docs/security.md, No test payments in a live shop); a development shop says so
 * on every page and in its start-up log.
 */
export type SimulatedBackend =
  | 'card-sandbox'
  | 'stripe-test-mode'
  | 'sslcommerz-stand-in'
  | 'sslcommerz-sandbox'
  | 'demo-bank-details'

/** How the start-up log names each one. */
export const SIMULATED_BACKEND_NAMES: Record<SimulatedBackend, string> = {
  'card-sandbox': 'card: the built-in sandbox (set STRIPE_SECRET_KEY for Stripe)',
  'stripe-test-mode': 'card: Stripe test mode (a sk_test_ key)',
  'sslcommerz-stand-in':
    'SSLCommerz: the stand-in gateway at /dev/sslcommerz (set SSLCOMMERZ_STORE_ID and SSLCOMMERZ_STORE_PASSWORD)',
  'sslcommerz-sandbox': 'SSLCommerz: its sandbox (SSLCOMMERZ_API_URL)',
  'demo-bank-details': 'bank transfer: demo bank details (set BANK_ACCOUNT_NUMBER)',
}

type PaymentSettings = Pick<
  Config,
  'env' | 'stripe' | 'sslcommerz' | 'bankTransfer' | 'devPayments'
>

/**
 * The card provider a configuration runs: Stripe with its key; without one, the sandbox outside
 * production and no card at all in production, so a live shop never takes a sandbox payment.
 */
export function cardProviderOf(
  config: Pick<Config, 'env' | 'stripe'>,
): 'stripe' | 'sandbox' | undefined {
  if (config.stripe) return 'stripe'
  return config.env === 'production' ? undefined : 'sandbox'
}

/**
 * Whether the in-shop stand-ins (the SSLCommerz gateway, the demo bank details) run: only with
 * DEV_PAYMENTS, and never in production, whatever the configuration object says.
 */
export const standInsAllowed = (config: Pick<Config, 'env' | 'devPayments'>) =>
  config.devPayments && config.env !== 'production'

/** The test-mode payment backends this configuration runs, in the payment page's order. */
export function simulatedBackends(config: PaymentSettings): SimulatedBackend[] {
  const simulated: SimulatedBackend[] = []
  if (config.sslcommerz) {
    if (isSslcommerzSandbox(config.sslcommerz.apiUrl)) simulated.push('sslcommerz-sandbox')
  } else if (standInsAllowed(config)) simulated.push('sslcommerz-stand-in')
  if (!config.bankTransfer && standInsAllowed(config)) simulated.push('demo-bank-details')
  const card = cardProviderOf(config)
  if (card === 'sandbox') simulated.push('card-sandbox')
  const stripeKeys = [config.stripe?.secretKey, config.stripe?.publishableKey]
  if (card === 'stripe' && stripeKeys.some((key) => key !== undefined && isStripeTestKey(key)))
    simulated.push('stripe-test-mode')
  return simulated
}

/**
 * The start-up log's word on payments: which backends are simulated (a warning, so nobody
 * takes the demo shop for a live one), else which run for real, else that nothing takes money.
 */
export function paymentsStartNotice(
  offered: readonly string[],
  simulated: readonly SimulatedBackend[],
): { level: 'info' | 'warn'; message: string } {
  if (simulated.length > 0)
    return {
      level: 'warn',
      message: `Demo shop: payments are simulated, no money moves. Simulated: ${simulated
        .map((backend) => SIMULATED_BACKEND_NAMES[backend])
        .join('; ')}`,
    }
  if (offered.length === 0)
    return {
      level: 'warn',
      message:
        'No payment method is configured: set STRIPE_SECRET_KEY, SSLCOMMERZ_STORE_ID or BANK_ACCOUNT_NUMBER',
    }
  return { level: 'info', message: `Payments: ${offered.join(', ')}` }
}
