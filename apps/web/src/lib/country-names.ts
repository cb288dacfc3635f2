let names: Intl.DisplayNames | undefined

/**
 * A country's English name from the browser's own data (no name list ships), as the
 * country select names it. Made on first use: only a few screens name countries.
 */
export function countryName(code: string): string {
  names ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' })
  return names.of(code) ?? code
}
