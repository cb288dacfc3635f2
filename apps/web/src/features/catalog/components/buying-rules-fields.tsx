import {
  useFieldArray,
  useWatch,
  type Control,
  type FieldValues,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form'

import { messages, PRICE_BREAKS_MAX } from '@toolworks/shared'

import { TextField } from '@/components/ui/text-field'

import type { ProductFormInput } from './product-fields'

const m = messages.products

type BuyingRulesFieldsProps<Output extends FieldValues> = {
  // Each form has its own output type (what its schema makes of the inputs).
  control: Control<ProductFormInput, unknown, Output>
  register: UseFormRegister<ProductFormInput>
  errors: FieldErrors<ProductFormInput>
}

/** Pack size, made to order with its lead time, and up to 5 volume price breaks. */
export function BuyingRulesFields<Output extends FieldValues>({
  control,
  register,
  errors,
}: BuyingRulesFieldsProps<Output>) {
  const breaks = useFieldArray<ProductFormInput, 'priceBreaks', 'id', Output>({
    control,
    name: 'priceBreaks',
  })
  const madeToOrder = useWatch<ProductFormInput, 'madeToOrder', Output>({
    control,
    name: 'madeToOrder',
  })
  // The whole list's rule (rising, falling prices) comes back on the array itself.
  const listError = errors.priceBreaks?.message ?? errors.priceBreaks?.root?.message
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={m.packSize}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          error={errors.packSize?.message}
          {...register('packSize', { valueAsNumber: true })}
        />
        <label className="flex items-center gap-2 self-end pb-2 text-sm font-semibold">
          <input type="checkbox" className="checkbox" {...register('madeToOrder')} />
          {m.madeToOrder}
        </label>
        {madeToOrder && (
          <TextField
            label={m.leadTimeDays}
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            step={1}
            error={errors.leadTimeDays?.message}
            {...register('leadTimeDays', { valueAsNumber: true })}
          />
        )}
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">{m.priceBreaks}</legend>
        <p className="text-sm text-base-content/70">{m.priceBreaksHint}</p>
        {breaks.fields.map((field, index) => (
          <div key={field.id} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
            <TextField
              label={m.breakFrom(index + 1)}
              type="number"
              inputMode="numeric"
              min={2}
              step={1}
              error={errors.priceBreaks?.[index]?.minQuantity?.message}
              {...register(`priceBreaks.${index}.minQuantity`, { valueAsNumber: true })}
            />
            <TextField
              label={m.breakPrice(index + 1)}
              type="number"
              inputMode="decimal"
              min={1}
              step={0.01}
              error={errors.priceBreaks?.[index]?.price?.message}
              {...register(`priceBreaks.${index}.price`, { valueAsNumber: true })}
            />
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-label={m.removeBreak(index + 1)}
              onClick={() => breaks.remove(index)}
            >
              ✕
            </button>
          </div>
        ))}
        {listError && <p className="text-sm text-error">{listError}</p>}
        {breaks.fields.length < PRICE_BREAKS_MAX && (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => breaks.append({ minQuantity: NaN, price: NaN })}
          >
            {m.addBreak}
          </button>
        )}
      </fieldset>
    </>
  )
}
