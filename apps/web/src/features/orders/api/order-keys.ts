/** Every order query starts with this key, so one change can refresh all order lists. */
export const ordersKey = ['orders'] as const
