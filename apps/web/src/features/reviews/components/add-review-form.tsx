import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from '@/lib/toast'
import type { z } from 'zod'

import { AddReviewBodySchema, messages, REVIEW_STARS_MAX, REVIEW_TEXT_MAX } from '@toolworks/shared'

import { TextareaField } from '@/components/ui/textarea-field'
import { applyFieldErrors } from '@/lib/apply-field-errors'
import { getErrorMessage } from '@/lib/get-error-message'

import { useAddReview } from '../api/add-review'

const m = messages.reviews

type AddReviewInput = z.input<typeof AddReviewBodySchema>
type AddReviewOutput = z.output<typeof AddReviewBodySchema>

const FIELDS = ['reviewText', 'stars'] as const
const STARS = Array.from({ length: REVIEW_STARS_MAX }, (_, i) => i + 1)
// No default for stars: the select starts on its prompt, which reads as NaN (valueAsNumber)
// and the shared rule calls required. A NaN default would select no option at all.
const EMPTY: Partial<AddReviewInput> = { reviewText: '' }

/** docs/product.md §2 Add Review: the text (at most 1,000 characters) and whole stars from 1 to 5. */
export function AddReviewForm() {
  const starsId = useId()
  const addReview = useAddReview()
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm<AddReviewInput, unknown, AddReviewOutput>({
    resolver: zodResolver(AddReviewBodySchema),
    defaultValues: EMPTY,
  })
  const text = useWatch({ control, name: 'reviewText' })
  const left = REVIEW_TEXT_MAX - text.length

  const onSubmit = (body: AddReviewOutput) =>
    addReview.mutate(body, {
      onSuccess: () => {
        toast.success(m.added)
        // Without values react-hook-form also resets the native form: the select shows its prompt.
        reset()
      },
      onError: (error) => {
        if (!applyFieldErrors(error, setError, FIELDS))
          toast.error(`${m.addFailed} ${getErrorMessage(error)}`)
      },
    })

  return (
    <form
      noValidate
      className="max-w-2xl space-y-4"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <TextareaField
        label={m.reviewText}
        rows={5}
        maxLength={REVIEW_TEXT_MAX}
        required
        hint={<span aria-live="polite">{m.charactersLeft(Math.max(0, left))}</span>}
        error={errors.reviewText?.message}
        {...register('reviewText')}
      />
      <div className="space-y-1">
        <label htmlFor={starsId} className="block text-sm font-semibold">
          {m.starsField}
        </label>
        <select
          id={starsId}
          className={['select w-full max-w-xs', errors.stars ? 'select-error' : ''].join(' ')}
          required
          aria-invalid={errors.stars ? true : undefined}
          aria-describedby={errors.stars ? `${starsId}-error` : undefined}
          {...register('stars', { valueAsNumber: true })}
        >
          <option value="">{m.starsPlaceholder}</option>
          {STARS.map((n) => (
            <option key={n} value={n}>
              {m.starsLabel(n)}
            </option>
          ))}
        </select>
        {errors.stars && (
          <p id={`${starsId}-error`} className="text-sm text-error">
            {errors.stars.message}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-primary" disabled={addReview.isPending}>
        {addReview.isPending && (
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        )}
        {m.submit}
      </button>
    </form>
  )
}
