import { useMutation, useQueryClient } from '@tanstack/react-query'

import { contactContract, type ContactMessageBody } from '@toolworks/shared'

import { api } from '@/lib/api-client'

import { contactMessagesQuery } from './get-contact-messages'

export const sendContactMessage = (body: ContactMessageBody) =>
  api.call(contactContract.send, { body })

/** POST /api/contact; an admin looking at Messages in another tab sees it on the next fetch. */
export function useSendContactMessage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactMessagesQuery().queryKey }),
  })
}
