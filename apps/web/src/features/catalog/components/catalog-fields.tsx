import { useId } from 'react'
import {
  useWatch,
  type Control,
  type FieldErrors,
  type FieldValues,
  type UseFormRegister,
} from 'react-hook-form'

import {
  productCatalogFieldMessages as m,
  type Category,
  type CategoryAttribute,
} from '@toolworks/shared'

import { TextField } from '@/components/ui/text-field'

import { attributesOf } from '../utils/catalog-fields'
import type { ProductFormInput } from './product-fields'

type CatalogFieldsProps<Output extends FieldValues> = {
  control: Control<ProductFormInput, unknown, Output>
  register: UseFormRegister<ProductFormInput>
  errors: FieldErrors<ProductFormInput>
  /** GET /api/category, read by the page. */
  categories: readonly Category[]
}

const labelOf = (a: CategoryAttribute) => {
  const label = a.unit ? `${a.label} (${a.unit})` : a.label
  return a.required ? m.required(label) : label
}

/**
 * The search fields on Add Product and the edit form: Part number, Category (GET /api/category), and a
 * specification input for each of the chosen category's attributes (inherited ones first):
 * numbers with their unit, enumerations as selects, text; required ones marked with *.
 */
export function CatalogFields<Output extends FieldValues>({
  control,
  register,
  errors,
  categories,
}: CatalogFieldsProps<Output>) {
  const chosen = useWatch({ control, name: 'category' })
  const attributes = chosen ? attributesOf(categories, chosen) : []
  const categoryId = useId()
  const depthOf = (slug: string | null): number => {
    const parent = categories.find((c) => c.slug === slug)?.parent ?? null
    return parent === null ? 0 : 1 + depthOf(parent)
  }
  const specErrors = errors.specs as Record<string, { message?: string } | undefined> | undefined

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={m.partNumber}
          hint={m.partNumberHint}
          autoComplete="off"
          spellCheck={false}
          error={errors.partNumber?.message}
          {...register('partNumber')}
        />
        <div className="space-y-1">
          <label htmlFor={categoryId} className="block text-sm font-semibold">
            {m.category}
          </label>
          <select
            id={categoryId}
            className={['select w-full', errors.category ? 'select-error' : ''].join(' ')}
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={errors.category ? `${categoryId}-error` : undefined}
            {...register('category')}
          >
            <option value="">{m.noCategory}</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {`${'\u00a0\u00a0'.repeat(depthOf(c.slug))}${c.name}`}
              </option>
            ))}
          </select>
          {errors.category && (
            <p id={`${categoryId}-error`} className="text-sm text-error">
              {errors.category.message}
            </p>
          )}
        </div>
      </div>
      {attributes.length > 0 && (
        <fieldset className="space-y-3 rounded-box border border-base-300 p-4">
          <legend className="px-1 text-sm font-semibold">{m.specifications}</legend>
          <p className="text-sm text-base-content/70">{m.specificationsHint}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            {attributes.map((a) => (
              <SpecInput
                key={a.key}
                attribute={a}
                register={register}
                error={specErrors?.[a.key]?.message}
              />
            ))}
          </div>
        </fieldset>
      )}
    </>
  )
}

function SpecInput({
  attribute: a,
  register,
  error,
}: {
  attribute: CategoryAttribute
  register: UseFormRegister<ProductFormInput>
  error: string | undefined
}) {
  const id = useId()
  const field = register(`specs.${a.key}`)
  if (a.type === 'enum')
    return (
      <div className="space-y-1">
        <label htmlFor={id} className="block text-sm font-semibold">
          {labelOf(a)}
        </label>
        <select
          id={id}
          className={['select w-full', error ? 'select-error' : ''].join(' ')}
          aria-invalid={error ? true : undefined}
          aria-required={a.required || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...field}
        >
          <option value="">{m.chooseOne}</option>
          {a.values.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
        {error && (
          <p id={`${id}-error`} className="text-sm text-error">
            {error}
          </p>
        )}
      </div>
    )
  return (
    <TextField
      label={labelOf(a)}
      type={a.type === 'number' ? 'number' : 'text'}
      inputMode={a.type === 'number' ? 'decimal' : undefined}
      step={a.type === 'number' ? 'any' : undefined}
      aria-required={a.required || undefined}
      error={error}
      {...field}
    />
  )
}
