import { useMutation } from '@tanstack/react-query'

import { MEDIA_FIELD, mediaContract, messages } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { ApiError } from '@/lib/api-error'
import { bearerMeta } from '@/lib/sign-out-on-denied'

export type UploadImageInput = {
  file: File
  onProgress?: (percent: number) => void
  signal?: AbortSignal
}

export const uploadImage = ({ file, onProgress, signal }: UploadImageInput) => {
  const body = new FormData()
  body.append(MEDIA_FIELD, file)
  return api.upload(mediaContract.upload, { body, onProgress, signal })
}

/** POST /api/media: the picture as the server stored it (`data.url`, the 800 px WebP). */
export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage, meta: bearerMeta })
}

/**
 * Why an upload failed, for the Image field: the server's own reason (shown
 * where the spec showed nothing), or a general line when it gave none.
 */
export function uploadErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return messages.products.uploadFailed
  const field = error.fields.image
  if (field) return field
  // A proxy may refuse an oversized body before our server can explain.
  if (error.code === 'PAYLOAD_TOO_LARGE') return messages.media.tooLarge
  return error.message
}
