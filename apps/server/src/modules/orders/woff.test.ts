import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

import { expect, test } from 'vitest'

import { woffToSfnt } from './woff.js'

const file = createRequire(import.meta.url).resolve(
  '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff',
)

test('a WOFF unwraps into the TrueType file it holds, every table at its full length', () => {
  const woff = readFileSync(file)
  const sfnt = woffToSfnt(woff)
  const count = woff.readUInt16BE(12)
  expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4))
  expect(sfnt.readUInt16BE(4)).toBe(count)
  // WOFF's header says how long the unwrapped file is.
  expect(sfnt.length).toBe(woff.readUInt32BE(16))
  for (let i = 0; i < count; i++) {
    const length = sfnt.readUInt32BE(12 + i * 16 + 12)
    expect(length).toBe(woff.readUInt32BE(44 + i * 20 + 12))
    expect(sfnt.readUInt32BE(12 + i * 16 + 8) % 4).toBe(0)
  }
})

test('anything else is refused', () => {
  expect(() => woffToSfnt(Buffer.from('OTTO not a woff at all, just bytes here........'))).toThrow(
    'not a WOFF 1.0 font',
  )
})
