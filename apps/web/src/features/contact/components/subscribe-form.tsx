import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'react-toastify'
import type { z } from 'zod'

import { messages, SubscribeBodySchema } from '@toolworks/shared'

import { applyFieldErrors } from '@/lib/apply-field-errors'
import { getErrorMessage } from '@/lib/get-error-message'

import { useSubscribe } from '../api/subscribe'

const { footer, contact } = messages

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
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-2">
      <label htmlFor={`${id}-email`} className="block text-sm font-semibold text-white">
        {footer.subscribeLabel}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row">
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          className="input w-full min-w-0 text-base-content"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register('email')}
        />
        <button type="submit" className="btn btn-primary shrink-0" disabled={subscribe.isPending}>
          {footer.subscribe}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm font-semibold text-primary">
          {error}
        </p>
      )}
    </form>
  )
}
