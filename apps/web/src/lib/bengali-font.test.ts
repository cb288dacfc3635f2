import { afterEach, expect, test, vi } from 'vitest'

import { addBengaliFont, BENGALI_FAMILY, BENGALI_RANGE } from './bengali-font'

/** The parts of the browser's FontFace the module uses, recorded. */
class FakeFontFace {
  constructor(
    readonly family: string,
    readonly source: string,
    readonly descriptors: FontFaceDescriptors,
  ) {}
}

afterEach(() => vi.unstubAllGlobals())

function fakeFontSet() {
  return new Set<FakeFontFace>() as unknown as FontFaceSet & Set<FakeFontFace>
}

test('registers one swap face for Bengali and the taka sign: a font installed first, then the bundled file', () => {
  vi.stubGlobal('FontFace', FakeFontFace)
  const fonts = fakeFontSet()
  addBengaliFont(fonts)
  addBengaliFont(fonts)
  // As Chromium names it: quoted.
  const quoted = fakeFontSet()
  quoted.add(new FakeFontFace(`"${BENGALI_FAMILY}"`, 'local(x)', {}))
  addBengaliFont(quoted)
  expect(quoted.size).toBe(1)

  const faces = [...fonts]
  expect(faces).toHaveLength(1)
  const face = faces[0] as FakeFontFace
  expect(face.family).toBe(BENGALI_FAMILY)
  expect(face.descriptors).toMatchObject({ display: 'swap', unicodeRange: BENGALI_RANGE })
  expect(face.source).toMatch(
    /^local\('Noto Sans Bengali'\), .*url\(.*noto-sans-bengali-bengali-400-normal.*\.woff2\) format\('woff2'\)$/,
  )
  // The taka sign (U+09F3) is in the range the face covers.
  expect(BENGALI_RANGE).toContain('U+0980-09FF')
})

test('does nothing where the browser has no FontFace', () => {
  vi.stubGlobal('FontFace', undefined)
  const fonts = fakeFontSet()
  addBengaliFont(fonts)
  expect(fonts.size).toBe(0)
})
