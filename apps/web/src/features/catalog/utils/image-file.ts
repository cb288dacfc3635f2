import { z } from 'zod'

import { MEDIA_MAX_BYTES, messages } from '@toolworks/shared'

/** What a file input holds: react-hook-form gives its FileList (empty when nothing is chosen). */
export type FileInputValue = FileList | File[] | null | undefined

function firstFile(value: FileInputValue): File | undefined {
  return value?.[0] ?? undefined
}

// The server checks the bytes (type, pixels); the screen only spares a doomed 5 MB upload.
function checkSize(file: File, ctx: z.RefinementCtx) {
  if (file.size > MEDIA_MAX_BYTES)
    ctx.addIssue({ code: 'custom', message: messages.media.tooLarge })
}

/** Add Product's Image: one picture, required (docs/product.md §5 `image is required`). */
export const RequiredImageFileSchema = z.custom<FileInputValue>().transform((value, ctx) => {
  const file = firstFile(value)
  if (!file) {
    ctx.addIssue({ code: 'custom', message: messages.productRules.imageRequired })
    return z.NEVER
  }
  checkSize(file, ctx)
  return file
})

/** The edit's Image: a new picture, or nothing to keep the current one. */
export const OptionalImageFileSchema = z.custom<FileInputValue>().transform((value, ctx) => {
  const file = firstFile(value)
  if (file) checkSize(file, ctx)
  return file
})

/** The 400 px variant of a stored picture, for thumbnails; other addresses unchanged. */
export function thumbnailUrl(image: string): string {
  return image.replace(/-800\.webp$/, '-400.webp')
}
