import { describe, expect, test } from 'vitest'

import { searchMessages as sm } from './messages-search.js'
import {
  inheritedAttributes,
  parseSpecFilters,
  specsProblem,
  SynonymsSchema,
  ToolSearchQuerySchema,
  type CategoryAttribute,
} from './search.js'

describe('parseSpecFilters: every form of spec.<key>', () => {
  test.each([
    ['a value', { 'spec.material': 'HSS' }, [{ key: 'material', kind: 'values', values: ['HSS'] }]],
    [
      'a list, trimmed, without repeats or empties',
      { 'spec.material': ' HSS , HSS-Co,,HSS ' },
      [{ key: 'material', kind: 'values', values: ['HSS', 'HSS-Co'] }],
    ],
    [
      'a repeated parameter joins its values',
      { 'spec.material': ['HSS', 'HSS-Co'] },
      [{ key: 'material', kind: 'values', values: ['HSS', 'HSS-Co'] }],
    ],
    [
      'a closed range',
      { 'spec.diameter': '8..12' },
      [{ key: 'diameter', kind: 'range', min: 8, max: 12 }],
    ],
    [
      'a range open above',
      { 'spec.diameter': '8..' },
      [{ key: 'diameter', kind: 'range', min: 8 }],
    ],
    [
      'a range open below',
      { 'spec.diameter': '..12.5' },
      [{ key: 'diameter', kind: 'range', max: 12.5 }],
    ],
    [
      'negative and equal ends',
      { 'spec.t': '-5..-5' },
      [{ key: 't', kind: 'range', min: -5, max: -5 }],
    ],
    [
      'several keys, sorted by key; other parameters ignored',
      { q: 'x', 'spec.b': '1', 'spec.a': '2..', category: 'y' },
      [
        { key: 'a', kind: 'range', min: 2 },
        { key: 'b', kind: 'values', values: ['1'] },
      ],
    ],
  ] as const)('%s', (_label, query, filters) => {
    expect(parseSpecFilters(query)).toEqual({ filters, problems: [] })
  })

  test.each([
    ['reversed range', { 'spec.diameter': '12..8' }, sm.specRangeReversed('diameter')],
    ['both ends missing', { 'spec.diameter': '..' }, sm.specRangeBad('diameter')],
    ['a word as an end', { 'spec.diameter': 'a..8' }, sm.specRangeBad('diameter')],
    ['three dots', { 'spec.diameter': '1...8' }, sm.specRangeBad('diameter')],
    ['two ranges', { 'spec.diameter': '1..2..3' }, sm.specRangeBad('diameter')],
    ['a range in a list', { 'spec.diameter': '1,2..3' }, sm.specRangeBad('diameter')],
    ['no value', { 'spec.diameter': '' }, sm.specValuesEmpty('diameter')],
    ['only commas', { 'spec.diameter': ',,' }, sm.specValuesEmpty('diameter')],
    ['a bad key', { 'spec.Diameter': '8' }, sm.specKeyBad('Diameter')],
    ['an empty key', { 'spec.': '8' }, sm.specKeyBad('')],
  ] as const)('refuses %s, naming the parameter', (_label, query, message) => {
    const [param] = Object.keys(query)
    expect(parseSpecFilters(query)).toEqual({
      filters: [],
      problems: [{ field: param, message }],
    })
  })

  test('the query schema answers a bad range as a field error (a 400 at the route)', () => {
    const result = ToolSearchQuerySchema.safeParse({ 'spec.diameter': '9..3' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]).toMatchObject({
      path: ['spec.diameter'],
      message: sm.specRangeReversed('diameter'),
    })
    expect(ToolSearchQuerySchema.parse({ 'spec.diameter': '3..9', sort: 'price-asc' })).toEqual({
      'spec.diameter': '3..9',
      sort: 'price-asc',
    })
  })

  test('more than 12 filters at once are refused', () => {
    const query = Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`spec.k${i}`, '1']))
    expect(parseSpecFilters(query).problems).toEqual([
      { field: 'spec', message: sm.tooManySpecFilters },
    ])
  })
})

const attr = (a: Partial<CategoryAttribute> & Pick<CategoryAttribute, 'key' | 'type'>) => ({
  label: a.key,
  unit: null,
  values: [],
  filterable: true,
  required: false,
  ...a,
})

describe('specsProblem: specs against the category attributes', () => {
  const attributes = [
    attr({ key: 'diameter', label: 'Diameter', type: 'number', required: true }),
    attr({ key: 'material', label: 'Material', type: 'enum', values: ['HSS', 'HSS-Co'] }),
    attr({ key: 'note', label: 'Note', type: 'text' }),
  ]
  test('good specs pass', () => {
    expect(
      specsProblem({ diameter: 8, material: 'HSS', note: 'x' }, attributes, 'Drill bits'),
    ).toBeNull()
  })
  test.each([
    [{ diameter: 8, colour: 'red' }, 'specs.colour', sm.specUnknown('colour', 'Drill bits')],
    [{ diameter: '8' }, 'specs.diameter', sm.specNotNumber('Diameter')],
    [{ diameter: 8, note: 3 }, 'specs.note', sm.specNotText('Note')],
    [
      { diameter: 8, material: 'Carbide' },
      'specs.material',
      sm.specNotInList('Material', ['HSS', 'HSS-Co']),
    ],
    [{ material: 'HSS' }, 'specs.diameter', sm.specRequired('Diameter')],
  ] as const)('%j → %s', (specs, field, message) => {
    expect(specsProblem(specs, attributes, 'Drill bits')).toEqual({ field, message })
  })

  test('sub-categories inherit their parents’ attributes, root first', () => {
    const tree = [
      { slug: 'cutting', parent: null, attributes: [attr({ key: 'material', type: 'text' })] },
      {
        slug: 'drills',
        parent: 'cutting',
        attributes: [attr({ key: 'diameter', type: 'number' })],
      },
      { slug: 'hss', parent: 'drills', attributes: [attr({ key: 'coating', type: 'text' })] },
    ]
    expect(inheritedAttributes(tree, 'hss').map((a) => a.key)).toEqual([
      'material',
      'diameter',
      'coating',
    ])
  })
})

test('synonym groups are lower-cased, spaces collapsed; a group has 2 or more terms', () => {
  expect(SynonymsSchema.parse([['Hex  Key', 'ALLEN key']])).toEqual([['hex key', 'allen key']])
  expect(SynonymsSchema.safeParse([['alone']]).success).toBe(false)
  expect(SynonymsSchema.safeParse([['a;b', 'c']]).success).toBe(false)
})
