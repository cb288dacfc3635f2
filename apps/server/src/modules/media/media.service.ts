import { createHash } from 'node:crypto'

import sharp from 'sharp'

import type { Db } from '../../db/client.js'
import { AppError } from '../../lib/app-error.js'
import { findMedia, insertMediaVariants, type MediaVariant } from './media.queries.js'

/** Every stored picture exists in these widths; cards pick one through srcset. */
export const MEDIA_WIDTHS = [400, 800] as const
const MAX_INPUT_PIXELS = 40_000_000
const KEY_PATTERN = /^[0-9a-f]{32}-(400|800)\.webp$/

export function mediaUrl(hash: string, width: (typeof MEDIA_WIDTHS)[number] = 800): string {
  return `/media/${hash}-${width}.webp`
}

export type MediaService = ReturnType<typeof createMediaService>

/** Images live in the database so that any server process can serve any of them. */
export function createMediaService({ db }: { db: Db }) {
  return {
    /**
     * Re-encodes a picture to WebP in every width (metadata stripped) and stores it under
     * its content hash. Encoding happens before any database work, never inside a transaction.
     */
    async store(input: Buffer): Promise<{ url: string; hash: string }> {
      const hash = createHash('sha256').update(input).digest('hex').slice(0, 32)
      const variants: MediaVariant[] = []
      for (const width of MEDIA_WIDTHS) {
        const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width, withoutEnlargement: false })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true })
        variants.push({
          key: `${hash}-${width}.webp`,
          contentType: 'image/webp',
          width: info.width,
          height: info.height,
          byteSize: data.length,
          data,
        })
      }
      await insertMediaVariants(db, variants)
      return { url: mediaUrl(hash), hash }
    },

    async get(key: string): Promise<{ contentType: string; data: Buffer }> {
      const file = KEY_PATTERN.test(key) ? await findMedia(db, key) : undefined
      if (!file) throw new AppError('NOT_FOUND', 'No such image.')
      return file
    },
  }
}
