// The server stores every picture 400 and 800 px wide: `/media/<hash>-800.webp` and `-400.webp`.
const WIDE = /-800\.webp$/

/** A srcset with both widths, or undefined for an image from elsewhere. */
export function toolImageSrcSet(image: string): string | undefined {
  if (!WIDE.test(image)) return undefined
  return `${image.replace(WIDE, '-400.webp')} 400w, ${image} 800w`
}

// One column below md, two to lg, four from lg, inside a container at most 80rem wide.
export const TOOL_IMAGE_SIZES =
  '(min-width: 1280px) 296px, (min-width: 1024px) calc((100vw - 8rem) / 4), (min-width: 768px) calc((100vw - 4.5rem) / 2), calc(100vw - 2rem)'
