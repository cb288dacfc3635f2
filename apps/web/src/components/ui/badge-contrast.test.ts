import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, test } from 'vitest'

/**
 * Every status badge reads at 4.5:1 or more ("Quoted" was 1.8:1). jsdom lays nothing
 * out, so this computes WCAG contrast from the theme in index.css: a solid badge's content
 * colour on its colour, a soft badge's text (its colour, or the darker shade index.css gives
 * it) on daisyUI's 8% tint of its colour over white.
 */
const src = path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))))
const css = readFileSync(path.join(src, 'index.css'), 'utf8')

const themeColour = (name: string): string => {
  const match = new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css)
  if (!match?.[1]) throw new Error(`no --color-${name} in index.css`)
  return match[1]
}
const softOverride = (name: string): string | undefined =>
  new RegExp(`\\.badge-soft\\.badge-${name}\\s*\\{\\s*color:\\s*(#[0-9a-f]{6})`, 'i').exec(css)?.[1]

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
const luminance = (hex: string) => {
  const [r = 0, g = 0, b = 0] = channels(hex).map((c) => {
    const v = c / 255
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05)
}
const tint = (hex: string, share: number, over: string) =>
  `#${channels(hex)
    .map((c, i) => Math.round(c * share + (channels(over)[i] ?? 0) * (1 - share)))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`

const COLOURS = ['primary', 'info', 'success', 'warning', 'error', 'neutral'] as const

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return tsxFiles(full)
    return name.endsWith('.tsx') && !name.endsWith('.test.tsx') ? [full] : []
  })
}

describe('badge contrast', () => {
  test.each(COLOURS)('a solid and a soft %s badge read at 4.5:1 or more', (name) => {
    const colour = themeColour(name)
    expect(contrast(themeColour(`${name}-content`), colour)).toBeGreaterThanOrEqual(4.5)
    const base = themeColour('base-100')
    const text = softOverride(name) ?? colour
    expect(contrast(text, tint(colour, 0.08, base))).toBeGreaterThanOrEqual(4.5)
  })

  test('the app uses no badge colour this test does not check', () => {
    const used = new Set(
      tsxFiles(src).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/\bbadge-([a-z]+)/g)].map((m) => m[1] ?? ''),
      ),
    )
    // Sizes and styles, not colours: ghost and outline are base colours on the page's own.
    const notColours = new Set(['soft', 'ghost', 'outline', 'xs', 'sm', 'md', 'lg'])
    const unchecked = [...used].filter(
      (name) => !notColours.has(name) && !(COLOURS as readonly string[]).includes(name),
    )
    expect(unchecked).toEqual([])
  })
})
