import { expect, test } from 'vitest'

import { moneyCell, neutralise, priceBreaksCell, unneutralise } from './csv-cells.js'

test('a cell a spreadsheet would run as a formula gets a quote; the import takes it off', () => {
  for (const cell of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) {
    expect(neutralise(cell)).toBe(`'${cell}`)
    expect(unneutralise(neutralise(cell))).toBe(cell)
  }
  for (const cell of ['Hammer', '12.50', "'quoted", 'a=b', 'হাতুড়ি', '']) {
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
