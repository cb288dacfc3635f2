import type { FieldErrors, UseFormRegister } from 'react-hook-form'

import { messages } from '@toolworks/shared'

import { TextField } from '@/components/ui/text-field'
import { TextareaField } from '@/components/ui/textarea-field'

import type { FileInputValue } from '../utils/image-file'
import { ImageField } from './image-field'

const m = messages.products

/** What the product inputs hold before the schema reads them (Add Product and the edit alike). */
export type ProductFormInput = {
  name: string
  quantity: number
  price: number
  minimum: number
  description: string
  image: FileInputValue
}

/** The fields whose server messages go onto an input. */
export const PRODUCT_FIELDS = [
  'name',
  'quantity',
  'price',
  'minimum',
  'description',
  'image',
] as const satisfies readonly (keyof ProductFormInput)[]

type ProductFieldsProps = {
  register: UseFormRegister<ProductFormInput>
  errors: FieldErrors<ProductFormInput>
  /** The lowest stock the form takes: 1 on Add Product, 0 on an edit. */
  minQuantity: 0 | 1
  uploadProgress: number | null
  imageHint?: string
}

/** Name, quantity, price, minimum order, description and image (SPEC.md §2 Add Product). */
export function ProductFields({
  register,
  errors,
  minQuantity,
  uploadProgress,
  imageHint,
}: ProductFieldsProps) {
  return (
    <>
      <TextField label={m.name} required error={errors.name?.message} {...register('name')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={m.quantity}
          type="number"
          inputMode="numeric"
          min={minQuantity}
          step={1}
          required
          error={errors.quantity?.message}
          {...register('quantity', { valueAsNumber: true })}
        />
        <TextField
          label={m.price}
          type="number"
          inputMode="decimal"
          min={1}
          step={0.01}
          required
          error={errors.price?.message}
          {...register('price', { valueAsNumber: true })}
        />
        <TextField
          label={m.minimum}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          required
          error={errors.minimum?.message}
          {...register('minimum', { valueAsNumber: true })}
        />
      </div>
      <TextareaField
        label={m.description}
        rows={4}
        required
        error={errors.description?.message}
        {...register('description')}
      />
      <ImageField
        label={m.image}
        hint={imageHint}
        progress={uploadProgress}
        error={errors.image?.message}
        {...register('image')}
      />
    </>
  )
}
