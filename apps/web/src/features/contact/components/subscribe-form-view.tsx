import type { FormEventHandler, InputHTMLAttributes, Ref } from 'react'

import { messages } from '@toolworks/shared'

const { footer } = messages

type SubscribeFormViewProps = {
  id: string
  error?: string
  pending?: boolean
  /** What react-hook-form's register gives; none while the form's code is loading. */
  input?: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }
  onSubmit?: FormEventHandler<HTMLFormElement>
}

/**
 * The footer's newsletter box as markup. The working form loads after the first paint
 * (react-hook-form is not first-load code); until then this same markup stands in,
 * so nothing moves when it arrives.
 */
export function SubscribeFormView({
  id,
  error,
  pending = false,
  input,
  onSubmit = (event) => event.preventDefault(),
}: SubscribeFormViewProps) {
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-2">
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
          {...input}
        />
        <button type="submit" className="btn btn-primary shrink-0" disabled={pending}>
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
