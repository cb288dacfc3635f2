import { expect, test } from 'vitest'

import { csvStream, moneyCell, neutralise, priceBreaksCell, unneutralise } from './csv-cells.js'

test('a cell a spreadsheet would run as a formula gets a quote; the import takes it off', () => {
  for (const cell of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) {
    expect(neutralise(cell)).toBe(`'${cell}`)
    expect(unneutralise(neutralise(cell))).toBe(cell)
  }
  for (const cell of [
    'Hammer',
    '12.50',
    "'quoted",
    'a=b',
    'a;b',
    'a\tb',
    'হাতুড়ি',
    '10:9.50;50:8.00',
    '',
  ]) {
    expect(neutralise(cell)).toBe(cell)
    expect(unneutralise(cell)).toBe(cell)
  }
})

test('money has two decimals and price breaks are quantity:price pairs', () => {
  expect(moneyCell(12.5)).toBe('12.50')
  expect(moneyCell(0.1 + 0.2)).toBe('0.30')
  expect(moneyCell(1000)).toBe('1000.00')
  expect(
    priceBreaksCell([
      { minQuantity: 10, price: 9.5 },
      { minQuantity: 50, price: 8 },
    ]),
  ).toBe('10:9.50;50:8.00')
  expect(priceBreaksCell([])).toBe('')
})

// A spreadsheet that splits on ";" or tab runs each piece as a cell of its own.
test('every piece after a ";" or a tab that starts a formula gets a quote too', () => {
  expect(neutralise('Hammer;=1+1')).toBe("Hammer;'=1+1")
  expect(neutralise('a\t+1\t-2;@x')).toBe("a\t'+1\t'-2;'@x")
  expect(neutralise('x;;=y')).toBe("x;;'=y")
  expect(neutralise('\t=x')).toBe("'\t'=x")
  expect(neutralise("a;'=b")).toBe("a;''=b")
  for (const cell of ['Hammer;=1+1', 'a\t+1\t-2;@x', '\t=x', "a;'=b", "''-1"])
    expect(unneutralise(neutralise(cell))).toBe(cell)
})

test('neutralise and unneutralise are exact inverses, and no piece is left to run', () => {
  const alphabet = ['a', "'", '=', '+', '-', '@', ';', '\t', '\r', '1']
  let seed = 25
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return seed
  }
  for (let i = 0; i < 5000; i += 1) {
    const cell = Array.from({ length: next() % 9 }, () => alphabet[next() % alphabet.length]).join(
      '',
    )
    const safe = neutralise(cell)
    expect(unneutralise(safe)).toBe(cell)
    // Whatever a reader splits on, no piece starts with a formula character.
    for (const piece of safe.split(/[;\t]/)) expect(piece).not.toMatch(/^[=+\-@\r]/)
  }
})

test('every cell of a CSV file is quoted, the header and empty cells too', async () => {
  async function* pages() {
    yield [{ a: 'x;=1', b: '' }]
  }
  const stream = csvStream(
    ['a', 'b'],
    pages(),
    (row) => [row.a, row.b],
    (error) => {
      throw error
    },
  )
  let text = ''
  for await (const chunk of stream) text += String(chunk)
  expect(text).toBe('\uFEFF"a","b"\r\n"x;\'=1",""\r\n')
})
