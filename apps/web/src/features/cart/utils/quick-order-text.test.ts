import { parseQuickOrderText } from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import { applySuggestion, csvToQuickOrderText, SAMPLE_CSV } from './quick-order-text'

describe('quick order text', () => {
  test('a CSV becomes lines of part number and quantity, its header left out', () => {
    expect(csvToQuickOrderText(SAMPLE_CSV)).toBe(
      'TW-WR-CS819 2\nTW-HM-BP16 5\nTW-PT-KC13 10\nTW-FB-M1040 40\nTW-MS-VC150 1',
    )
    expect(
      csvToQuickOrderText('\uFEFF"Part, number";"Qty"\n"FS-1";"100";"extra"\n\n\tFS-2\t3\n'),
    ).toBe('FS-1 100\nFS-2 3')
    // No header: the first row is kept.
    expect(csvToQuickOrderText('FS-1,1\r\nFS-2,2')).toBe('FS-1 1\nFS-2 2')
  })

  test('every sample line reads on the server as one part and its quantity', () => {
    const { lines, refusals } = parseQuickOrderText(csvToQuickOrderText(SAMPLE_CSV))
    expect(refusals).toEqual([])
    expect(lines.map((l) => [l.partNumber, l.quantity])).toEqual([
      ['TW-WR-CS819', 2],
      ['TW-HM-BP16', 5],
      ['TW-PT-KC13', 10],
      ['TW-FB-M1040', 40],
      ['TW-MS-VC150', 1],
    ])
  })

  test('a suggestion fixes its own line: a part number or a quantity', () => {
    const text = 'TW-WR-CS819 2\n\ntw-hm-bp61;5\nTW-FB-M1040, 35'
    const refusal = { partNumber: '', kind: 'unknown-part' as const, reason: '' }
    const fixedPart = applySuggestion(text, { ...refusal, line: 3, suggestion: 'TW-HM-BP16' })
    expect(fixedPart).toBe('TW-WR-CS819 2\n\nTW-HM-BP16 5\nTW-FB-M1040, 35')
    const fixedQuantity = applySuggestion(fixedPart, {
      ...refusal,
      kind: 'pack-multiple',
      line: 4,
      suggestion: 40,
    })
    expect(fixedQuantity).toBe('TW-WR-CS819 2\n\nTW-HM-BP16 5\nTW-FB-M1040 40')
    expect(applySuggestion(text, { ...refusal, line: 9, suggestion: 'X' })).toBe(text)
    expect(applySuggestion(text, { ...refusal, line: 1, suggestion: null })).toBe(text)
  })
})
