import { useMutation } from '@tanstack/react-query'

import { contactContract, type SubscribeBody } from '@toolworks/shared'

import { api } from '@/lib/api-client'

export const subscribe = (body: SubscribeBody) => api.call(contactContract.subscribe, { body })

/** POST /api/subscribe: the same answer for a new and an existing address. */
export const useSubscribe = () => useMutation({ mutationFn: subscribe })
