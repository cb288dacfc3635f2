import { useId } from 'react'
import type { FieldErrors, UseFormRegister } from 'react-hook-form'

import { messages, PROMOTION_TEXT_MAX, PROMOTION_TITLE_MAX } from '@toolworks/shared'

import { TextField } from '@/components/ui/text-field'
import { TextareaField } from '@/components/ui/textarea-field'

import type { PromotionFormInput } from './promotion-form-schema'

const m = messages.promotions

type PromotionFieldsProps = {
  register: UseFormRegister<PromotionFormInput>
  errors: FieldErrors<PromotionFormInput>
  /** The kind chosen now: percent and cap belong to a first-order discount only. */
  kind: PromotionFormInput['kind']
}

/** Kind, percent and cap (first-order only), the dates, and the words of the home page. */
export function PromotionFields({ register, errors, kind }: PromotionFieldsProps) {
  const kindId = useId()
  return (
    <>
      <div className="space-y-1">
        <label htmlFor={kindId} className="block text-sm font-semibold">
          {m.kind}
        </label>
        <select id={kindId} className="select w-full" {...register('kind')}>
          <option value="first-order">{m.kinds['first-order']}</option>
          <option value="free-shipping">{m.kinds['free-shipping']}</option>
        </select>
      </div>
      {kind === 'first-order' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={m.percent}
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            step={1}
            error={errors.percent?.message}
            {...register('percent', { valueAsNumber: true })}
          />
          <TextField
            label={m.cap}
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            error={errors.cap?.message}
            {...register('cap', { valueAsNumber: true })}
          />
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={m.startsAt}
          type="date"
          error={errors.startsAt?.message}
          {...register('startsAt')}
        />
        <TextField
          label={m.endsAt}
          type="date"
          error={errors.endsAt?.message}
          {...register('endsAt')}
        />
      </div>
      <TextField
        label={m.promoTitle}
        maxLength={PROMOTION_TITLE_MAX}
        error={errors.title?.message}
        {...register('title')}
      />
      <TextareaField
        label={m.text}
        rows={3}
        maxLength={PROMOTION_TEXT_MAX}
        error={errors.text?.message}
        {...register('text')}
      />
    </>
  )
}
