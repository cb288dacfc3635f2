import { describe, expect, test } from 'vitest'

import {
  BANGLADESH_DISTRICTS,
  isBangladeshiPhone,
  isBangladeshiPlace,
  placeKey,
} from './bangladesh-places.js'
import { exportRefusals, needsExportCheck } from './export-orders.js'
import { exportWords as w } from './messages-exports.js'

describe('the places of Bangladesh', () => {
  test('the list holds the 64 districts, each once', () => {
    expect(BANGLADESH_DISTRICTS).toHaveLength(64)
    const keys = BANGLADESH_DISTRICTS.flat().map(placeKey)
    expect(new Set(keys).size).toBe(keys.length)
  })

  test.each([
    'Dhaka',
    'DHAKA',
    'dhaka-1212',
    'Chattogram',
    'Chittagong',
    'Comilla',
    'Cumilla',
    'Barisal',
    'Barishal',
    'Jessore',
    'Jashore',
    'Bogra',
    'Bogura',
    "Cox's Bazar",
    'coxs bazar',
    'Gazipur',
    'Narayanganj',
    'Savar',
    'Tongi',
    'Sylhet',
    'Khulna',
    'Rajshahi',
    'Chapai Nawabganj',
  ])('%s is in Bangladesh', (name) => {
    expect(isBangladeshiPlace(name)).toBe(true)
  })

  test.each(['London', 'Kolkata', 'Dhaka Road', 'New Dhaka', '', '  ', '1212'])(
    '%j is not a place in Bangladesh',
    (name) => {
      expect(isBangladeshiPlace(name)).toBe(false)
    },
  )

  test.each([
    ['+880 1711 000000', true],
    ['+8801711000000', true],
    ['8801711000000', true],
    ['00880 2 9551234', true],
    ['01711-000000', true],
    ['(017) 1100 0000', true],
    ['+44 20 7946 0958', false],
    ['+91 98765 43210', false],
    ['0171100000', false],
    ['1-800-555-0199', false],
  ])('the phone %s is Bangladeshi: %s', (phone, expected) => {
    expect(isBangladeshiPhone(phone)).toBe(expected)
  })
})

describe('the export rule', () => {
  const abroad = { country: 'DE', currency: 'USD' as const, city: 'Berlin' }

  test('an export in US dollars to a city abroad is accepted', () => {
    expect(exportRefusals(abroad)).toEqual([])
  })

  test('an export in taka is refused on the currency', () => {
    expect(exportRefusals({ ...abroad, currency: 'BDT' })).toEqual([
      { path: 'currency', message: w.exportNeedsUsd },
    ])
  })

  test('an export to a Bangladeshi city is refused on the city, whatever its spelling', () => {
    expect(exportRefusals({ ...abroad, city: ' chittagong ' })).toEqual([
      { path: 'city', message: w.exportToBangladeshiCity('chittagong') },
    ])
    expect(exportRefusals({ ...abroad, currency: 'BDT', city: 'Dhaka' })).toHaveLength(2)
  })

  test('without a city, a part of the address string that names a Bangladeshi place refuses it', () => {
    expect(
      exportRefusals({ country: 'GB', currency: 'USD', address: 'House 12, Road 3, Gazipur' }),
    ).toEqual([{ path: 'address', message: w.exportToBangladeshiCity('Gazipur') }])
    expect(
      exportRefusals({ country: 'GB', currency: 'USD', address: '12 Comilla Street, London' }),
    ).toEqual([])
  })

  test('a domestic order is never refused by it', () => {
    expect(exportRefusals({ country: 'BD', currency: 'BDT', city: 'Dhaka' })).toEqual([])
    expect(exportRefusals({ country: 'bd', currency: 'USD', address: 'Dhaka' })).toEqual([])
  })

  test('an export to a Bangladeshi phone needs the check; a domestic order never does', () => {
    expect(needsExportCheck({ country: 'DE', phone: '+880 1711 000000' })).toBe(true)
    expect(needsExportCheck({ country: 'DE', phone: '+49 30 1234567' })).toBe(false)
    expect(needsExportCheck({ country: 'BD', phone: '+880 1711 000000' })).toBe(false)
  })
})
