import countries from 'i18n-iso-countries'
import { describe, expect, test } from 'vitest'

import { COUNTRY_CODES, CountrySchema } from './countries.js'

describe('delivery countries', () => {
  test('are ISO 3166-1 alpha-2, as i18n-iso-countries lists them (less the user-assigned XK)', () => {
    const iso = Object.keys(countries.getAlpha2Codes()).filter((code) => code !== 'XK')
    expect([...COUNTRY_CODES].sort()).toEqual(iso.sort())
  })

  test('take any case and answer capitals; refuse what is not a country', () => {
    expect(CountrySchema.parse(' bd ')).toBe('BD')
    expect(CountrySchema.parse('de')).toBe('DE')
    for (const bad of ['XK', 'EU', 'B', 'BGD', '', 'ZZ'])
      expect(CountrySchema.safeParse(bad).success, bad).toBe(false)
  })
})
