import { describe, expect, test } from 'vitest'

import {
  rankTsQuery,
  searchUnits,
  searchWords,
  unitTsQuery,
  withTypoWords,
} from './search-words.js'

const groups = [
  ['vise', 'vice'],
  ['wrench', 'spanner'],
  ['hex key', 'allen key', 'allen wrench'],
]

describe('searchUnits: the words of a query and its synonyms', () => {
  test('plain words are prefixes, long ones also matched by similarity', () => {
    expect(searchUnits(searchWords('Torq wrnch M8'), [])).toEqual([
      { phrases: [['torq']], typo: 'torq' },
      { phrases: [['wrnch']], typo: 'wrnch' },
      { phrases: [['m8']], typo: null },
    ])
  })

  test('a synonym brings its whole group; plurals count', () => {
    expect(searchUnits(['vices'], groups)).toEqual([
      { phrases: [['vices'], ['vise'], ['vice']], typo: 'vices' },
    ])
  })

  test('a phrase synonym takes the longest run of words ("allen key" → hex key)', () => {
    expect(searchUnits(searchWords('allen key 5 mm'), groups)).toEqual([
      {
        phrases: [
          ['allen', 'key'],
          ['hex', 'key'],
          ['allen', 'wrench'],
        ],
        typo: null,
      },
      { phrases: [['5']], typo: null },
      { phrases: [['mm']], typo: null },
    ])
  })

  test('the last word may be the start of a synonym, as you type ("spann")', () => {
    expect(searchUnits(['spann'], groups)).toEqual([
      { phrases: [['spann'], ['wrench'], ['spanner']], typo: 'spann' },
    ])
    // Not a word in the middle, and not two letters.
    expect(searchUnits(['spann', 'set'], groups)[0]).toEqual({
      phrases: [['spann']],
      typo: 'spann',
    })
    expect(searchUnits(['sp'], groups)).toEqual([{ phrases: [['sp']], typo: null }])
  })

  test('the tsquery text is made of the words only', () => {
    const units = searchUnits(searchWords("wrench:* | ' & !( allen key"), groups)
    expect(units.map(unitTsQuery)).toEqual([
      '(wrench:* | spanner:*)',
      '(allen:* & key:* | hex:* & key:* | allen:* & wrench:*)',
    ])
    expect(rankTsQuery(units)).toBe(
      '(wrench:* | spanner:*) | (allen:* & key:* | hex:* & key:* | allen:* & wrench:*)',
    )
  })
})

describe('withTypoWords', () => {
  test("a mistyped word's stand-ins become phrases of its unit, once each", () => {
    const units = searchUnits(['torqe', 'm8'], [])
    const corrections = new Map([['torqe', ['torque', 'torqe', 'torch']]])
    expect(withTypoWords(units, corrections)).toEqual([
      { phrases: [['torqe'], ['torque'], ['torch']], typo: 'torqe' },
      { phrases: [['m8']], typo: null },
    ])
  })

  test('a word like nothing in the catalogue keeps its phrases', () => {
    const units = searchUnits(['zzzzzz'], [])
    expect(withTypoWords(units, new Map())).toEqual(units)
  })
})
