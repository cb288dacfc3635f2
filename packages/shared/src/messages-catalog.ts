// The catalogue's words that /products' first screen needs, apart from the rest so
// the first load carries only these (its budget).

/** The words of `spec.<key>` filters; apart, as /products' first screen reads filters too. */
export const specFilterMessages = {
  specKeyBad: (key: string) =>
    `"spec.${key}" is not a specification filter: keys are lower-case letters, digits and _.`,
  specValuesEmpty: (key: string) => `Give at least one value for spec.${key}.`,
  specRangeBad: (key: string) =>
    `spec.${key} must be values (a,b) or a range (min..max) of numbers.`,
  specRangeReversed: (key: string) => `spec.${key}: the minimum is above the maximum.`,
  tooManySpecFilters: 'Use at most 12 specification filters at once.',
} as const

/** /products' words: facets, search box and its suggestions; in the first load. */
export const catalogWords = {
  filters: 'Filters',
  categories: 'Categories',
  allCategories: 'All categories',
  subCategories: 'Sub-categories',
  inStockOnly: 'In stock only',
  clearFilters: 'Clear all filters',
  rangeMin: (label: string) => `${label}, minimum`,
  rangeMax: (label: string) => `${label}, maximum`,
  rangeOfResults: (min: string, max: string) => `Results range from ${min} to ${max}`,
  applyRange: 'Apply',
  sortRelevance: 'Best match',
  /** Beside the search: a buyer with a list of part numbers goes straight to quick order. */
  quickOrderLead: 'Know your part numbers?',
  quickOrderLink: 'Quick order: paste part numbers',
  searchLabel: 'Search by name, part number or spec',
  suggestions: 'Suggestions',
  suggestionsCount: (n: number) =>
    n === 0 ? 'No suggestions' : `${n} suggestion${n === 1 ? '' : 's'}, use up and down to choose`,
  productDescription: (name: string, partNumber: string | undefined, text: string) =>
    `${partNumber ? `${partNumber}: ` : ''}${name}. ${text}`.slice(0, 300),
} as const
