/**
 * The words of taka, VAT and the Mushak-6.3, exactly as the issue spells them: the
 * rest of the shop's words are in messages.ts.
 */

/** The admin page Exchange Rate (`/dashboard/exchange-rate`) and its API. */
export const exchangeRateWords = {
  title: 'Exchange Rate',
  currencyOnly: 'currency must be "BDT": the rate is taka per US dollar',
  perUsdNumber: 'perUsd must be a number of taka per US dollar',
  perUsdRange: 'perUsd must be between 50 and 500 taka per US dollar',
  confirmBoolean: 'confirm must be true or false',
  /** The server's refusal of a big change without `confirm: true`. */
  confirmNeeded: (percent: number) =>
    `This changes the rate by ${percent}%, more than 10%. Send confirm: true to save it anyway.`,
  /** The admin page's question before it resends with `confirm: true`. */
  confirmAsk: (percent: number) => `This changes the rate by ${percent}%. Save anyway?`,
  perUsdDecimals: 'perUsd has at most 4 decimals, as Bangladesh Bank publishes it',
  dateFormat: 'effectiveFrom must be a date (YYYY-MM-DD)',
  noneYet: 'No exchange rate is set yet, so prices are shown in US dollars only.',
  inForce: 'Rate in force',
  inForceValue: (perUsd: number, from: string) => `${perUsd} taka per US dollar, from ${from}`,
  setTitle: 'Set the rate',
  perUsd: 'Taka per US dollar',
  effectiveFrom: 'Applies from',
  save: 'Set rate',
  saved: 'Exchange rate saved.',
  saveFailed: 'The exchange rate could not be saved.',
  loadFailed: 'The exchange rate could not be loaded.',
  historyTitle: 'History',
  historyEmpty: 'No changes yet.',
  historyLoadFailed: 'The history could not be loaded.',
  columns: { rate: 'Rate', from: 'From', setBy: 'Set by', setAt: 'Set at' },
} as const

/** Currency, delivery country, BIN and the Mushak-6.3. */
export const taxWords = {
  countryCode: 'country must be an ISO 3166 country code, such as BD',
  binFormat: 'A BIN is 13 digits, written 0001234560101 or 000123456-0101.',
  currencyChoice: 'currency must be "USD" or "BDT"',
  bdtNotOffered:
    'Prices in taka are not offered yet: the shop has no exchange rate. Please pay in US dollars.',
  mushakUnpaid: 'The Mushak-6.3 tax invoice is issued once the order is paid.',
  mushakExport: 'An export order is zero-rated and has no Mushak-6.3; its invoice says so.',
  exportZeroRated: 'Export, zero-rated (VAT 0%)',
  /** My Profile's fields and card rows; the BIN is optional, the country a select. */
  binLabel: 'BIN',
  binHint: 'Optional: 13 digits, printed on your Mushak-6.3 tax invoices.',
  countryLabel: 'Country',
  /** The button beside Invoice (PDF) in My Orders and Manage Orders, on paid domestic orders. */
  mushakPdf: 'Mushak-6.3 (PDF)',
  mushakFor: (order: string) => `Mushak-6.3 (PDF): ${order}`,
  mushakDownloading: 'Preparing the Mushak-6.3…',
  mushakDownloadFailed: 'The Mushak-6.3 could not be downloaded.',
  vatIncluded: (rate: number) => `VAT ${rate}% included`,
} as const

/** The Mushak-6.3 form's own words: English, with the form's Bengali title. */
export const mushakWords = {
  form: 'Mushak-6.3',
  titleBengali: 'মূসক-৬.৩ — কর চালানপত্র',
  title: 'Tax invoice',
  rule: '[See clauses (c) and (f) of sub-rule (1) of rule 40]',
  authority: 'Government of the People’s Republic of Bangladesh, National Board of Revenue',
  seller: 'Registered person (seller)',
  buyer: 'Buyer',
  delivery: 'Delivery address',
  bin: 'BIN',
  serial: 'Serial number',
  issuedAt: 'Date and time of issue',
  columns: {
    index: 'No.',
    description: 'Description of goods',
    quantity: 'Quantity',
    unitPrice: 'Unit price before VAT',
    value: 'Value before VAT',
    sdRate: 'SD rate',
    sdAmount: 'SD amount',
    vatRate: 'VAT rate',
    vatAmount: 'VAT amount',
    total: 'Total incl. taxes',
  },
  totals: 'Totals',
  discountShared: (label: string, amount: string) =>
    `The values include the ${label} of ${amount}, shared over the lines.`,
  sellerBinMissing: 'The shop has no BIN set yet, so it cannot issue a tax invoice.',
  paidBeforeTaxInvoices: 'This order was paid before the shop issued Mushak-6.3 tax invoices.',
  currency: (code: string, rate: number | null) =>
    rate === null ? `Currency: ${code}` : `Currency: ${code}, at ${rate} taka per US dollar`,
  file: (serial: string) => `mushak-6.3-${serial.replace('/', '-')}.pdf`,
} as const

/**
 * The Mushak-6.7 credit note: a paid domestic order cancelled after its Mushak-6.3 was issued
 * reverses that invoice's value and VAT. Its own serial per fiscal year; it names the 6.3.
 */
export const creditNoteWords = {
  form: 'Mushak-6.7',
  titleBengali: 'মূসক-৬.৭ — ক্রেডিট নোট',
  title: 'Credit note',
  rule: '[See rule 40 of the Value Added Tax and Supplementary Duty Rules, 2016]',
  serial: 'Credit note serial number',
  issuedAt: 'Date and time of issue',
  original: 'Original tax invoice (Mushak-6.3)',
  originalSerial: 'Mushak-6.3 serial number',
  originalDate: 'Mushak-6.3 date of issue',
  reason: 'Reason',
  reasonCancelled: 'The order was cancelled and its payment returned to the buyer.',
  columns: {
    index: 'No.',
    description: 'Description of goods',
    quantity: 'Quantity returned',
    unitPrice: 'Unit price before VAT',
    value: 'Value reduced',
    vatRate: 'VAT rate',
    vatAmount: 'VAT reduced',
    total: 'Total reduced',
  },
  totals: 'Totals reduced',
  reversed: 'Every amount below reduces the value and the VAT of the Mushak-6.3 named above.',
  /** A reduction, printed with its minus sign: "−৳1,234.50". */
  minus: (amount: string) => `-${amount}`,
  none: 'This order has no Mushak-6.7 credit note.',
  file: (serial: string) => `mushak-6.7-${serial.replace('/', '-')}.pdf`,
  pdf: 'Mushak-6.7 (PDF)',
  pdfFor: (order: string) => `Mushak-6.7 (PDF): ${order}`,
  downloading: 'Preparing the Mushak-6.7…',
  downloadFailed: 'The Mushak-6.7 could not be downloaded.',
} as const

/** The admin overview's table of paid revenue and VAT per currency. */
export const revenueByCurrencyWords = {
  title: 'Revenue by currency',
  caption: (days: number) => `Paid revenue and VAT by currency, the last ${days} days`,
  note: 'Each currency in its own money: a taka order is counted here in taka.',
  currency: 'Currency',
  orders: 'Orders',
  revenue: 'Revenue',
  vat: 'VAT',
  empty: 'No paid orders in this period.',
} as const

/** Checkout's delivery country and BIN. */
export const checkoutTaxWords = {
  country: 'Delivery country',
  countryHint: 'Deliveries outside Bangladesh are exports: zero-rated, the price without VAT.',
  bin: 'BIN (optional)',
  binHint: 'Your 13-digit Business Identification Number, printed on the Mushak-6.3 tax invoice.',
  payIn: (currency: string) => `You pay in ${currency}.`,
  vatIncluded: (rate: number, amount: string) => `Includes VAT ${rate}%: ${amount}`,
} as const
