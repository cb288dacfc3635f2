/**
 * Custom manufacturing quotes: the six processes of the home page, by wire value, in
 * the tiles' order. A module of its own: the home page's tiles need the list on the first load,
 * without the quote schemas of quotes.ts.
 */
export const QUOTE_PROCESSES = [
  'machining',
  'molding',
  'cutting',
  'stamping',
  'bending',
  'welding',
] as const
