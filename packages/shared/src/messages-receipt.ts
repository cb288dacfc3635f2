/**
 * The payment page once an order is paid: a receipt, never "Please pay". A module of
 * its own so only the payment screen carries these words.
 */
export const receiptWords = {
  heading: 'Payment received',
  order: (number: string) => `Order ${number}`,
  amountPaid: 'Amount paid',
  method: 'Method',
  reference: 'Transaction reference',
  deliveryAddress: 'Delivery address',
  downloadInvoice: 'Download invoice',
  myOrders: 'My Orders',
  /** A paid order from before the method was recorded was paid by card. */
  unknownMethod: 'Card',
} as const
