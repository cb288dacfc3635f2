import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from '@/lib/toast'
import type { z } from 'zod'

import { messages, SubscribeBodySchema } from '@toolworks/shared'

import { applyFieldErrors } from '@/lib/apply-field-errors'
import { getErrorMessage } from '@/lib/get-error-message'

import { useSubscribe } from '../api/subscribe'
import { SubscribeFormView } from './subscribe-form-view'

const { contact } = messages

type SubscribeValues = z.input<typeof SubscribeBodySchema>
type SubscribeBody = z.output<typeof SubscribeBodySchema>

/**
 * The footer's newsletter box. The spec's is not wired; this one stores the address once
 * (POST /api/subscribe) and says thank you; a bad address gets `provide valid email`.
 */
export function SubscribeForm() {
  const id = useId()
  const subscribe = useSubscribe()
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<SubscribeValues, unknown, SubscribeBody>({
    resolver: zodResolver(SubscribeBodySchema),
    defaultValues: { email: '' },
  })
  const error = errors.email?.message

  const onSubmit = (body: SubscribeBody) =>
    subscribe.mutate(body, {
      onSuccess: () => {
        toast.success(contact.subscribed)
        reset()
      },
      onError: (failure) => {
        if (!applyFieldErrors(failure, setError, ['email'])) toast.error(getErrorMessage(failure))
      },
    })

  return (
    <SubscribeFormView
      id={id}
      error={error}
      pending={subscribe.isPending}
      input={register('email')}
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    />
  )
}
