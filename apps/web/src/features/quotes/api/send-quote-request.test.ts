import { describe, expect, test } from 'vitest'

import { perFileProgress, quoteRequestFormData } from './send-quote-request'

describe('quoteRequestFormData', () => {
  test('uses the field names of the contract, quantities as one list, files under drawings', () => {
    const a = new File(['%PDF-1.7'], 'a.pdf')
    const b = new File(['png'], 'b.png')
    const form = quoteRequestFormData(
      {
        process: 'machining',
        partName: 'Flange',
        material: 'Brass',
        quantities: [100, 500, 1000],
        neededBy: '2099-01-01',
        tolerance: '±0.05',
        finish: 'Polished',
        notes: 'None',
        phone: '+880 1',
        address: 'Dhaka',
      },
      [a, b],
    )
    expect([...form.keys()]).toEqual([
      'process',
      'partName',
      'material',
      'neededBy',
      'tolerance',
      'finish',
      'notes',
      'phone',
      'address',
      'quantities',
      'drawings',
      'drawings',
    ])
    expect(form.get('quantities')).toBe('100,500,1000')
    expect(form.getAll('drawings').map((f) => (f as File).name)).toEqual(['a.pdf', 'b.png'])
  })
})

describe('perFileProgress', () => {
  test('fills the files one after another from the share of the body sent', () => {
    expect(perFileProgress([100, 300], 0)).toEqual([0, 0])
    expect(perFileProgress([100, 300], 25)).toEqual([100, 0])
    expect(perFileProgress([100, 300], 50)).toEqual([100, 33])
    expect(perFileProgress([100, 300], 100)).toEqual([100, 100])
  })
})
