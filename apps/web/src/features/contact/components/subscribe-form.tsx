import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'

import { messages } from '@toolworks/shared'

const { validation, footer } = messages

// TODO(subscribe issue): use the shared body schema of POST /api/subscribe once it exists.
const SubscribeFormSchema = z.object({
  email: z.string().trim().min(1, validation.emailRequired).pipe(z.email(validation.emailInvalid)),
})
type SubscribeValues = z.infer<typeof SubscribeFormSchema>

/** The footer's newsletter box: checks the address, sends nothing yet (SPEC.md §2). */
export function SubscribeForm() {
  const id = useId()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SubscribeValues>({
    resolver: zodResolver(SubscribeFormSchema),
    defaultValues: { email: '' },
  })
  const error = errors.email?.message

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(() => undefined)(event)}
      className="space-y-2"
    >
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
        <button type="submit" className="btn btn-primary shrink-0">
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
