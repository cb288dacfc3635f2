import fontUrl from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2?url'

/** The family index.css names last in `--font-sans`, after every system font. */
export const BENGALI_FAMILY = 'Toolworks Bengali'
// Bengali letters and the taka sign (prices in ৳, Bengali names and addresses), with
// the joiners Bengali spelling uses.
export const BENGALI_RANGE = 'U+0980-09FF, U+200C-200D'

/**
 * Registers the Bengali face for a system that has none (most phones, Windows and macOS have
 * one; then `local()` finds it and nothing is downloaded). Like an `@font-face` with a
 * unicode-range, the face is only fetched once some text on screen needs one of its characters.
 *
 * Called after the first paint, not written in index.css: a face known at first paint is
 * fetched at the highest priority as soon as a price in taka is laid out, and a phone on a slow
 * link then shares the first screen's bandwidth with 45 KB of font (Lighthouse counted it on the
 * product page's first paint: 1.5 s instead of 1.1 s). Until it arrives the sign shows in
 * whatever the system has, and swaps in.
 */
export function addBengaliFont(fonts: FontFaceSet | undefined = globalThis.document?.fonts): void {
  if (!fonts || typeof FontFace === 'undefined') return
  // Chromium gives the family back quoted ('"Toolworks Bengali"').
  for (const face of fonts) if (face.family.replace(/^"|"$/g, '') === BENGALI_FAMILY) return
  fonts.add(
    new FontFace(
      BENGALI_FAMILY,
      `local('Noto Sans Bengali'), local('NotoSansBengali-Regular'), url(${fontUrl}) format('woff2')`,
      { style: 'normal', weight: '400', display: 'swap', unicodeRange: BENGALI_RANGE },
    ),
  )
}
