import { queryOptions, useQuery } from '@tanstack/react-query'

import { contactContract } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

export const getContactMessages = (signal?: AbortSignal) =>
  api.call(contactContract.list, { signal })

/** The Contact With Us messages, newest first (the server's order); admins only. */
export const contactMessagesQuery = () =>
  queryOptions({
    queryKey: ['contact-messages'],
    queryFn: ({ signal }) => getContactMessages(signal),
    meta: bearerMeta,
  })

export const useContactMessages = () => useQuery(contactMessagesQuery())
