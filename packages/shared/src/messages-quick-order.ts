/** The words of quick order and reorder. */
export const quickOrderMessages = {
  title: 'Quick order',
  intro:
    'Paste one line per part: the part number, then the quantity (spaces, tabs, commas or semicolons between them), or upload a CSV file.',
  textLabel: 'Part numbers and quantities',
  placeholder: 'HT-WR-0001 2\nFS-SCS-M8-30 100',
  upload: 'Upload a CSV file',
  sample: 'Download a sample CSV',
  check: 'Add to cart',
  adding: 'Adding…',
  added: (lines: number) => `${lines} ${lines === 1 ? 'line' : 'lines'} added to your cart.`,
  signIn: 'Sign in to use quick order: it adds to your cart.',
  fix: 'Fix',
  cartLink: 'Quick order: paste part numbers',
  toCart: 'Go to the cart',
  refused: 'Some lines cannot be ordered yet: fix them and add again. Nothing was added.',
  lineHeading: 'Line',
  partHeading: 'Part number',
  reasonHeading: 'Why',
  csvUnreadable: 'The file could not be read as CSV.',
  csvEmpty: 'The file has no lines.',
  empty: 'Give at least one line: a part number and a quantity.',
  tooManyLines: (max: number) => `A quick order has at most ${max} lines; split the list.`,
  textTooLong: (max: number) =>
    `The list is too long (at most ${max.toLocaleString('en-US')} characters); split it.`,
  reasons: {
    unknownPart: 'Unknown part number.',
    unknownPartSuggest: (partNumber: string) => `Unknown part number. Did you mean ${partNumber}?`,
    unreadable: 'Write the part number, then the quantity.',
    badQuantity: 'The quantity must be a whole number from 1.',
    belowMinimum: (minimum: number) => `Below the minimum of ${minimum}.`,
    packMultiple: (packSize: number, roundUp: number) =>
      `Sold in packs of ${packSize}: round up to ${roundUp}?`,
    outOfStock: (stock: number) =>
      stock > 0
        ? `Only ${stock} in stock, and not made to order.`
        : 'Out of stock, and not made to order.',
    cartFull: (max: number) => `The cart would hold more than ${max} lines.`,
  },
  reorder: {
    button: 'Order again',
    busy: 'Adding…',
    added: 'The order’s tools are in your cart.',
    nothing: 'None of this order’s tools are sold any more.',
    changed: (count: number) =>
      `The order’s tools are in your cart; ${count} ${count === 1 ? 'price has' : 'prices have'} changed since:`,
    priceChange: (name: string, was: string, now: string) => `${name}: ${was} → ${now}`,
    notFound: 'Order not found',
  },
} as const
