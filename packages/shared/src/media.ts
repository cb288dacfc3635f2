import { z } from 'zod'

import { messages } from './messages.js'

/** Uploads are checked by their bytes on the server; these are the limits it applies. */
export const MEDIA_MAX_BYTES = 5 * 1024 * 1024
export const MEDIA_MAX_PIXELS = 40_000_000
/** The formats the server accepts, by what the bytes are, never by the file name. */
export const MEDIA_ACCEPTED_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const
/** Every stored picture exists in these widths; cards pick one through srcset. */
export const MEDIA_WIDTHS = [400, 800] as const
/** The multipart field of an upload, as the spec's image host named it. */
export const MEDIA_FIELD = 'image'

/** A picture stored by our media service: `/media/<content hash>-800.webp`. */
export const MEDIA_URL_PATTERN = /^\/media\/[0-9a-f]{32}-800\.webp$/

export const MediaUrlSchema = z
  .string({ error: messages.productRules.imageRequired })
  .trim()
  .min(1, messages.productRules.imageRequired)
  .regex(MEDIA_URL_PATTERN, messages.productRules.imageNotOurs)

/** The answer of `POST /api/media`, shaped like the spec's image host: `data.url`. */
export const MediaUploadResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  }),
})
export type MediaUploadResponse = z.infer<typeof MediaUploadResponseSchema>

export const mediaContract = {
  upload: { method: 'POST', path: '/api/media', response: MediaUploadResponseSchema },
} as const
