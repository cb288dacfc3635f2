import { describe, expect, test } from 'vitest'

import { addressKey, phoneKey } from './contact-keys.js'

describe('phoneKey', () => {
  test.each([
    '01711-000000',
    '+8801711000000',
    '+880 1711 000000',
    '00880 1711 000000',
    '(+880) 1711-000-000',
    '1711000000',
    '０１７１１００００００',
  ])('%s is the one Bangladeshi number 8801711000000', (phone) => {
    expect(phoneKey(phone)).toBe('8801711000000')
  })

  test('another country keeps its code, and different numbers differ', () => {
    expect(phoneKey('+44 20 7946 0958')).toBe('442079460958')
    expect(phoneKey('01711-000001')).not.toBe(phoneKey('01711-000000'))
  })
})

describe('addressKey', () => {
  test('case, spacing and punctuation make no new address', () => {
    const key = addressKey('House 12, Road 3, Gazipur')
    expect(addressKey('house 12 road 3 gazipur')).toBe(key)
    expect(addressKey('  HOUSE-12 / ROAD 3.  Gazipur!! ')).toBe(key)
    expect(addressKey('House12,Road3,Gazipur')).toBe(key)
  })

  test('another house is another address; letters of any script count', () => {
    expect(addressKey('House 13, Road 3, Gazipur')).not.toBe(
      addressKey('House 12, Road 3, Gazipur'),
    )
    expect(addressKey('বাড়ি ১২, রোড ৩')).toBe(addressKey('বাড়ি  ১২ রোড ৩'))
  })
})
