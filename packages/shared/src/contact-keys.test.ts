import { describe, expect, test } from 'vitest'

import { addressKey, emailKey, phoneKey } from './contact-keys.js'

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

describe('addressKey and the short forms of address words', () => {
  test.each([
    'House 12, Road 3, Gazipur',
    'H 12, Rd 3, Gazipur',
    'H-12, Rd. 3, Gazipur',
    'Hse 12 Road 3 Gazipur',
    'h12, rd3, gazipur',
  ])('%s is one address', (address) => {
    expect(addressKey(address)).toBe('house12road3gazipur')
  })

  test('street and avenue are written out; a short form inside a word is not', () => {
    expect(addressKey('12 Lake St., Banani')).toBe(addressKey('12 lake street banani'))
    expect(addressKey('5 Park Ave')).toBe(addressKey('5 Park Avenue'))
    expect(addressKey('Board Bazar')).toBe('boardbazar')
    expect(addressKey('Road 3')).not.toBe(addressKey('Road 4'))
  })
})

describe('emailKey', () => {
  test.each([
    'john.smith@gmail.com',
    'JohnSmith@Gmail.com',
    'john.smith+shop@gmail.com',
    'j.o.h.n.s.m.i.t.h+a+b@googlemail.com',
    ' johnsmith@gmail.com ',
  ])('%s is the one gmail mailbox johnsmith@gmail.com', (email) => {
    expect(emailKey(email)).toBe('johnsmith@gmail.com')
  })

  test.each([
    ['ann+x@outlook.com', 'ann@outlook.com'],
    ['ann+x@hotmail.com', 'ann@hotmail.com'],
    ['ann+x@live.com', 'ann@live.com'],
    ['ann+x@icloud.com', 'ann@icloud.com'],
    ['ann+x@proton.me', 'ann@proton.me'],
    ['ann+x@protonmail.com', 'ann@protonmail.com'],
  ])('the plus-tag of %s is dropped', (email, key) => {
    expect(emailKey(email)).toBe(key)
  })

  test('dots count outside gmail, and tags outside the listed mailboxes', () => {
    expect(emailKey('a.nn@outlook.com')).toBe('a.nn@outlook.com')
    expect(emailKey('ann+x@example.com')).toBe('ann+x@example.com')
    expect(emailKey('ann-x@yahoo.com')).toBe('ann-x@yahoo.com')
    expect(emailKey('ann@gmail.com')).not.toBe(emailKey('anne@gmail.com'))
  })
})
